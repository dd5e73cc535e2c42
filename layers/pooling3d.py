"""3-D pooling layers over (batch, depth, rows, cols, channels): MaxPooling3D,
AveragePooling3D and the global ones (Keras 3's arguments and configs)."""
from framework.keras.ops_math import max as keras_max, mean
from framework.errors import InvalidArgumentError
from framework.graph_conv_errors import note_layer_pool_refusal
# tf.nn's, as Keras's TF backend calls: they refuse the dtypes TF has no CPU kernel for (float64, float16)
from framework.ops.nn_pools import avg_pool3d, max_pool3d

from .argument_tuples import (pooling_padding_for_kernel, pooling_strides, standardized_tuple,
                              zero_stride_division)
from .conv_nd import convolved_shape
from .channels_first import data_format_option, shape_to_first, shape_to_last, to_first, to_last
from .input_spec import InputSpec
from .global_pooling import GlobalPooling
from .layer import Layer
from .listed_inputs import read_shape
from .pooled_shape import check_pooled_sizes, check_pooling_padding


class _Pooling3D(Layer):
    _pool = None

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.data_format = data_format_option(data_format, who)
        self.pool_size = standardized_tuple(pool_size, 3, 'pool_size', who)
        self.strides = self.pool_size if strides is None else pooling_strides(strides, 3, who)
        self.padding = padding        # as given, as Keras 3 keeps it (checked where it is used)
        self.input_spec = InputSpec(ndim=5)
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
        last = shape_to_last(input_shape) if first else tuple(input_shape)
        check_pooling_padding(self.padding)
        zero_stride_division(self.strides)
        shape = convolved_shape(last, self.pool_size, self.strides, (1, 1, 1), self.padding, last[-1])
        check_pooled_sizes(shape[1:4], input_shape, self.pool_size, self.strides, self.padding)
        return shape_to_first(shape) if first else shape

    def get_config(self):
        config = super().get_config()
        config.update({'pool_size': self.pool_size, 'padding': self.padding, 'strides': self.strides,
                       'data_format': self.data_format})
        return config


class MaxPooling3D(_Pooling3D):
    """The maximum of each pool_size window (strides default to pool_size)."""
    _pool = staticmethod(max_pool3d)
    _graph_row = 'MaxPool2d'     # (Keras calls tf.nn.max_pool: graph_conv_errors)

    def __init__(self, pool_size=(2, 2, 2), strides=None, padding='valid', data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class AveragePooling3D(_Pooling3D):
    """The mean of each pool_size window, counting only unpadded elements (pool_size has no default, as Keras 3)."""
    _pool = staticmethod(avg_pool3d)
    _graph_row = 'AvgPool'       # (Keras calls tf.nn.avg_pool)

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None, **kwargs):
        # its own signature: a call without pool_size is Python's TypeError naming this class, as Keras's
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class _GlobalPooling3D(GlobalPooling):
    spatial_rank = 3


class GlobalAveragePooling3D(_GlobalPooling3D):
    """The mean over depth, rows and columns."""
    _reduce = staticmethod(mean)        # keras.ops.mean: 16-bit floats averaged in float32


class GlobalMaxPooling3D(_GlobalPooling3D):
    """The maximum over depth, rows and columns."""
    _reduce = staticmethod(keras_max)     # keras.ops.max, as Keras 3: an empty batch is its IAE, bools stay bools


MaxPool3D = MaxPooling3D
AvgPool3D = AveragePooling3D
