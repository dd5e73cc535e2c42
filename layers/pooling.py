"""2-D pooling layers (channels_last): MaxPooling2D, AveragePooling2D and the global ones;
the masked mean over steps GlobalAveragePooling1D uses."""
from framework.errors import InvalidArgumentError
from framework.graph_conv_errors import note_layer_pool_refusal
from framework.keras.ops_math import max as keras_max, mean
from framework.keras.ops_shapes import expand_dims as keras_expand_dims
from framework.ops import avg_pool2d, cast, max_pool2d, reduce_sum, where

from .channels_first import data_format_option, shape_to_first, shape_to_last, to_first, to_last
from .argument_tuples import pooling_padding_for_kernel, pooling_strides, zero_stride_division
from .convolution import _output_length, normalize_pair
from .input_spec import InputSpec
from .global_pooling import GlobalPooling
from .layer import Layer
from .listed_inputs import read_shape
from .pooled_shape import check_pooled_sizes, check_pooling_padding
from .mask_propagation import as_mask


def mean_over_steps(inputs, mask=None, keepdims=False, steps_axis=1):
    """The mean of (batch, steps, features) over the steps (of (batch, features, steps) with
    ``steps_axis`` 2); with a (batch, steps) mask, over the unmasked steps only, as Keras 3's
    GlobalAveragePooling1D computes it: a row with every step masked divides 0 by 0, and a mask of
    one row serves every row (it broadcasts).

    Raises:
        ValueError: a mask of rank 1 (Keras's expand_dims of it beside the steps).
        InvalidArgumentError (a ValueError): a mask that does not broadcast to the steps (TF's SelectV2).
    """
    if mask is None:
        return mean(inputs, axis=steps_axis, keepdims=keepdims)       # keras.ops.mean: 16-bit floats in float32
    try:
        kept = as_mask(keras_expand_dims(mask, 2 if steps_axis == 1 else 1))
        selected = where(kept, inputs, 0.0)
    except ValueError as error:
        error.add_note('GlobalAveragePooling1D: the mask must have shape (batch, steps) = %s, got %s'
                       % (tuple(inputs.shape[i] for i in (0, steps_axis)), tuple(mask.shape)))
        raise
    total = reduce_sum(selected, axis=steps_axis, keepdims=keepdims)
    return total / reduce_sum(cast(kept, inputs.dtype), axis=steps_axis, keepdims=keepdims)


class _Pooling2D(Layer):
    _pool = None

    def __init__(self, pool_size=(2, 2), strides=None, padding='valid', data_format=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.data_format = data_format_option(data_format, who)
        self.pool_size = normalize_pair(pool_size, 'pool_size', who)
        self.strides = self.pool_size if strides is None else pooling_strides(strides, 2, who)
        self.padding = padding        # as given, as Keras 3 keeps it (checked where it is used)
        self.input_spec = InputSpec(ndim=4)
        self.built = True

    def call(self, inputs):
        read_shape(inputs)          # (Keras 3's backend reads the rank first: a list of inputs fails there)
        first = self.data_format == 'channels_first'
        padding = pooling_padding_for_kernel(self.padding)
        try:
            y = type(self)._pool(to_last(inputs) if first else inputs, self.pool_size, self.strides, padding)
        except InvalidArgumentError as error:       # (in a trace: TF's graph refuses a window too long)
            note_layer_pool_refusal(error, self._graph_row, inputs, self.pool_size, self.strides)
            raise
        return to_first(y) if first else y

    def compute_output_shape(self, input_shape):
        first = self.data_format == 'channels_first'
        n, h, w, c = shape_to_last(input_shape) if first else tuple(input_shape)
        check_pooling_padding(self.padding)
        zero_stride_division(self.strides)
        shape = (n,) + tuple(_output_length(d, k, s, self.padding)
                             for d, k, s in zip((h, w), self.pool_size, self.strides)) + (c,)
        check_pooled_sizes(shape[1:3], input_shape, self.pool_size, self.strides, self.padding)
        return shape_to_first(shape) if first else shape

    def get_config(self):
        config = super().get_config()
        config.update({'pool_size': self.pool_size, 'padding': self.padding, 'strides': self.strides,
                       'data_format': self.data_format})       # Keras 3's order (BasePooling)
        return config


class MaxPooling2D(_Pooling2D):
    """The maximum of each pool_size window (strides default to pool_size)."""
    _pool = staticmethod(max_pool2d)
    _graph_row = 'MaxPool2d'     # (Keras calls tf.nn.max_pool: graph_conv_errors)


class AveragePooling2D(_Pooling2D):
    """The mean of each pool_size window, counting only unpadded elements."""
    _pool = staticmethod(avg_pool2d)
    _graph_row = 'AvgPool'       # (Keras calls tf.nn.avg_pool)

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None, **kwargs):
        # pool_size has no default here, as in Keras 3 (AveragePooling2D() is a TypeError; MaxPooling2D's is 2)
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class _GlobalPooling2D(GlobalPooling):
    spatial_rank = 2


class GlobalAveragePooling2D(_GlobalPooling2D):
    """The mean over height and width."""
    _reduce = staticmethod(mean)        # keras.ops.mean: 16-bit floats averaged in float32


class GlobalMaxPooling2D(_GlobalPooling2D):
    """The maximum over height and width."""
    _reduce = staticmethod(keras_max)     # keras.ops.max, as Keras 3: an empty batch is its IAE, bools stay bools


MaxPool2D = MaxPooling2D
AvgPool2D = AveragePooling2D
