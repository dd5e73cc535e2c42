"""Convolutions of any rank (channels_last, or channels_first between two transposes): Conv3D, and the transposed Conv1DTranspose
and Conv3DTranspose (Keras 3's arguments, defaults, weights and configs)."""
import numpy as np

from framework.ops.convolution_nd import conv_transpose, convolution, height_one_transpose
from framework.ops.bias_add_kernel import add_bias

from .argument_tuples import output_padding_option, standardized_padding, standardized_tuple
from .channels_first_double import refuse_channels_first_double
from .conv2d_transpose import transposed_length
from .channels_first import as_channels_last, as_layer_format, channel_axis, data_format_option, to_first, to_last
from .conv_input_dtypes import conv_inputs
from .conv_lora import ConvLora
from .conv_transpose_rank import refuse_higher_rank
from .convolution import _compare_with_zero, _output_length, check_groups, check_input_groups, filter_count, \
    kernel_rank_error, refuse_empty_output, refuse_strided_dilation
from .activations import apply_activation
from .conv_fused_relu import conv_activation
from .conv_half_fused_bias import fuse_half_bias
from .input_spec import InputSpec
from .listed_inputs import several_shapes
from .kernel_options import KernelOptions
from .layer import Layer
from .undefined_weight_shape import undefined_shape_error, unknown_channels_error


def check_filters(filters, who):
    if filters is not None and not isinstance(filters, (int, np.integer, float)):
        _compare_with_zero(filters, who, 'filters')         # Keras 3's TypeError for a string
    if isinstance(filters, bool) or not isinstance(filters, (int, np.integer)) or filters <= 0:
        raise ValueError('%s: filters must be a positive integer, got %r' % (who, filters))
    return int(filters)


def window_options(layer, rank, kernel_size, strides, padding, dilation_rate, who):
    """Set kernel_size, strides, padding and dilation_rate as ``rank``-tuples, as Keras checks them."""
    layer.kernel_size = standardized_tuple(kernel_size, rank, 'kernel_size', who)
    layer.strides = standardized_tuple(strides, rank, 'strides', who)
    layer.dilation_rate = standardized_tuple(dilation_rate, rank, 'dilation_rate', who)
    layer.padding = standardized_padding(padding, who)


def input_channels(layer, input_shape, rank, unknown=None):
    """The channel count of a channels_last ``input_shape`` (of a higher rank: as given, whose channels are on the
    layer's channel axis). Where it is None, ``unknown(note)`` is the error Keras 3's build meets first (a
    TypeError in its arithmetic, or its Variable's shape refusal)."""
    channels = input_shape[channel_axis(layer) if len(input_shape) > rank + 2 else -1]
    if channels is None and unknown is not None:
        raise unknown('%s %r: the channel axis of the input must be known, got shape %s'
                      % (type(layer).__name__, layer.name, tuple(input_shape)))
    if len(input_shape) > rank + 2 and channels is not None:
        raise kernel_rank_error(layer, input_shape)
    if len(input_shape) != rank + 2 or channels is None:
        raise ValueError('%s %r: expected an input of rank %d with a known channel axis, got shape %s'
                         % (type(layer).__name__, layer.name, rank + 2, tuple(input_shape)))
    return int(channels)


def convolved_shape(input_shape, kernel_size, strides, dilation_rate, padding, channels):
    """The output shape of a convolution of (batch, *spatial, C) with these windows."""
    spatial = tuple(_output_length(d, (k - 1) * r + 1, s, padding)
                    for d, k, s, r in zip(input_shape[1:-1], kernel_size, strides, dilation_rate))
    return (input_shape[0],) + spatial + (channels,)


class ConvND(ConvLora, KernelOptions, Layer):
    """A convolution over ``rank`` spatial axes (Keras 3's Conv arguments).

    The kernel has shape (*kernel_size, input_channels // groups, filters).
    Raises:
        ValueError: bad filters / kernel_size / strides / padding / dilation_rate /
            groups, strides and dilation both above 1, or an input
            of another rank or whose channels do not divide by groups.
    data_format='channels_first' (batch, channels, *spatial) runs channels_last between two transposes.
    """
    rank = None

    def __init__(self, filters, kernel_size, strides=1, padding='valid', data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, lora_rank=None,
                 lora_alpha=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.filters = filter_count(filters, who, groups=groups)
        self.data_format = data_format_option(data_format, who)
        window_options(self, self.rank, kernel_size, strides, padding, dilation_rate, who)
        refuse_strided_dilation(self.strides, self.dilation_rate, who)
        self.groups = check_groups(groups, self.filters)
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                                 bias_regularizer, kernel_constraint, bias_constraint)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)      # Keras 3's (a higher rank: input_channels)
        self._set_lora_options(lora_rank, lora_alpha)

    def build(self, input_shape):
        if several_shapes(input_shape):     # Keras 3's `channels % groups` on input_shape[-1]: a whole shape (TF 2.21)
            check_input_groups(input_shape[channel_axis(self)], self.groups, input_shape)
        last = as_channels_last(self, input_shape) if len(input_shape) == self.rank + 2 else input_shape
        channels = input_channels(self, last, self.rank, unknown_channels_error)   # Keras 3's `channels % groups`
        check_input_groups(channels, self.groups, input_shape)       # Keras 3's words, as Conv1D / Conv2D
        refuse_empty_output(self, tuple(input_shape), last[1:-1])     # at build, as Keras 3
        self._add_kernel_and_bias(self.kernel_size + (channels // self.groups, self.filters), self.filters)
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis(self): channels})
        self.built = True
        self._enable_lora_after_build()

    def call(self, inputs):
        kernel = self.__dict__['kernel']      # (the read-only property's value, at plain attribute speed)
        if inputs._data.dtype is not kernel._data.dtype:
            inputs = conv_inputs(inputs, kernel, self, 'variable', any(r != 1 for r in self.dilation_rate))
        first = self.data_format == 'channels_first'
        x = self.convolution_op(to_last(inputs) if first else inputs, kernel)
        if self.bias is not None:
            x = add_bias(x, self.bias, channels_first=first)
            if x._data.dtype == np.float16 and not first:     # mixed_float16 traced: TF's fused kernel's rounding
                fuse_half_bias(self, x, self.convolution_op, inputs, kernel)
        x = to_first(x) if first else x
        if self.rank >= 2:      # relu in a traced step: TF's fused kernel (conv_fused_relu); Conv1D is not fused
            return conv_activation(self, x)
        return apply_activation(self.activation, x)   # None: set after construction

    def convolution_op(self, inputs, kernel):
        """The convolution ``call`` makes, before the bias and activation (Keras 3's overridable hook)."""
        return convolution(inputs, kernel, self.strides, self.padding.upper(), self.dilation_rate, self.groups)

    def compute_output_shape(self, input_shape):
        refuse_empty_output(self, tuple(input_shape), as_channels_last(self, input_shape)[1:-1])    # as Keras 3
        return as_layer_format(self, convolved_shape(as_channels_last(self, input_shape), self.kernel_size,
                                                     self.strides, self.dilation_rate, self.padding, self.filters))

    def get_config(self):
        config = super().get_config()
        config.update({
            'filters': self.filters, 'kernel_size': self.kernel_size, 'strides': self.strides,
            'padding': self.padding, 'data_format': self.data_format, 'dilation_rate': self.dilation_rate,
            'groups': self.groups,
        })
        config.update(self._kernel_options_config(with_activity_regularizer=True))
        return self._lora_config(config)


class Conv3D(ConvND):
    """3-D convolution over (batch, depth, rows, cols, channels)."""
    rank = 3

    # Keras 3's own defaults, 3-tuples (its inspect.signature shows them); ConvND reads 1 and (1, 1, 1) alike
    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding='valid', data_format=None,
                 dilation_rate=(1, 1, 1), groups=1, activation=None, use_bias=True,
                 kernel_initializer='glorot_uniform', bias_initializer='zeros', kernel_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate, groups, activation,
                         use_bias, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)


class ConvTransposeND(KernelOptions, Layer):
    """A transposed convolution over ``rank`` spatial axes (Keras 3's arguments).

    The kernel has shape (*kernel_size, filters, input_channels). With padding
    'same' the output is ``strides`` times the input; with 'valid' it is
    ``(size - 1) * stride + max(kernel, stride)`` (dilated kernels count their
    dilated extent); ``output_padding`` (each below its stride) sets the extra.
    Raises:
        ValueError: bad sizes, an output_padding not below the stride, or an input of another rank.
    """
    rank = None

    def __init__(self, filters, kernel_size, strides=1, padding='valid', output_padding=None, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        self.filters = filter_count(filters, who)
        self.data_format = data_format_option(data_format, who)
        window_options(self, self.rank, kernel_size, strides, padding, dilation_rate, who)
        refuse_strided_dilation(self.strides, self.dilation_rate, who)
        self.output_padding = output_padding_option(output_padding, self.strides, who)
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                                 bias_regularizer, kernel_constraint, bias_constraint)
        # Keras 3's spec says min_ndim only: a higher rank builds and fails in call (conv_transpose_rank)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)

    def build(self, input_shape):
        if several_shapes(input_shape):
            # Keras 3 reads input_shape[-1] as the channels (a dict has no key -1) and makes its kernel of them:
            # its Variable refuses a shape holding a shape, as add_weight does (TF 2.21)
            channels = input_shape[channel_axis(self)]
            self._add_kernel_and_bias(self.kernel_size + (self.filters, channels), self.filters)
        if len(input_shape) > self.rank + 2 and input_shape[channel_axis(self)] is not None:
            channels = int(input_shape[channel_axis(self)])      # (Keras's build reads it; call refuses the rank)
        else:
            last = as_channels_last(self, input_shape) if len(input_shape) == self.rank + 2 else input_shape
            channels = input_channels(self, last, self.rank, self._unknown_channels)
        self._add_kernel_and_bias(self.kernel_size + (self.filters, channels), self.filters)
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis(self): channels})
        self.built = True

    def _unknown_channels(self, note):
        """Keras 3's Variable refuses the kernel's shape (kernel_size + (filters, None)), as Conv2DTranspose's."""
        return undefined_shape_error(self, self.kernel_size + (self.filters, None), 'kernel', note)

    def call(self, inputs):
        refuse_higher_rank(self, inputs.ndim, symbolic=False)
        if inputs._data.dtype is not self.kernel._data.dtype:     # Conv1DTranspose runs Conv2DBackpropInput
            inputs = conv_inputs(inputs, self.kernel, self, 'Conv2DBackpropInput' if self.rank == 1 else 'variable')
        refuse_channels_first_double(self, 'Conv3DBackpropInputV2' if self.rank == 3 else 'Conv2DBackpropInput',
                                     self.rank)
        first = self.data_format == 'channels_first'
        if first:
            inputs = to_last(inputs)
        out_shape = self._channels_last_output_shape(tuple(inputs.shape))
        if self.rank == 1 and self.dilation_rate == (1,):
            x = height_one_transpose(inputs, self.kernel, out_shape, self.strides[0], self.padding.upper())
        else:
            x = conv_transpose(inputs, self.kernel, out_shape, self.strides, self.padding.upper(), self.dilation_rate)
        if self.bias is not None:
            x = add_bias(x, self.bias, channels_first=first)
        return apply_activation(self.activation, to_first(x) if first else x)   # None: set after construction

    def compute_output_shape(self, input_shape):
        refuse_higher_rank(self, len(input_shape), symbolic=True)
        # a list, as Keras 3's compute_conv_transpose_output_shape returns it
        return list(as_layer_format(self, self._channels_last_output_shape(as_channels_last(self, input_shape))))

    def _channels_last_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        extra = self.output_padding or (None,) * self.rank
        spatial = tuple(transposed_length(d, (k - 1) * r + 1, s, self.padding, p) for d, k, s, r, p in
                        zip(input_shape[1:-1], self.kernel_size, self.strides, self.dilation_rate, extra))
        return (input_shape[0],) + spatial + (self.filters,)

    def get_config(self):
        config = super().get_config()
        config.update({
            'filters': self.filters, 'kernel_size': self.kernel_size, 'strides': self.strides,
            'padding': self.padding, 'output_padding': self.output_padding, 'data_format': self.data_format,
            'dilation_rate': self.dilation_rate,
        })
        config.update(self._kernel_options_config(with_activity_regularizer=True))
        return config


class Conv1DTranspose(ConvTransposeND):
    """Transposed 1-D convolution over (batch, steps, channels)."""
    rank = 1


class Conv3DTranspose(ConvTransposeND):
    """Transposed 3-D convolution over (batch, depth, rows, cols, channels)."""
    rank = 3

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding='valid', data_format=None,
                 output_padding=None, dilation_rate=(1, 1, 1), activation=None, use_bias=True,
                 kernel_initializer='glorot_uniform', bias_initializer='zeros', kernel_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 **kwargs):
        # Keras 3 puts data_format before output_padding here only (and lists the rest: positional calls reach them)
        super().__init__(filters, kernel_size, strides, padding, output_padding, data_format, dilation_rate,
                         activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                         bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         kernel_constraint=kernel_constraint, bias_constraint=bias_constraint, **kwargs)
