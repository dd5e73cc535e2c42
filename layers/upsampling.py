"""UpSampling1D / UpSampling2D: repeat each step (or pixel) ``size`` times (or resize, for 2D's bilinear)."""
import numpy as np

from framework.ops import expand_dims, reshape, tile, transpose

from .argument_tuples import standardized_data_format
from .convolution import normalize_pair
from .input_spec import InputSpec
from .layer import Layer
from .listed_inputs import as_one_tensor


def repeat_axis(x, repeats, axis):
    """Each slice of ``x`` along ``axis`` repeated ``repeats`` times in place
    (numpy's ``repeat``), from reshape and tile so the gradient sums the copies."""
    shape = tuple(x.shape)
    tiles = [1] * (len(shape) + 1)
    tiles[axis + 1] = repeats
    out = tile(expand_dims(x, axis + 1), tiles)
    return reshape(out, shape[:axis] + (shape[axis] * repeats,) + shape[axis + 1:])


def _times(d, factor):
    return None if d is None else d * factor



def float_factor(size):
    """The first Python float among ``size``'s factors, or None: Keras 3 keeps it (its check only tries
    int() on it) and its call's ops.repeat refuses it (TF 2.21's TypeError), where tapeflow truncated."""
    for factor in (size if isinstance(size, (list, tuple)) else [size]):
        if isinstance(factor, float):
            return factor
    return None


def refuse_float_factor(factor):
    if factor is not None:
        raise TypeError("Argument `tensor` (name: repeats) must be of type integer. Received `tensor` = %s of "
                        "dtype: <dtype: 'float32'>" % (factor,))

class UpSampling1D(Layer):
    """(batch, steps, features) -> (batch, steps * size, features).

    Raises:
        TypeError / ValueError: size not a positive int.
    """

    def __init__(self, size=2, **kwargs):
        super().__init__(**kwargs)
        if isinstance(size, bool) or not isinstance(size, (int, np.integer)):
            error = TypeError('Expected an integer value for `size`, got %s.' % (type(size),))    # Keras 3's texts
            error.add_note('UpSampling1D %r: size is a positive integer' % self.name)
            raise error
        if size <= 0:
            error = ValueError('Argument `size` should be a positive integer. Received: size=%s' % (size,))
            error.add_note('UpSampling1D %r: size is a positive integer' % self.name)
            raise error
        self.size = int(size)
        self.input_spec = InputSpec(ndim=3)

    def call(self, inputs):
        return repeat_axis(as_one_tensor(inputs), self.size, 1)

    def compute_output_shape(self, input_shape):
        return [input_shape[0], _times(input_shape[1], self.size), input_shape[2]]     # a list, as Keras 3's

    def get_config(self):
        config = super().get_config()
        config['size'] = self.size
        return config


class UpSampling2D(Layer):
    """Images (batch, rows, cols, channels) -> (batch, rows * size[0], cols * size[1], channels),
    by nearest-neighbour repetition, or by keras.ops.image.resize (as Keras 3) for the other methods.

    Args:
        size: an int or (rows, cols) factors (default (2, 2)).
        data_format: 'channels_last' (default) or 'channels_first'.
        interpolation: 'nearest', or a method of keras.ops.image.resize ('bilinear', 'bicubic',
            'lanczos3', 'lanczos5', 'area'), in any case. As in Keras 3.15 only its ``.lower()`` is
            taken at construction (a non-string is Python's AttributeError); another string fails in
            the call with resize's ValueError.
    Raises:
        ValueError: bad size or data_format.
    """

    def __init__(self, size=(2, 2), data_format=None, interpolation='nearest', **kwargs):
        super().__init__(**kwargs)
        who = 'UpSampling2D %r' % self.name
        self._float_factor = float_factor(size)
        self.size = normalize_pair(size, 'size', who)
        self.data_format = 'channels_last' if data_format is None else standardized_data_format(data_format, who)
        self.interpolation = interpolation.lower()
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        inputs = as_one_tensor(inputs)
        x = inputs if self.data_format == 'channels_last' else transpose(inputs, (0, 2, 3, 1))
        if self.interpolation == 'nearest':
            refuse_float_factor(self._float_factor)
            x = repeat_axis(repeat_axis(x, self.size[0], 1), self.size[1], 2)
        else:
            from framework.keras.ops_image import resize      # it imports layers' packages
            rows, cols = x.shape[1], x.shape[2]
            x = resize(x, (rows * self.size[0], cols * self.size[1]), interpolation=self.interpolation,
                       data_format='channels_last')
        return x if self.data_format == 'channels_last' else transpose(x, (0, 3, 1, 2))

    def compute_output_shape(self, input_shape):
        n, a, b, c = tuple(input_shape)
        if self.data_format == 'channels_last':
            return (n, _times(a, self.size[0]), _times(b, self.size[1]), c)
        return (n, a, _times(b, self.size[0]), _times(c, self.size[1]))

    def get_config(self):
        config = super().get_config()
        config.update(size=self.size, data_format=self.data_format, interpolation=self.interpolation)
        return config
