"""Spatial dropout: whole feature maps (channels) dropped at once, for inputs
whose neighbouring steps or pixels are strongly correlated."""
from framework.keras import random as keras_random

from .argument_tuples import standardized_data_format
from .dropout import Dropout
from .training_flag import training_is_on
from .input_spec import InputSpec


class _SpatialDropout(Dropout):
    rank = 1

    def __init__(self, rate, seed=None, name=None, dtype=None, data_format=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = 'channels_last' if data_format is None else standardized_data_format(
            data_format, '%s %r' % (type(self).__name__, self.name))
        self.input_spec = InputSpec(ndim=self.rank + 2)

    def call(self, inputs, training=False):
        if not training_is_on(training) or self.rate == 0:
            return inputs
        shape = tuple(inputs.shape)
        if self.data_format == 'channels_last':
            noise = (shape[0],) + (1,) * self.rank + (shape[-1],)
        else:
            noise = shape[:2] + (1,) * self.rank
        return keras_random.dropout(inputs, self.rate, noise_shape=noise, seed=self.seed_generator)

    def get_config(self):
        # Keras 3 gives only these keys (no 'trainable', and the dtype by name).
        return {'rate': self.rate, 'seed': self.seed, 'name': self.name, 'dtype': self.dtype}


class SpatialDropout1D(_SpatialDropout):
    """Dropout of whole channels of (batch, steps, channels): the keep mask has
    shape (batch, 1, channels). Active only while training.

    Args:
        rate: the drop probability, in [0, 1).
        seed: an int for the layer's own random stream, or None.
    """
    rank = 1

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)


class SpatialDropout2D(_SpatialDropout):
    """Dropout of whole feature maps of images: the keep mask has shape
    (batch, 1, 1, channels) (channels_last) or (batch, channels, 1, 1).

    Args:
        rate: the drop probability, in [0, 1).
        data_format: 'channels_last' (default) or 'channels_first'.
        seed: an int for the layer's own random stream, or None.
    """
    rank = 2

    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype, data_format=data_format)

    def get_config(self):
        config = super().get_config()
        config['data_format'] = self.data_format
        return config


class SpatialDropout3D(_SpatialDropout):
    """Dropout of whole feature maps of volumes (batch, d1, d2, d3, channels)."""
    rank = 3

    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype, data_format=data_format)

    def get_config(self):
        config = super().get_config()
        config['data_format'] = self.data_format
        return config
