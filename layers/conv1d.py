"""1-D convolution and pooling over (batch, steps, channels), computed by
the 2-D ops on a (batch, 1, steps, channels) view: a 1-D window is a 2-D
window of height 1."""
import numpy as np

from framework.ops import avg_pool2d, conv2d, expand_dims, max_pool2d, pad, reduce_mean, reshape
from framework.ops.convolution_nd import convolution
from framework.errors import InvalidArgumentError
from framework.ops.pool_window_sizes import refuse_in_graph
from framework.graph_conv_errors import note_layer_conv_refusal, note_layer_pool_refusal
from framework import trace_names
from framework.ops.bias_add_kernel import add_bias

from framework.keras.ops_math import max as keras_max
from framework.ragged.ragged_tensor import RaggedTensor
from .argument_tuples import (pooling_padding_for_kernel, pooling_strides, standardized_padding,
                              standardized_tuple, zero_stride_division)
from .channels_first_double import refuse_channels_first_double
from .conv_input_dtypes import conv_inputs
from .conv_lora import ConvLora
from .kernel_options import KernelOptions
from .channels_first import as_channels_last, as_layer_format, channel_axis, data_format_option, shape_to_first, \
    shape_to_last, to_first, to_last
from .convolution import _output_length, check_groups, check_input_groups, filter_count, \
    kernel_rank_error, refuse_empty_output, refuse_empty_result, refuse_strided_dilation
from .activations import apply_activation
from .conv_half_fused_bias import fuse_half_bias
from .input_spec import InputSpec
from .global_pooling import GlobalPooling
from .layer import Layer
from .pooled_shape import check_pooled_sizes, check_pooling_padding
from .pooling import mean_over_steps
from .undefined_weight_shape import unknown_channels_error


def _note_causal_refusal(layer, error, given, dtype):
    """TF 2.21's graph refusal of a causal Conv1D whose padded steps are fewer than its window, in a trace that
    knows them: Keras pads the steps on the left, then tf.nn.convolution runs Conv2D over both operands expanded
    (a dilated one after SpaceToBatchND: the batch times the rate, the steps divided by it, rounded up)."""
    entry = trace_names.entry_of(given)
    shape = entry[1] if entry is not None else None
    if shape is None or len(shape) != 3 or shape[1] is None:
        return
    (k,), (d,), (s,) = layer.kernel_size, layer.dilation_rate, layer.strides
    n, steps, c = shape
    steps += d * (k - 1)
    if d > 1:
        n, steps, s = None if n is None else n * d, -(-steps // d), 1
    note_layer_conv_refusal(error, 'convolution', dtype, (n, 1, steps, c), (1, k, c, layer.filters),
                            '{node}/ExpandDims, {node}/ExpandDims_1', (1, 1, s, 1))


def normalize_single(value, name, who):
    """A 1-tuple from an int or a 1-element sequence; positive ints only (Keras 3's texts)."""
    return standardized_tuple(value, 1, name, who)


def _as_2d(inputs):
    return expand_dims(inputs, 1)


def _from_2d(outputs):
    return reshape(outputs, (outputs.shape[0],) + tuple(outputs.shape[2:]))


class Conv1D(ConvLora, KernelOptions, Layer):
    """A 1-D convolution (Keras 3's arguments and defaults).

    The kernel has shape (kernel_size, input_channels // groups, filters). padding is
    'valid', 'same' or 'causal' (dilation_rate * (kernel_size - 1) zeros on the left
    only, so output t sees inputs up to t: WaveNet's dilated causal convolution).
    Raises:
        ValueError: bad filters / kernel_size / strides / padding / dilation_rate / groups,
            strides and dilation both above 1, or an input that is not rank 3.
    data_format='channels_first' takes (batch, channels, steps): computed channels_last between two
    transposes, as Keras 3's TensorFlow backend does on CPU.
    """

    def __init__(self, filters, kernel_size, strides=1, padding='valid', data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        # lora_rank / lora_alpha come in kwargs, as Keras 3's Conv1D passes them on to BaseConv
        lora_options = kwargs.pop('lora_rank', None), kwargs.pop('lora_alpha', None)
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        who = 'Conv1D %r' % self.name
        filters = filter_count(filters, who, groups=groups)
        self.data_format = data_format_option(data_format, who)
        self.groups = check_groups(groups, filters)
        self.filters = filters
        self.kernel_size = normalize_single(kernel_size, 'kernel_size', who)
        self.strides = normalize_single(strides, 'strides', who)
        self.dilation_rate = normalize_single(dilation_rate, 'dilation_rate', who)
        refuse_strided_dilation(self.strides, self.dilation_rate, who)
        self.padding = standardized_padding(padding, who, allow_causal=True)
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                                 bias_regularizer, kernel_constraint, bias_constraint)
        self.input_spec = InputSpec(min_ndim=3)        # Keras 3's (a higher rank: kernel_rank_error)
        self._set_lora_options(*lora_options)

    def build(self, input_shape):
        channels = input_shape[channel_axis(self)]
        if channels is None:        # Keras 3 fails on its `channels % groups` check
            raise unknown_channels_error('Conv1D %r: the channel axis of the input must be known, got shape %s'
                                         % (self.name, tuple(input_shape)))
        if len(input_shape) > 3:
            raise kernel_rank_error(self, input_shape)
        check_input_groups(channels, self.groups, input_shape)
        refuse_empty_output(self, tuple(input_shape), as_channels_last(self, input_shape)[1:-1])    # as Keras 3
        self._add_kernel_and_bias(self.kernel_size + (int(channels) // self.groups, self.filters), self.filters)
        self.input_spec = InputSpec(min_ndim=3, axes={channel_axis(self): int(channels)})
        self.built = True
        self._enable_lora_after_build()

    def call(self, inputs):
        given, kernel = inputs, self.__dict__['kernel']      # (the read-only property's value, at attribute speed)
        if inputs._data.dtype is not kernel._data.dtype:
            inputs = conv_inputs(inputs, kernel, self, 'Conv2D', self.dilation_rate != (1,))
        if self.groups == 1:
            refuse_channels_first_double(self, 'Conv2D', 1)
        first = self.data_format == 'channels_first'
        if first:
            inputs = to_last(inputs)
        padding = self.padding
        if padding == 'causal':
            inputs = pad(inputs, [[0, 0], [self.dilation_rate[0] * (self.kernel_size[0] - 1), 0], [0, 0]])
            padding = 'valid'
        try:
            if self.dilation_rate == (1,) and self.groups == 1:
                x = _from_2d(conv2d(_as_2d(inputs), expand_dims(kernel, 0),     # (1, kernel_size, in, filters)
                                    (1, self.strides[0]), padding.upper()))
            else:
                x = convolution(inputs, kernel, self.strides, padding.upper(), self.dilation_rate, self.groups)
        except InvalidArgumentError as error:       # (in a trace: TF's graph refuses a causal window too long)
            if self.padding == 'causal' and self.groups == 1 and not first:
                _note_causal_refusal(self, error, given, inputs._data.dtype)
            raise
        refuse_empty_result(inputs, x)
        if self.bias is not None:
            x = add_bias(x, self.bias, channels_first=first)
            if x._data.dtype == np.float16 and not first:     # mixed_float16 traced: TF's fused kernel's rounding
                strides, padding = (1, self.strides[0]), padding.upper()
                fuse_half_bias(self, x, lambda v, k: _from_2d(conv2d(_as_2d(v), expand_dims(k, 0), strides, padding)),
                               inputs, kernel)
        return apply_activation(self.activation, to_first(x) if first else x)   # None: set after construction

    def compute_output_shape(self, input_shape):
        refuse_empty_output(self, tuple(input_shape), as_channels_last(self, input_shape)[1:-1])    # as Keras 3
        n, steps, _ = as_channels_last(self, input_shape)
        if self.padding == 'causal':
            length = None if steps is None else (steps - 1) // self.strides[0] + 1
        else:
            window = (self.kernel_size[0] - 1) * self.dilation_rate[0] + 1
            length = _output_length(steps, window, self.strides[0], self.padding)
        return as_layer_format(self, (n, length, self.filters))

    def get_config(self):
        config = super().get_config()
        config.update({
            'filters': self.filters, 'kernel_size': self.kernel_size, 'strides': self.strides,
            'padding': self.padding, 'data_format': self.data_format, 'dilation_rate': self.dilation_rate,
            'groups': self.groups,
        })
        config.update(self._kernel_options_config(with_activity_regularizer=True))
        return self._lora_config(config)


class _Pooling1D(Layer):
    _pool = None

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.data_format = data_format_option(data_format, who)
        self.pool_size = normalize_single(pool_size, 'pool_size', who)
        self.strides = self.pool_size if strides is None else pooling_strides(strides, 1, who)
        self.padding = padding        # as given, as Keras 3 keeps it (checked where it is used)
        self.input_spec = InputSpec(ndim=3)
        self.built = True

    def call(self, inputs):
        first = self.data_format == 'channels_first'
        if not first and pooling_padding_for_kernel(self.padding) == 'VALID':
            _refuse_window_in_graph(self, inputs)
        pooled = type(self)._pool(_as_2d(to_last(inputs) if first else inputs), (1, self.pool_size[0]),
                                  (1, self.strides[0]), pooling_padding_for_kernel(self.padding))
        return to_first(_from_2d(pooled)) if first else _from_2d(pooled)

    def compute_output_shape(self, input_shape):
        first = self.data_format == 'channels_first'
        n, steps, c = shape_to_last(input_shape) if first else tuple(input_shape)
        check_pooling_padding(self.padding)
        zero_stride_division(self.strides)
        shape = (n, _output_length(steps, self.pool_size[0], self.strides[0], self.padding), c)
        check_pooled_sizes(shape[1:2], input_shape, self.pool_size, self.strides, self.padding)
        return shape_to_first(shape) if first else shape

    def get_config(self):
        config = super().get_config()
        config.update({'pool_size': self.pool_size, 'padding': self.padding, 'strides': self.strides,
                       'data_format': self.data_format})
        return config


def _refuse_window_in_graph(layer, inputs):
    """A trace's refusal of a window longer than the steps it knows, as TF 2.21's graph words it in the layer's
    scope (the pool itself runs on an added axis, which the trace does not know)."""
    try:
        refuse_in_graph(inputs, tuple(inputs.shape[1:2]), layer.pool_size, (1,), type(layer).__name__)
    except InvalidArgumentError as error:
        note_layer_pool_refusal(error, layer._graph_row, inputs, layer.pool_size, layer.strides)
        raise


class MaxPooling1D(_Pooling1D):
    """The maximum of each window of pool_size steps (strides default to pool_size)."""
    _pool = staticmethod(max_pool2d)
    _graph_row = 'MaxPool2d'        # (Keras calls tf.nn.max_pool: graph_conv_errors)

    def __init__(self, pool_size=2, strides=None, padding='valid', data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class AveragePooling1D(_Pooling1D):
    """The mean of each window of pool_size steps, counting only unpadded steps
    (pool_size has no default, as in Keras 3)."""
    _pool = staticmethod(avg_pool2d)
    _graph_row = 'AvgPool'          # (Keras calls tf.nn.avg_pool)

    def __init__(self, pool_size, strides=None, padding='valid', data_format=None, name=None, **kwargs):
        # its own signature: a call without pool_size is Python's TypeError naming this class, as Keras's
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class _GlobalPooling1D(GlobalPooling):
    spatial_rank = 1


class GlobalAveragePooling1D(_GlobalPooling1D):
    """The mean over the steps; over the unmasked ones when the input carries a mask (Keras 3)."""
    supports_masking = True
    _keeps_composite_inputs = (RaggedTensor,)     # ragged rows (Keras 3's ops.mean on TF takes them)

    def call(self, inputs, mask=None):
        if isinstance(inputs, RaggedTensor):      # each row's mean: a dense (batch, channels)
            return reduce_mean(inputs, axis=1 if self.data_format != 'channels_first' else 2, keepdims=self.keepdims)
        if self.data_format == 'channels_first':
            if mask is None:
                return reduce_mean(inputs, axis=2, keepdims=self.keepdims)
            return mean_over_steps(inputs, mask, self.keepdims, steps_axis=2)
        return mean_over_steps(inputs, mask, self.keepdims)

    def compute_mask(self, inputs, mask=None):
        return None                      # the steps are gone


class GlobalMaxPooling1D(_GlobalPooling1D):
    """The maximum over the steps."""
    _reduce = staticmethod(keras_max)     # keras.ops.max, as Keras 3: an empty batch is its IAE, bools stay bools


MaxPool1D = MaxPooling1D
AvgPool1D = AveragePooling1D
