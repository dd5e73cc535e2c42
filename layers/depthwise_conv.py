"""Depthwise and separable convolutions (channels_last, or channels_first between two transposes
as Keras's TF backend runs it on CPU), Keras 3's arguments and weights: DepthwiseConv1D/2D
convolve each input channel on its own (``depth_multiplier`` output channels each, channel
``c * depth_multiplier + m``); SeparableConv1D/2D follow that with a 1x1 convolution mixing
the channels into ``filters``."""
import numpy as np

from framework.ops import conv2d, expand_dims, squeeze, transpose
from framework.ops.convolution_nd import convolution, depthwise_conv
from framework.ops.bias_add_kernel import add_bias
from framework.errors import InvalidArgumentError
from framework.graph_conv_errors import note_layer_conv_refusal
from framework import trace_names

from .argument_tuples import standardized_data_format
from . import activations, constraints, initializers, regularizers
from .conv_fused_relu import conv_activation
from .conv_half_fused_bias import fuse_half_bias
from .conv_input_dtypes import conv_inputs
from .convolution import filter_count, kernel_rank_error, refuse_empty_output
from .conv_nd import convolved_shape, input_channels, window_options
from .input_spec import InputSpec
from .layer import Layer
from .listed_inputs import several_shapes
from .undefined_weight_shape import unknown_depth_error

_KINDS = ('initializer', 'regularizer', 'constraint')
_MODULES = (initializers, regularizers, constraints)


class _DepthwiseBase(Layer):
    """The depthwise part both layer families share; ``_kernels`` lists the kernel
    names besides 'depthwise' (Keras 3's argument prefixes)."""
    rank = None
    _kernels = ()

    def _set_options(self, kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate,
                     activation, use_bias, bias_initializer, options):
        who = '%s %r' % (type(self).__name__, self.name)
        self.data_format = 'channels_last' if data_format is None else standardized_data_format(data_format, who)
        window_options(self, self.rank, kernel_size, strides, padding, dilation_rate, who)
        self.depth_multiplier = filter_count(depth_multiplier, who, 'depth_multiplier')
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        options = dict(options, bias_initializer=bias_initializer)
        for prefix in ('depthwise',) + self._kernels + ('bias',):
            for kind, module in zip(_KINDS, _MODULES):
                setattr(self, '%s_%s' % (prefix, kind), module.get(options['%s_%s' % (prefix, kind)]))
        self.bias = None
        self.input_spec = InputSpec(min_ndim=self.rank + 2)      # Keras 3's (a higher rank: input_channels)

    # channels_first runs channels_last between two transposes, as Keras's TF backend does on CPU
    def _channels(self, input_shape):
        if several_shapes(input_shape):
            # Keras 3 reads input_shape[-1] as the channels (a dict has no key -1: KeyError, as kernel_rank_error
            # reads it), then its output shape check refuses a kernel longer than the input's "rank" (TF 2.21)
            raise kernel_rank_error(self, input_shape)
        shape = tuple(input_shape)
        # (a higher rank as given: Keras names it so in its kernel error, kernel_rank_error)
        channels = input_channels(self, self._last(shape) if len(shape) == self.rank + 2 else shape, self.rank,
                                  unknown_depth_error)
        refuse_empty_output(self, shape, self._last(shape)[1:-1])     # at build, as Keras 3
        return channels

    def _last(self, shape):
        """(batch, C, *spatial) -> (batch, *spatial, C) for channels_first; else ``shape`` as it is."""
        return (shape[0],) + shape[2:] + (shape[1],) if self.data_format == 'channels_first' else shape

    def _first(self, shape):
        return (shape[0], shape[-1]) + shape[1:-1] if self.data_format == 'channels_first' else shape

    def _channel_spec(self, channels):
        axis = 1 if self.data_format == 'channels_first' else -1
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={axis: channels})

    def _transposed(self, inputs, compute):
        if self.data_format != 'channels_first':
            return compute(inputs)
        rank = self.rank
        y = compute(transpose(inputs, [0] + list(range(2, rank + 2)) + [1]))
        return transpose(y, [0, rank + 1] + list(range(1, rank + 1)))

    def _weight(self, prefix, name, shape):
        return self.add_weight(name=name, shape=shape,
                               initializer=getattr(self, prefix + '_initializer'),
                               regularizer=getattr(self, prefix + '_regularizer'),
                               constraint=getattr(self, prefix + '_constraint'))

    def _depthwise(self, inputs, kernel):
        if inputs._data.dtype is not kernel._data.dtype:
            inputs = conv_inputs(inputs, kernel, self, 'DepthwiseConv2dNative', any(r != 1 for r in self.dilation_rate),
                                 'depthwise' if self._kernels else '')
        if self._height_one():
            # Keras 3's TF backend runs a 1-D one as tf.nn.depthwise_conv2d on a height-1 image with strides
            # (1, s, s, 1), so its sums and gradients take the 2-D kernels' orders
            (stride,), (rate,) = self.strides, self.dilation_rate
            return squeeze(depthwise_conv(expand_dims(inputs, 1), expand_dims(kernel, 0), (stride, stride),
                                          self.padding.upper(), (1, rate)), [1])
        # (Keras's separable_conv2d names its depthwise op 'depthwise', which TF's kernel errors show)
        return depthwise_conv(inputs, kernel, self.strides, self.padding.upper(), self.dilation_rate,
                              name='depthwise' if self._kernels else None)

    def _pointwise(self, inputs, kernel):
        """SeparableConv's 1x1 convolution (on a height-1 image for a 1-D one, as tf.nn.separable_conv2d's): TF's
        Conv2D, whose gradient kernels the 2-D op sums in their order (the N-d op's BLAS products did not: TF 2.21,
        SeparableConv1D(3, 3, depth_multiplier=2)'s kernel gradients; notes/progs/layers28/sep2.py)."""
        if self._height_one():
            return squeeze(conv2d(expand_dims(inputs, 1), expand_dims(kernel, 0), 1, 'VALID'), [1])
        if self.rank == 2:
            return conv2d(inputs, kernel, 1, 'VALID')
        return convolution(inputs, kernel)

    def _height_one(self):
        # (Keras decomposes strides with dilations; those keep the 1-D path)
        return self.rank == 1 and not (self.strides[0] > 1 and self.dilation_rate[0] > 1)

    def _finish(self, x, made=None):
        """The bias and activation of ``x``, channels last; ``made``: (convolve, inputs, kernel) that made
        ``x``, for mixed_float16's rounding in a traced step (conv_half_fused_bias.py)."""
        if self.bias is not None:
            x = add_bias(x, self.bias, channels_first=self.data_format == 'channels_first')
            if made is not None and x._data.dtype == np.float16 and self.data_format != 'channels_first':
                fuse_half_bias(self, x, *made)
        if self.rank >= 2:      # relu in a traced step: TF's fused kernel (conv_fused_relu)
            return conv_activation(self, x)
        return activations.apply_activation(self.activation, x)

    def _options_config(self):
        config = {'activation': activations.serialize(self.activation), 'use_bias': self.use_bias}
        for kind, module in zip(_KINDS, _MODULES):
            for prefix in ('depthwise',) + self._kernels + ('bias',):
                config['%s_%s' % (prefix, kind)] = module.serialize(getattr(self, '%s_%s' % (prefix, kind)))
            if kind == 'regularizer':
                config['activity_regularizer'] = regularizers.serialize(self.activity_regularizer)
        return config


class _DepthwiseConv(_DepthwiseBase):
    """Each channel convolved with its own (*kernel_size, depth_multiplier) filters.

    Weights: kernel (*kernel_size, channels, depth_multiplier), bias (channels * depth_multiplier,).
    Raises:
        ValueError: bad kernel_size / strides / padding / dilation_rate / depth_multiplier,
            or an input of another rank.
    """

    def __init__(self, kernel_size, strides=1, padding='valid', depth_multiplier=1, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, depthwise_initializer='glorot_uniform',
                 bias_initializer='zeros', depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self._set_options(kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate, activation,
                          use_bias, bias_initializer, dict(
                              depthwise_initializer=depthwise_initializer, depthwise_regularizer=depthwise_regularizer,
                              depthwise_constraint=depthwise_constraint, bias_regularizer=bias_regularizer,
                              bias_constraint=bias_constraint))

    def build(self, input_shape):
        channels = self._channels(input_shape)
        # Keras 3 names this one 'kernel' (SeparableConv's is 'depthwise_kernel').
        self.kernel = self._weight('depthwise', 'kernel', self.kernel_size + (channels, self.depth_multiplier))
        if self.use_bias:
            self.bias = self._weight('bias', 'bias', (channels * self.depth_multiplier,))
        self._channel_spec(channels)
        self.built = True

    def call(self, inputs):
        # (TF 2.21 fuses a DepthwiseConv2D's bias add, not a DepthwiseConv1D's: t45_cf_layers.py)
        def depthwise(x):
            made = (self._depthwise, x, self.kernel) if self.rank == 2 else None
            return self._finish(self._depthwise(x, self.kernel), made)
        return self._transposed(inputs, depthwise)

    def compute_output_shape(self, input_shape):
        if self._last(tuple(input_shape))[-1] is None:      # Keras 3's depth_multiplier * input_channel comes first
            raise unknown_depth_error('%s %r: the channel axis of the input must be known, got shape %s'
                                      % (type(self).__name__, self.name, tuple(input_shape)))
        refuse_empty_output(self, tuple(input_shape), self._last(tuple(input_shape))[1:-1])
        input_shape = self._last(tuple(input_shape))
        channels = input_shape[-1] * self.depth_multiplier
        return self._first(convolved_shape(input_shape, self.kernel_size, self.strides, self.dilation_rate,
                                           self.padding, channels))

    def get_config(self):
        config = super().get_config()
        config.update({'depth_multiplier': self.depth_multiplier, 'kernel_size': self.kernel_size,
                       'strides': self.strides, 'padding': self.padding, 'data_format': self.data_format,
                       'dilation_rate': self.dilation_rate})
        config.update(self._options_config())
        return config


class DepthwiseConv1D(_DepthwiseConv):
    """Depthwise convolution over (batch, steps, channels)."""
    rank = 1


class DepthwiseConv2D(_DepthwiseConv):
    """Depthwise convolution over (batch, rows, cols, channels)."""
    rank = 2

    # Keras 3's own defaults, pairs (its inspect.signature shows them); the base reads 1 and (1, 1) alike
    def __init__(self, kernel_size, strides=(1, 1), padding='valid', depth_multiplier=1, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer='glorot_uniform',
                 bias_initializer='zeros', depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate, activation,
                         use_bias, depthwise_initializer, bias_initializer, depthwise_regularizer, bias_regularizer,
                         activity_regularizer, depthwise_constraint, bias_constraint, **kwargs)


class _SeparableConv(_DepthwiseBase):
    """A depthwise convolution, then a pointwise (1x1) one into ``filters`` channels, then bias and activation.

    Weights: depthwise_kernel (*kernel_size, channels, depth_multiplier),
    pointwise_kernel (1, ..., channels * depth_multiplier, filters), bias (filters,).
    Raises:
        ValueError: bad filters or window arguments, or an input of another rank.
    """
    _kernels = ('pointwise',)

    def __init__(self, filters, kernel_size, strides=1, padding='valid', data_format=None, dilation_rate=1,
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer='glorot_uniform',
                 pointwise_initializer='glorot_uniform', bias_initializer='zeros', depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.filters = filter_count(filters, '%s %r' % (type(self).__name__, self.name))
        self._set_options(kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate, activation,
                          use_bias, bias_initializer, dict(
                              depthwise_initializer=depthwise_initializer, depthwise_regularizer=depthwise_regularizer,
                              depthwise_constraint=depthwise_constraint, pointwise_initializer=pointwise_initializer,
                              pointwise_regularizer=pointwise_regularizer, pointwise_constraint=pointwise_constraint,
                              bias_regularizer=bias_regularizer, bias_constraint=bias_constraint))

    def build(self, input_shape):
        channels = self._channels(input_shape)
        self.depthwise_kernel = self._weight('depthwise', 'depthwise_kernel',
                                             self.kernel_size + (channels, self.depth_multiplier))
        self.pointwise_kernel = self._weight('pointwise', 'pointwise_kernel',
                                             (1,) * self.rank + (channels * self.depth_multiplier, self.filters))
        if self.use_bias:
            self.bias = self._weight('bias', 'bias', (self.filters,))
        self._channel_spec(channels)
        self.built = True

    def call(self, inputs):
        def separable(x):
            spread = self._depthwise(x, self.depthwise_kernel)        # (TF fuses only the pointwise conv's bias)
            made = (self._pointwise, spread, self.pointwise_kernel)
            try:
                pointed = self._pointwise(spread, self.pointwise_kernel)
            except InvalidArgumentError as error:    # (in a trace: TF's graph refuses an empty axis)
                self._note_pointwise_refusal(error, inputs, spread._data.dtype)
                raise
            return self._finish(pointed, made)
        return self._transposed(inputs, separable)

    def _note_pointwise_refusal(self, error, inputs, dtype):
        """TF 2.21's graph refusal of the pointwise 1x1 Conv2D over an axis a 'same' depthwise step left empty
        (a zero length the trace knows): tf.nn.separable_conv2d's node in the layer's scope, after its 'depthwise'
        op; a 1-D layer's pointwise kernel expanded by Keras first ('s1_1/ExpandDims_2')."""
        entry = trace_names.entry_of(inputs)
        shape = entry[1] if entry is not None else None
        if shape is None or len(shape) != self.rank + 2 or self.data_format == 'channels_first' \
                or self.padding != 'same' or (self.rank == 1 and not self._height_one()):
            return
        depth = self.pointwise_kernel.shape[-2]
        lengths = tuple(None if n is None else -(-n // s) for n, s in zip(shape[1:-1], self.strides))
        x_shape = (shape[0],) + ((1,) if self.rank == 1 else ()) + lengths + (depth,)
        sources = '{node}/depthwise, ' + ('{prefix}ExpandDims_2' if self.rank == 1 else '{node}/ReadVariableOp_1')
        note_layer_conv_refusal(error, 'separable_conv2d', dtype, x_shape, (1, 1, depth, self.filters), sources)

    def compute_output_shape(self, input_shape):
        refuse_empty_output(self, tuple(input_shape), self._last(tuple(input_shape))[1:-1])
        return self._first(convolved_shape(self._last(tuple(input_shape)), self.kernel_size, self.strides,
                                           self.dilation_rate, self.padding, self.filters))

    def get_config(self):
        config = super().get_config()
        config.update({'depth_multiplier': self.depth_multiplier, 'filters': self.filters,
                       'kernel_size': self.kernel_size, 'strides': self.strides, 'padding': self.padding,
                       'data_format': self.data_format, 'dilation_rate': self.dilation_rate})
        config.update(self._options_config())
        return config


class SeparableConv1D(_SeparableConv):
    """Separable convolution over (batch, steps, channels)."""
    rank = 1


class SeparableConv2D(_SeparableConv):
    """Separable convolution over (batch, rows, cols, channels)."""
    rank = 2

    # Keras 3's own defaults, pairs (its inspect.signature shows them); the base reads 1 and (1, 1) alike
    def __init__(self, filters, kernel_size, strides=(1, 1), padding='valid', data_format=None, dilation_rate=(1, 1),
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer='glorot_uniform',
                 pointwise_initializer='glorot_uniform', bias_initializer='zeros', depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate, depth_multiplier,
                         activation, use_bias, depthwise_initializer, pointwise_initializer, bias_initializer,
                         depthwise_regularizer, pointwise_regularizer, bias_regularizer, activity_regularizer,
                         depthwise_constraint, pointwise_constraint, bias_constraint, **kwargs)
