"""Conv2DTranspose: the transpose of Conv2D, an upsampling convolution (channels_last or channels_first)."""
from framework.ops.conv_transpose import conv2d_transpose
from framework.ops.convolution_nd import conv_transpose
from framework.ops.bias_add_kernel import add_bias

from .channels_first_double import refuse_channels_first_double
from .conv_input_dtypes import conv_inputs
from .conv_transpose_rank import refuse_higher_rank
from .argument_tuples import output_padding_option, standardized_padding
from .channels_first import as_channels_last, as_layer_format, channel_axis, data_format_option, to_first, to_last
from .convolution import filter_count, normalize_pair, refuse_strided_dilation
from .activations import apply_activation
from .input_spec import InputSpec
from .kernel_options import KernelOptions
from .layer import Layer
from .undefined_weight_shape import undefined_shape_error


def transposed_length(size, kernel, stride, padding, output_padding):
    """The output length along one axis (Keras 3's rule for TensorFlow padding)."""
    if size is None:
        return None
    if padding == 'valid':
        extra = max(kernel, stride) - kernel if output_padding is None else output_padding
        return (size - 1) * stride + kernel + extra
    if output_padding is None:
        return size * stride
    return (size - 1) * stride + kernel % 2 + output_padding


class Conv2DTranspose(KernelOptions, Layer):
    """A transposed 2-D convolution layer (Keras 3's arguments and defaults).

    The kernel has shape (kernel_rows, kernel_cols, filters, input_channels).
    With padding 'same' the output is ``strides`` times the input's size; with
    'valid' it is ``(size - 1) * stride + max(kernel, stride)``.

    Args:
        filters, kernel_size, strides, padding: as Conv2D.
        output_padding: None, or an int or pair added to the output size
            (each less than the stride).
        data_format: 'channels_last' (default) or 'channels_first'.
        dilation_rate: an int or pair; above 1 only with strides 1 (as Keras 3). TensorFlow's
            float64 CPU kernel refuses a dilated transposed convolution (InvalidArgumentError), and so
            does tapeflow; float32 and float16 compute it.
        activation, use_bias, kernel_* / bias_*: as Dense.
    Raises:
        ValueError: bad sizes, an output_padding not below the stride, an
            input that is not rank 4, or one whose channels differ from the built one.
    """

    rank = 2      # (Keras 3's transposed convolutions carry their rank)

    def __init__(self, filters, kernel_size, strides=(1, 1), padding='valid', output_padding=None, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        who = 'Conv2DTranspose %r' % self.name
        self.filters = filter_count(filters, who)
        self.data_format = data_format_option(data_format, who)
        self.kernel_size = normalize_pair(kernel_size, 'kernel_size', who)
        self.strides = normalize_pair(strides, 'strides', who)
        self.dilation_rate = normalize_pair(dilation_rate, 'dilation_rate', who)
        refuse_strided_dilation(self.strides, self.dilation_rate, who)
        self.padding = standardized_padding(padding, who)
        self.output_padding = output_padding_option(output_padding, self.strides, who)
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                                 bias_regularizer, kernel_constraint, bias_constraint)
        # Keras 3's spec says min_ndim only (a 3-D input: 'expected min_ndim=4'): a higher rank builds and fails
        # in call (conv_transpose_rank)
        self.input_spec = InputSpec(min_ndim=4)

    def build(self, input_shape):
        channels = input_shape[channel_axis(self)]
        if channels is None:        # Keras 3's Variable refuses the kernel's shape
            raise undefined_shape_error(self, self.kernel_size + (self.filters, None), 'kernel',
                                        'Conv2DTranspose %r: the channel axis of the input must be known, got shape %s'
                                        % (self.name, tuple(input_shape)))
        self._add_kernel_and_bias(self.kernel_size + (self.filters, channels), self.filters)
        self.input_spec = InputSpec(min_ndim=4, axes={channel_axis(self): int(channels)})
        self.built = True

    def call(self, inputs):
        refuse_higher_rank(self, inputs.ndim, symbolic=False)
        if inputs._data.dtype is not self.kernel._data.dtype:
            inputs = conv_inputs(inputs, self.kernel, self, 'variable')
        refuse_channels_first_double(self, 'Conv2DBackpropInput', 2)
        first = self.data_format == 'channels_first'
        if first:                   # channels_last between two transposes, as Keras's TF backend on CPU
            inputs = to_last(inputs)
        out_shape = self._channels_last_output_shape(tuple(inputs.shape))
        if self.dilation_rate == (1, 1):
            x = conv2d_transpose(inputs, self.kernel, out_shape, self.strides, self.padding.upper())
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
        n, h, w, _ = tuple(input_shape)
        extra = self.output_padding or (None, None)
        return (n,) + tuple(transposed_length(d, (k - 1) * r + 1, s, self.padding, p) for d, k, s, r, p in
                            zip((h, w), self.kernel_size, self.strides, self.dilation_rate, extra)) + (self.filters,)

    def get_config(self):
        config = super().get_config()
        config.update({
            'filters': self.filters, 'kernel_size': self.kernel_size, 'strides': self.strides,
            'padding': self.padding, 'output_padding': self.output_padding, 'data_format': self.data_format,
            'dilation_rate': self.dilation_rate,
        })
        config.update(self._kernel_options_config(with_activity_regularizer=True))
        return config
