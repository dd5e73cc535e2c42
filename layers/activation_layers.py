"""Layers that apply one activation: Activation, ELU, ReLU, LeakyReLU, Softmax, ThresholdedReLU."""
import warnings

from framework import onednn_policy
from framework import graph_random_ops
from framework.losses.tensor_notes import set_keras_logits
from framework.ops import cast, greater, where
from framework.ops.fused_eltwise import fused_elu, fused_sigmoid, fused_silu, fused_tanh, fused_without_tape, is_fusable
from framework.ops.fusable_outputs import affine_parts, is_dense_output, unmark
from framework.ragged.ragged_tensor import RaggedTensor
from framework.tape import ACTIVE
from framework.tensor import convert_to_tensor

from . import activations
from .layer import Layer


def _fused_sigmoid(logits):
    # a 16-bit Dense output's operands: the fused kernel takes the logistic of their float32 sum
    outputs = fused_sigmoid(logits, *(affine_parts(logits) or ()))
    set_keras_logits(outputs, logits)       # as activations.sigmoid: cross-entropies read the logits
    return outputs


def _in_keras_step():
    state = graph_random_ops.current()
    return state is not None and state.keras_step


_FUSED = {activations.tanh: fused_tanh, activations.elu: fused_elu, activations.sigmoid: _fused_sigmoid}
# predict / evaluate only
_FUSED_WITHOUT_TAPE = {activations.silu: 'silu', activations.mish: 'mish', activations.gelu: 'gelu'}


class _Elementwise(Layer):
    """An activation layer: no weights, output shape = input shape."""

    # a RaggedTensor reaches the activation, which maps its values (Keras 3 on TF 2.21: ELU()(ragged) is ragged)
    _keeps_composite_inputs = (RaggedTensor,)

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's


class Activation(_Elementwise):
    """Applies ``activation`` (a name or callable) to its input."""

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)
        self.built = True

    def call(self, inputs):
        fused = _FUSED.get(self.activation)
        if fused is not None and is_fusable(inputs) and onednn_policy.enabled():
            return fused(inputs)        # after a traced Dense: TF's fused oneDNN kernel (ops/fused_eltwise.py)
        if self.activation is activations.silu and ACTIVE and is_fusable(inputs) and onednn_policy.enabled() \
                and _in_keras_step():
            # a fit step: the graph of Dense + Activation('swish') is Dense(activation='swish')'s, which TF
            # fuses (layers/dense.py); measured on TF 2.21: its kernel after two SGD steps, progs/modelfuzz2.
            # The mark goes: the gradient's sigmoid(z) is Eigen's, not the fused kernel's (as in Dense)
            unmark(inputs)
            fused = fused_silu(inputs)
            if fused is not None:
                return fused
        name = _FUSED_WITHOUT_TAPE.get(self.activation)
        if name is not None and not ACTIVE and is_dense_output(inputs) and onednn_policy.enabled():
            return fused_without_tape(name, inputs, self.activation)
        return self.activation(inputs)

    def get_config(self):
        config = super().get_config()
        config['activation'] = activations.serialize(self.activation)
        return config


class ELU(_Elementwise):
    """x for x > 0, alpha * (exp(x) - 1) otherwise."""

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        # Keras 3 keeps alpha as given and converts it in the call: a list broadcasts, a string or None fails there
        self.alpha = alpha if isinstance(alpha, (list, tuple, str, type(None))) else float(alpha)
        self.built = True

    def call(self, inputs):
        if isinstance(self.alpha, float):
            return activations.elu(inputs, alpha=self.alpha)
        # a list alpha: its conversion refuses strings and None as TF's does, then scales the negative side
        alpha = convert_to_tensor(self.alpha, dtype=inputs.dtype)
        unit = activations.elu(inputs)
        return where(greater(inputs, 0), unit, unit * alpha)

    # (no get_config: Keras 3's ELU has none, so its config is the automatic one, as given: ELU(1) has alpha 1,
    # and Layer keywords passed keep their place, ELU(dtype='float16') lists dtype before trainable)


class ReLU(_Elementwise):
    """Rectified linear unit with Keras 3's options.

    Args:
        max_value: cap on the output (None: no cap).
        negative_slope: slope below ``threshold``.
        threshold: values above it pass through.
    Raises:
        ValueError: a negative max_value or negative_slope, or a None threshold.
    """

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            # (Keras's f-strings: format() shows a scalar tensor as its number)
            raise ValueError('max_value of a ReLU layer cannot be a negative value. Received: max_value=%s'
                             % format(max_value, ''))
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError('negative_slope of a ReLU layer cannot be None or a negative value. Received: '
                             'negative_slope=%s' % format(negative_slope, ''))
        if threshold is None or threshold < 0.0:
            raise ValueError('threshold of a ReLU layer cannot be None or a negative value. Received: '
                             'threshold=%s' % format(threshold, ''))
        self.max_value, self.negative_slope, self.threshold = max_value, negative_slope, threshold
        self.built = True

    def call(self, inputs):
        return activations.relu(inputs, negative_slope=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def get_config(self):
        config = super().get_config()
        config.update(max_value=self.max_value, negative_slope=self.negative_slope, threshold=self.threshold)
        return config


class LeakyReLU(_Elementwise):
    """x for x > 0, negative_slope * x otherwise (default 0.3, as Keras 3).

    The Keras 2 name ``alpha`` is accepted for ``negative_slope``, with a warning.
    """

    def __init__(self, negative_slope=0.3, **kwargs):
        if 'alpha' in kwargs:
            negative_slope = kwargs.pop('alpha')
            # Keras warns from its own line, so Python's default filter shows it once per process
            warnings.warn('Argument `alpha` is deprecated. Use `negative_slope` instead.')
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError('The negative_slope value of a Leaky ReLU layer cannot be None or negative value. '
                             'Expected a float. Received: negative_slope=%s' % format(negative_slope, ''))
        self.negative_slope = negative_slope        # as given, as Keras 3 keeps it (get_config: 1 stays an int)
        self.built = True

    def call(self, inputs):
        return activations.leaky_relu(inputs, negative_slope=self.negative_slope)

    def get_config(self):
        config = super().get_config()
        config['negative_slope'] = self.negative_slope
        return config


def _layer_axis(axis):
    """The axis the Softmax layer hands on, as Keras 3's: one of a sequence as an int (a softmax that
    warns over a size-1 axis), several as a list (exp(x - logsumexp(x)) over them)."""
    if isinstance(axis, (tuple, list)):
        return axis[0] if len(axis) == 1 else list(axis)
    return axis


class Softmax(_Elementwise):
    """softmax along ``axis`` (an int)."""
    # Keras 3 finds a symbolic call's output from compute_output_shape, not by running call, so a mask that
    # does not broadcast (Masking's (B, T) before a (B, T, units) Dense) fails only in a real call, as in TF
    masks_only_handed_on = True

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.built = True

    def call(self, inputs, mask=None):
        if mask is None:
            return activations.softmax(inputs, axis=_layer_axis(self.axis))
        _check_mask_broadcasts(tuple(inputs.shape), tuple(mask.shape))
        # As Keras 3: masked positions get a large negative logit, and are zeroed afterwards, so a
        # row masked throughout (a padded query step in MultiHeadAttention) gives zeros, not 1/n.
        from framework.ops import cast, greater, where
        keep = mask if mask.dtype == 'bool' else greater(mask, cast(0.5, mask.dtype))
        outputs = activations.softmax(where(keep, inputs, -1e9), axis=_layer_axis(self.axis))
        return where(keep, outputs, 0.0)

    def get_config(self):
        config = super().get_config()
        config['axis'] = self.axis
        return config


def _check_mask_broadcasts(shape, mask_shape):
    """Keras 3's Softmax refuses a mask with more axes than the inputs, or an axis neither 1 nor the input's."""
    received = 'Received: inputs.shape=%s, mask.shape=%s' % (shape, mask_shape)
    if len(mask_shape) > len(shape):
        raise ValueError('The `mask` must be broadcastable to `inputs` and must not have more dimensions. ' + received)
    for m_dim, i_dim in zip(mask_shape[::-1], shape[::-1]):
        if m_dim is not None and i_dim is not None and m_dim != 1 and m_dim != i_dim:
            raise ValueError('The `mask` must be broadcastable to `inputs`. Each mask dimension must be 1 or match '
                             'the corresponding input dimension. ' + received)


class ThresholdedReLU(_Elementwise):
    """x where x > theta, 0 elsewhere (Keras 3 keeps this Keras 2 layer as a legacy one).

    Written as Keras computes it, ``x * cast(x > theta)``, so a negative input
    gives -0.0 as there. Unbuilt until its first call, as in Keras.

    Raises:
        ValueError: theta None or negative.
    """
    # tf.keras exports Keras's legacy class, which serializes under this module (only that namespace has it)
    _keras_identity = ('keras._legacy.layers', None)

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError('Theta of a Thresholded ReLU layer cannot be None, expecting a float. '
                             'Received: %s' % (theta,))
        if theta < 0:
            raise ValueError('The theta value of a Thresholded ReLU layer should be >=0. Received: %s' % (theta,))
        self.supports_masking = True
        # A tensor of the layer's dtype, as Keras keeps it: the config holds its float32 value.
        self.theta = convert_to_tensor(theta, dtype=self.compute_dtype)

    def call(self, inputs):
        return inputs * cast(greater(inputs, self.theta), inputs.dtype)

    def get_config(self):
        config = super().get_config()
        config['theta'] = float(self.theta)
        return config
