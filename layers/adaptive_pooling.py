"""Adaptive pooling (Keras 3): pool (batch, *spatial, channels) down to a fixed
``output_size``, whatever the input's size.

Output index i along an axis of length L pools the input's
[floor(i * L / out), ceil((i + 1) * L / out)). Those windows hold either
ceil(L / out) elements or one more, so, as Keras's TensorFlow backend does, each
axis in turn is pooled with stride 1 by both window sizes and each output index
gathered from the pooling of its own size. Every step is an op with gradients
(the max goes to a window's first maximum, as TensorFlow's).
"""
import numpy as np

from framework.ops import concat, float_kernels, gather
from framework.ops.convolution_nd import normalize_tuple
from framework.ops.pooling_nd import avg_pool, max_pool

from .channels_first import as_channels_last, as_layer_format, data_format_option, to_first, to_last
from .input_spec import InputSpec
from .layer import Layer


def _bin_sources(length, out):
    """(the small window, whether any bin needs the big one, each output bin's index
    in the small pooling followed by the big one)."""
    i = np.arange(out)
    starts = np.minimum(i * length // out, length - 1)
    ends = np.minimum(-(-(i + 1) * length // out), length)
    small = -(-length // out)
    big = ends - starts == small + 1
    return small, big.any(), np.where(big, starts + length - small + 1, starts).astype(np.int32)


def adaptive_pool(x, output_size, pool):
    """``x`` pooled by ``pool`` (max_pool or avg_pool) to ``output_size`` along its spatial axes."""
    rank = x.ndim - 2
    for axis, (length, out) in enumerate(zip(x.shape[1:-1], output_size)):
        small, needs_big, sources = _bin_sources(length, out)
        window = [1] * rank
        window[axis] = small
        pooled = pool(x, tuple(window), 1, 'VALID')
        if needs_big:
            window[axis] = small + 1
            pooled = concat([pooled, pool(x, tuple(window), 1, 'VALID')], axis + 1)
        x = gather(pooled, sources, axis=axis + 1)
    return x


# Keras 3's words for the output_size each rank takes (its own per-class checks, before the Layer is made)
_OUTPUT_SIZE_FORMS = {1: 'tuple of 1 integer', 2: '(height, width) tuple', 3: '(depth, height, width) tuple'}


def check_output_size_form(output_size, rank):
    """Keras 3's type check of ``output_size``: an int, or a tuple / list of ``rank`` items (a 1-D layer's
    list of another length is its ValueError); the values themselves are checked by normalize_tuple."""
    if isinstance(output_size, int):
        return
    if isinstance(output_size, (tuple, list)):
        if len(output_size) == rank:
            return
        if rank == 1:
            raise ValueError('For 1D input, `output_size` tuple must have length 1. Received: %s' % (output_size,))
    raise TypeError('`output_size` must be an integer or %s. Received: %s of type %s'
                    % (_OUTPUT_SIZE_FORMS[rank], output_size, type(output_size)))


def adaptive_data_format(data_format, who):
    """Keras 3's adaptive pooling checks data_format its own way: a falsy value is the default, anything else
    must be one of the two names as written (no lowercasing; a list is Python's unhashable TypeError)."""
    if not data_format:
        return data_format_option(None, who)
    if data_format not in {'channels_first', 'channels_last'}:
        raise ValueError("Invalid data_format: %s. Expected 'channels_first' or 'channels_last'." % (data_format,))
    return data_format


class _AdaptivePooling(Layer):
    rank = None
    _pool = None

    def __init__(self, output_size, data_format=None, **kwargs):
        check_output_size_form(output_size, self.rank)
        super().__init__(**kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.data_format = adaptive_data_format(data_format, who)
        self.output_size = normalize_tuple(output_size, self.rank, 'output_size', who, tf_form=False)
        self.input_spec = InputSpec(ndim=self.rank + 2)

    def call(self, inputs):
        if self.data_format == 'channels_first':        # channels_last between two transposes, as Keras on TF
            return to_first(adaptive_pool(to_last(inputs), self.output_size, type(self)._pool))
        return adaptive_pool(inputs, self.output_size, type(self)._pool)

    def compute_output_shape(self, input_shape):
        input_shape = as_channels_last(self, input_shape)
        return as_layer_format(self, (input_shape[0],) + self.output_size + (input_shape[-1],))

    def get_config(self):
        config = super().get_config()
        config.update({'output_size': self.output_size, 'data_format': self.data_format})
        return config


class _AdaptiveAverage(_AdaptivePooling):
    """The mean of each adaptive window."""
    _pool = staticmethod(avg_pool)


class _AdaptiveMax(_AdaptivePooling):
    """The maximum of each adaptive window."""
    _pool = staticmethod(max_pool)

    def call(self, inputs):
        if inputs._data.dtype.kind == 'c':      # TF 2.21's MaxPool registry has no complex type
            raise float_kernels.refusal('MaxPool', inputs.dtype.name)
        return super().call(inputs)


class AdaptiveAveragePooling1D(_AdaptiveAverage):
    """Mean-pool (batch, steps, channels) to (batch, output_size, channels)."""
    rank = 1


class AdaptiveAveragePooling2D(_AdaptiveAverage):
    """Mean-pool (batch, rows, cols, channels) to (batch, *output_size, channels)."""
    rank = 2


class AdaptiveAveragePooling3D(_AdaptiveAverage):
    """Mean-pool (batch, depth, rows, cols, channels) to (batch, *output_size, channels)."""
    rank = 3


class AdaptiveMaxPooling1D(_AdaptiveMax):
    """Max-pool (batch, steps, channels) to (batch, output_size, channels)."""
    rank = 1


class AdaptiveMaxPooling2D(_AdaptiveMax):
    """Max-pool (batch, rows, cols, channels) to (batch, *output_size, channels)."""
    rank = 2


class AdaptiveMaxPooling3D(_AdaptiveMax):
    """Max-pool (batch, depth, rows, cols, channels) to (batch, *output_size, channels)."""
    rank = 3
