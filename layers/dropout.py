"""Dropout: zero a random fraction of the inputs while training."""
import numpy as np

from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator

from .layer import Layer
from .training_flag import training_is_on


class Dropout(Layer):
    """Sets each input to 0 with probability ``rate`` when ``training`` is
    True, scaling the rest by 1 / (1 - rate); the identity otherwise.

    Args:
        rate: a float in [0, 1] (1 drops everything while training, as Keras 3 allows).
        noise_shape: the shape of the keep mask, broadcast over the input;
            None entries take the input's size (e.g. (None, 1, features)).
        seed: an int fixing the layer's masks; None takes one from Python's
            ``random`` when the layer is made (as Keras 3, so that
            ``keras.utils.set_random_seed`` gives Keras's masks).
    Raises:
        ValueError: rate outside [0, 1].
    """
    supports_masking = True         # a mask on the input passes to the output

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        check_rate(rate)
        self.rate = rate
        self.noise_shape = None if noise_shape is None else _checked_noise_shape(noise_shape)
        self.seed = seed
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.built = True

    def call(self, inputs, training=False):
        if not training_is_on(training) or self.rate == 0:
            return inputs
        return keras_random.dropout(inputs, self.rate, noise_shape=self._noise_shape(inputs), seed=self.seed_generator)

    def _noise_shape(self, inputs):
        if self.noise_shape is None:
            return None
        shape = tuple(inputs.shape)
        return tuple(shape[i] if d is None else d for i, d in enumerate(self.noise_shape))

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config.update(rate=self.rate, seed=self.seed, noise_shape=self.noise_shape)
        return config


def check_rate(rate, who='Dropout'):
    """Keras 3's check of a dropout rate: NumPy scalars, bools and scalar tensors in [0, 1] are taken;
    a string or None fails the comparison with Python's TypeError, as in Keras (with a note)."""
    try:
        refused = not 0 <= rate <= 1
    except TypeError as error:
        error.add_note('%s: rate must be a number between 0 and 1, got %r' % (who, rate))
        raise
    if refused:
        raise ValueError('Invalid value received for argument `rate`. Expected a float value between '
                         '0 and 1. Received: rate=%s' % format(rate, ''))     # Keras's f-string: a tensor's number


def _checked_noise_shape(noise_shape):
    """A tuple of positive ints and Nones; Keras 3's errors (at construction) otherwise."""
    if isinstance(noise_shape, str):        # Keras 3's texts, in its order
        raise ValueError('Invalid value received for argument `noise_shape`. Expected a tuple or list of '
                         'integers. Received: noise_shape=%s' % format(noise_shape, ''))
    try:
        noise_shape = tuple(noise_shape)
    except TypeError:
        raise ValueError('Invalid value received for argument `noise_shape`. Expected an iterable of integers (e.g., '
                         'a tuple or list). Received: noise_shape=%s' % format(noise_shape, '')) from None
    for i, d in enumerate(noise_shape):
        if d is None:
            continue
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise ValueError('Invalid value received for argument `noise_shape`. Expected all elements to be integers '
                             'or None. Received element at index %d: %s (type: %s)' % (i, format(d), type(d).__name__))
        if d <= 0:
            raise ValueError('Invalid value received for argument `noise_shape`. Expected all dimensions to be '
                             'positive integers or None. Received negative or zero value at index %d: %d' % (i, d))
    return tuple(noise_shape)
