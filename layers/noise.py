"""Regularizing noise applied only while training: GaussianNoise (additive),
GaussianDropout (multiplicative, mean 1) and AlphaDropout (keeps SELU's mean
and variance). Each is the identity at inference. As in Keras 3, a layer with a
non-zero rate or stddev owns a ``SeedGenerator`` (seeded by ``seed``, or from
Python's ``random`` when made) and draws its noise through ``keras.random``."""
import math

from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator
from framework.ops import cast

from .layer import Layer
from .training_flag import training_is_on

# SELU's constants (Klambauer et al., 2017), as Keras 3's AlphaDropout uses them.
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _check_fraction(value, name, who):
    """Keras 3's check and text; a value that is no number fails the comparison with Python's TypeError,
    as in Keras."""
    if not 0 <= value <= 1:
        error = ValueError('Invalid value received for argument `%s`. Expected a float value between 0 and 1. '
                           'Received: %s=%s' % (name, name, format(value, '')))      # Keras's f-string
        error.add_note('raised by %s' % who)
        raise error


class _Noise(Layer):
    supports_masking = True       # a mask on the input passes to the output

    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self.built = True

    def _make_seed_generator(self, amount):
        """Keras makes the generator (taking a seed from Python's random) only for a non-zero amount."""
        if amount > 0:
            self.seed_generator = SeedGenerator(self.seed)

    def compute_output_shape(self, input_shape):
        return input_shape


class GaussianNoise(_Noise):
    """Adds N(0, stddev**2) noise while training.

    Args:
        stddev: the noise's standard deviation, in [0, 1] (Keras 3's range).
        seed: an int for the layer's own random stream, or None.
    """

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(seed, **kwargs)
        _check_fraction(stddev, 'stddev', 'GaussianNoise %r' % self.name)
        self.stddev = stddev
        self._make_seed_generator(stddev)

    def call(self, inputs, training=False):
        if not training_is_on(training) or self.stddev == 0:
            return inputs
        return inputs + keras_random.normal(tuple(inputs.shape), 0.0, self.stddev, self.compute_dtype,
                                            seed=self.seed_generator)

    def get_config(self):
        config = super().get_config()
        config.update(stddev=self.stddev, seed=self.seed)
        return config


class GaussianDropout(_Noise):
    """Multiplies by N(1, rate / (1 - rate)) noise while training.

    Args:
        rate: the equivalent drop probability, in [0, 1].
        seed: an int for the layer's own random stream, or None.
    """

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(seed, **kwargs)
        _check_fraction(rate, 'rate', 'GaussianDropout %r' % self.name)
        self.rate = rate
        self._make_seed_generator(rate)

    def call(self, inputs, training=False):
        if not training_is_on(training) or self.rate == 0:
            return inputs
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        return inputs * keras_random.normal(tuple(inputs.shape), 1.0, stddev, self.compute_dtype,
                                            seed=self.seed_generator)

    def get_config(self):
        config = super().get_config()
        config.update(rate=self.rate, seed=self.seed)
        return config


class AlphaDropout(_Noise):
    """Dropout for SELU networks: dropped inputs become SELU's negative
    saturation value, then ``a * x + b`` restores the mean and variance.

    With alpha' = -alpha * scale of SELU: a = ((1 - rate)(1 + rate alpha'^2))^-1/2,
    b = -a alpha' rate. TF 2.21's keras.layers.AlphaDropout is Keras 3's legacy layer
    (keras/src/legacy/layers.py): it checks nothing when made (AlphaDropout(2) is accepted and
    fails only when called in training, on a complex ``a``), always owns a SeedGenerator (drawn from
    the global seed even for rate 0), hands noise_shape to the uniform draw as given (None entries
    fail there), and its config holds rate and seed only.

    Args:
        rate: the drop probability.
        noise_shape: the shape of the keep mask.
        seed: an int for the layer's own random stream, or None.
    """
    # tf.keras exports Keras's legacy class, which serializes under this module
    _keras_identity = ('keras._legacy.layers', None)

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(seed, **kwargs)
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed_generator = SeedGenerator(seed)

    def call(self, inputs, training=False):
        if not training_is_on(training) or not self.rate > 0:
            return inputs
        shape = tuple(inputs.shape) if self.noise_shape is None else self.noise_shape
        alpha_p = -_SELU_ALPHA * _SELU_SCALE
        kept = cast(keras_random.uniform(shape, seed=self.seed_generator) >= self.rate, inputs.dtype)
        a = ((1 - self.rate) * (1 + self.rate * alpha_p ** 2)) ** -0.5
        b = -a * alpha_p * self.rate
        return a * (inputs * kept + alpha_p * (1 - kept)) + b

    def get_config(self):
        config = super().get_config()
        config.update(rate=self.rate, seed=self.seed)
        return config
