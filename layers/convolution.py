"""Conv2D: ``activation(conv2d(inputs, kernel) + bias)`` over (batch, height, width, channels)."""
import numpy as np

from framework.ops import conv2d
from framework.ops.convolution_nd import convolution
from framework.ops.bias_add_kernel import add_bias

from .argument_tuples import standardized_data_format, standardized_padding, standardized_tuple
from .channels_first import as_channels_last, as_layer_format, channel_axis, data_format_option, to_first, to_last
from .channels_first_double import refuse_channels_first_double
from .conv_input_dtypes import conv_inputs
from .conv_lora import ConvLora
from .kernel_options import KernelOptions
from .activations import apply_activation
from .conv_fused_relu import conv_activation
from .conv_half_fused_bias import fuse_half_bias
from .input_spec import InputSpec
from .layer import Layer
from .undefined_weight_shape import unknown_channels_error


def normalize_pair(value, name, who):
    """A (rows, cols) pair from an int or a pair; positive ints only (Keras 3's texts)."""
    return standardized_tuple(value, 2, name, who)


def normalize_padding(padding, who):
    mode = str(padding).lower()
    if mode not in ('valid', 'same'):
        raise ValueError("%s: padding must be 'valid' or 'same', got %r" % (who, padding))
    return mode


def check_channels_last(data_format, who):
    if data_format is not None and standardized_data_format(data_format, who) != 'channels_last':
        raise ValueError("%s: only data_format='channels_last' (NHWC) is supported, got %r" % (who, data_format))


def refuse_strided_dilation(strides, dilation_rate, who):
    """Keras 3's Conv and ConvTranspose refuse both above 1 (its depthwise and separable
    layers accept them: TensorFlow runs those at stride 1 and subsamples)."""
    if max(strides) > 1 and max(dilation_rate) > 1:
        error = ValueError('`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: '
                           'strides=%s and dilation_rate=%s' % (strides, dilation_rate))
        error.add_note('%s: use strides or dilation_rate above 1, not both' % who)
        raise error


def check_groups(groups, filters):
    """``groups`` as an int that divides ``filters``, checked in Keras 3's order and words (a float
    that does not divide: its divisibility error)."""
    if isinstance(groups, bool) or not isinstance(groups, (int, np.integer, float)) or groups < 1:
        groups <= 0         # Keras 3 compares as given: None, a string or a list is Python's TypeError there
        raise ValueError('The number of groups must be a positive integer. Received: groups=%r.' % (groups,))
    if filters is not None and filters % groups:
        raise ValueError('The number of filters must be evenly divisible by the number of groups. Received: '
                         'groups=%s, filters=%s.' % (groups, filters))
    if isinstance(groups, float):       # (Keras fails later, building a kernel of a float shape)
        raise ValueError('The number of groups must be a positive integer. Received: groups=%r.' % (groups,))
    return int(groups)


def filter_count(value, who, name='filters', groups=None):
    """``filters`` (or ``depth_multiplier``) as a positive int, with Keras 3's base convolution's texts for
    the values it checks at construction: one below 1, and a float that ``groups`` does not divide.
    ``filters=None`` passes, as in Keras 3 (its base convolution skips its checks for None): the build
    then fails where the kernel's shape has a None, 'Shapes used to initialize variables must be
    fully-defined'. Other values (a float Keras accepts until its build, a string) keep tapeflow's sentence."""
    if value is None and name == 'filters':
        return None
    number = isinstance(value, (int, np.integer, float)) and not isinstance(value, bool)
    if not number and value is not None:
        _compare_with_zero(value, who, name)
    if number and value <= 0:
        error = ValueError('Invalid value for argument `%s`. Expected a strictly positive value. Received %s=%s.'
                           % (name, name, value))
        error.add_note('%s: %s is a positive integer' % (who, name))
        raise error
    if number and isinstance(value, float) and isinstance(groups, (int, np.integer)) and groups >= 1 \
            and value % groups:
        raise ValueError('The number of filters must be evenly divisible by the number of groups. Received: '
                         'groups=%s, filters=%s.' % (groups, value))
    if not number or isinstance(value, float):
        raise ValueError('%s: %s must be a positive integer, got %r' % (who, name, value))
    return int(value)


def _compare_with_zero(value, who, name):
    """Keras 3 compares ``value <= 0``: a string or tuple fails with Python's TypeError there."""
    try:
        value <= 0
    except TypeError as error:
        error.add_note('%s: %s must be a positive integer, got %r' % (who, name, value))
        raise


def check_input_groups(channels, groups, input_shape):
    if channels % groups:                                   # Keras 3's words
        raise ValueError('The number of input channels must be evenly divisible by the number of groups. '
                         'Received groups=%s, but the input has %s channels (full input shape is %s).'
                         % (groups, channels, tuple(input_shape)))


class Conv2D(ConvLora, KernelOptions, Layer):
    """A 2-D convolution layer (Keras 3's arguments and defaults).

    The kernel has shape (kernel_rows, kernel_cols, input_channels // groups, filters):
    with ``groups`` above 1, each group of input channels gives its own filters // groups
    outputs (ConvNeXt's depthwise convs are groups=channels). data_format='channels_first'
    (batch, channels, rows, cols) runs channels_last between two transposes, as Keras 3's
    TensorFlow backend does on CPU.
    Raises:
        ValueError: bad filters / kernel_size / strides / padding / dilation_rate / groups,
            strides and dilation_rate both above 1, an input that is
            not rank 4, one whose channel count differs from the built one or does not
            divide by groups.
    """

    def __init__(self, filters, kernel_size, strides=(1, 1), padding='valid', data_format=None,
                 dilation_rate=(1, 1), groups=1, activation=None, use_bias=True,
                 kernel_initializer='glorot_uniform', bias_initializer='zeros', kernel_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, **kwargs):
        # lora_rank / lora_alpha come in kwargs, as Keras 3's Conv2D passes them on to BaseConv
        lora_options = kwargs.pop('lora_rank', None), kwargs.pop('lora_alpha', None)
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        who = 'Conv2D %r' % self.name
        filters = filter_count(filters, who, groups=groups)
        self.data_format = data_format_option(data_format, who)
        self.groups = check_groups(groups, filters)
        self.filters = filters
        self.kernel_size = normalize_pair(kernel_size, 'kernel_size', who)
        self.strides = normalize_pair(strides, 'strides', who)
        self.dilation_rate = normalize_pair(dilation_rate, 'dilation_rate', who)
        refuse_strided_dilation(self.strides, self.dilation_rate, who)
        self.padding = standardized_padding(padding, who)
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                                 bias_regularizer, kernel_constraint, bias_constraint)
        self.input_spec = InputSpec(min_ndim=4)        # Keras 3's (a higher rank: build's kernel shape error)
        self._set_lora_options(*lora_options)

    def build(self, input_shape):
        # Keras 3 reads the channels, then checks `channels % groups`, before the rank (its compute_output_shape):
        # the shapes of a list or a dict of inputs fail there (TypeError, KeyError -1), as on TF 2.21
        channels = input_shape[channel_axis(self)]
        if channels is None:        # Keras 3 fails on its `channels % groups` check
            raise unknown_channels_error('Conv2D %r: the channel axis of the input must be known, got shape %s'
                                         % (self.name, tuple(input_shape)))
        check_input_groups(channels, self.groups, input_shape)
        given, input_shape = tuple(input_shape), as_channels_last(self, input_shape) if len(input_shape) == 4 \
            else tuple(input_shape)
        if len(input_shape) != 4:       # Keras 3's words; build((None, 4)) made a kernel no call could use
            raise kernel_rank_error(self, given)
        kernel_shape = self.kernel_size + (channels // self.groups, self.filters)
        refuse_empty_output(self, given, input_shape[1:3])
        self._add_kernel_and_bias(kernel_shape, self.filters)
        self.input_spec = InputSpec(min_ndim=4, axes={channel_axis(self): int(channels)})
        self.built = True
        self._enable_lora_after_build()

    def call(self, inputs):
        kernel = self.__dict__['kernel']      # (the read-only property's value, at plain attribute speed)
        if inputs._data.dtype is not kernel._data.dtype:
            inputs = conv_inputs(inputs, kernel, self, 'variable', self.dilation_rate != (1, 1))
        if self.groups == 1:
            refuse_channels_first_double(self, 'Conv2D', 2)
        first = self.data_format == 'channels_first'
        x = self.convolution_op(to_last(inputs) if first else inputs, kernel)
        if self.bias is not None:
            x = add_bias(x, self.bias, channels_first=first)
            if x._data.dtype.itemsize == 2 and not first:     # mixed precision traced: TF's fused kernel's rounding
                fuse_half_bias(self, x, self.convolution_op, inputs, kernel)
        # None: set after construction; relu in a traced step: TF's fused kernel (conv_fused_relu)
        return conv_activation(self, to_first(x) if first else x)

    def convolution_op(self, inputs, kernel):
        """The convolution ``call`` makes, before the bias and activation (Keras 3's hook: a subclass
        that overrides it, e.g. to standardize the kernel, changes what ``call`` convolves)."""
        if self.groups == 1 and self.dilation_rate == (1, 1):
            return conv2d(inputs, kernel, self.strides, self.padding.upper())
        return convolution(inputs, kernel, self.strides, self.padding.upper(), self.dilation_rate, self.groups)

    def compute_output_shape(self, input_shape):
        refuse_empty_output(self, tuple(input_shape), as_channels_last(self, input_shape)[1:3])    # as Keras 3
        n, h, w, _ = as_channels_last(self, input_shape)
        return as_layer_format(self, (n,) + tuple(_output_length(d, (k - 1) * r + 1, s, self.padding) for d, k, s, r
                                                  in zip((h, w), self.kernel_size, self.strides, self.dilation_rate))
                               + (self.filters,))

    def get_config(self):
        config = super().get_config()
        config.update({
            'filters': self.filters, 'kernel_size': self.kernel_size, 'strides': self.strides,
            'padding': self.padding, 'data_format': self.data_format, 'dilation_rate': self.dilation_rate,
            'groups': self.groups,
        })
        config.update(self._kernel_options_config(with_activity_regularizer=True))
        return self._lora_config(config)


def refuse_empty_output(layer, given_shape, spatial_sizes):
    """Keras 3's build-time check (its compute_conv_output_shape): a window larger than the input leaves
    no output, refused at build, in Keras's words (its dilation_rate prints as a numpy array). Keras checks
    'valid' padding only: 'same' takes an empty spatial axis and gives an empty output, and Conv1D's
    'causal' one reaches its call (refuse_empty_result)."""
    if layer.padding != 'valid':
        return
    if any(length is not None and length <= 0 for length in (
            _output_length(d, (k - 1) * r + 1, s, layer.padding)
            for d, k, s, r in zip(spatial_sizes, layer.kernel_size, layer.strides, layer.dilation_rate))):
        channels = given_shape[channel_axis(layer)]
        out = layer.filters if hasattr(layer, 'filters') else \
            None if channels is None else layer.depth_multiplier * channels     # a depthwise kernel's
        kernel_shape = tuple(layer.kernel_size) + (channels, out)
        raise ValueError('Computed output size would be zero or negative. Received `inputs shape=%s`, `kernel '
                         'shape=%s`, `dilation_rate=%s`, `strides=%s`, `padding=%s`.'
                         % (given_shape, kernel_shape, np.array(layer.dilation_rate), layer.strides, layer.padding))


def refuse_empty_result(inputs, result):
    """Keras 3's TF backend conv: a result without elements from an input with some (Conv1D's causal
    padding of an empty axis leaves its VALID window no rows) is a ValueError at call."""
    if result._data.size == 0 and inputs._data.size != 0:
        raise ValueError('The convolution operation resulted in an empty output. Output shape: %s. This can happen '
                         'if the input is too small for the given kernel size, strides, dilation rate, and padding '
                         'mode. Please check the input shape and convolution parameters.' % (tuple(result.shape),))


def _output_length(size, window, stride, padding):
    if size is None:
        return None
    if padding in ('same', 'causal'):      # Conv1D's causal padding keeps the length as 'same' does
        return -(-size // stride)
    return (size - window) // stride + 1


def kernel_rank_error(layer, input_shape):
    """Keras 3's error for an input (``input_shape`` as given) of another rank than a convolution's (its InputSpec
    takes ``min_ndim``; the check is compute_conv_output_shape's), naming the kernel as Keras states it: the
    kernel size, the channels read on the layer's channel axis (axis 1 channels first), and the filters, not
    divided by the groups."""
    channels = input_shape[channel_axis(layer)]
    out = layer.filters if hasattr(layer, 'filters') else layer.depth_multiplier * channels
    error = ValueError('Kernel shape must have the same length as input, but received kernel of shape %s and input '
                       'of shape %s.' % (tuple(layer.kernel_size) + (channels, out),
                                         input_shape if isinstance(input_shape, list) else tuple(input_shape)))
    rank = len(layer.kernel_size)
    error.add_note('%s %r: a %dD convolution takes inputs of rank %d (batch, spatial axes, channels)'
                   % (type(layer).__name__, layer.name, rank, rank + 2))
    return error
