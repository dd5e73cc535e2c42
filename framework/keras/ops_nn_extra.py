"""``keras.ops.nn`` normalization, attention, label encodings and Keras 3's newer activations.

batch/layer/rms normalization and dot_product_attention follow Keras 3.15's
TensorFlow backend formula for formula (the order of operations shows in the
last bits); all are compositions of tapeflow ops, so gradients reach every
tensor argument. The activations (celu, glu, the shrinks, sparsemax...) are
``layers.activations_extra``'s, imported when first called so that importing
``keras.ops`` loads no layer code.
"""
import inspect
import warnings

import numpy as np

from framework import ops as _ops
from framework.errors import InvalidArgumentError, noted
from framework.tensor import TensorShape
from framework.ops.softmax_folded_scale import folds_scale, scaled_softmax
from .activation_inputs import float_activation_input, shape_read
from .ops_arguments import integer
from .rms_scaling_order import rms_scaled
from .ops_dtypes import _floating_kind, cast_all, floating, floatx_dtype, result_dtype, tensor

__all__ = ['batch_normalization', 'celu', 'dot_product_attention', 'glu', 'hard_shrink', 'hard_tanh',
           'in_top_k', 'layer_normalization', 'multi_hot', 'psnr', 'rms_normalization', 'soft_shrink',
           'sparse_plus', 'sparse_sigmoid', 'sparsemax', 'squareplus', 'tanh_shrink', 'threshold']

EPSILON = 1e-7      # keras.backend.epsilon()


def _axes(t, axis, op, out_of_range):
    """``axis`` (an int or ints) as sorted non-negative axes of ``t``. One out of range is the IndexError
    Keras 3's TF backend meets indexing a shape with it, in ``out_of_range``'s words."""
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    for a in axes:
        if not isinstance(a, (int, np.integer)):
            raise ValueError('keras.ops.%s: axis %r is not an integer' % (op, a))
        if not -t.ndim <= a < t.ndim:
            raise noted(IndexError(out_of_range), 'keras.ops.%s: axis %r is out of range for a tensor of shape %s'
                        % (op, a, tuple(t.shape)))
    return sorted(int(a) % t.ndim for a in axes)


def _along(v, t, axes, op, what):
    """``v`` (a per-feature parameter) reshaped to broadcast against ``t`` along ``axes``."""
    if v is None:
        return None
    v = _ops.cast(tensor(v, op), t.dtype)
    if v.ndim == t.ndim or axes == [t.ndim - 1]:
        return v
    shape = [t.shape[i] if i in axes else 1 for i in range(t.ndim)]
    if v.shape.num_elements() != int(np.prod([t.shape[i] for i in axes])):
        raise ValueError('keras.ops.%s: %s of shape %s does not match x %s along axes %s'
                         % (op, what, tuple(v.shape), tuple(t.shape), axes))
    return _ops.reshape(v, shape)


def _keras_broadcast(v, t, axes, written_last):
    """Keras 3's layer_normalization reshapes gamma / beta to x's rank (the normalized axes' sizes, 1
    elsewhere) unless they have it or ``axis`` was written as the last axis's index (axis=-1 is not):
    one of another size is Reshape's error there ('Input to reshape is a tensor with 4 values, ...')."""
    if v is None:
        return None
    v = _ops.cast(tensor(v, 'layer_normalization'), t.dtype)
    if v.ndim == t.ndim or written_last:
        return v
    return _ops.reshape(v, [t.shape[i] if i in axes else 1 for i in range(t.ndim)])


def batch_normalization(x, mean, variance, axis, offset=None, scale=None, epsilon=1e-3):
    """(x - mean) * scale / sqrt(variance + epsilon) + offset, the statistics given per
    feature along ``axis``."""
    t = floating(x, 'batch_normalization')
    # Keras's `shape[axis] = mean.shape[0]`, unless axis is -1
    axes = [t.ndim - 1] if axis == -1 else _axes(t, axis, 'batch_normalization', 'list assignment index out of range')
    mean, variance, offset, scale = (_along(v, t, axes, 'batch_normalization', what) for v, what in
                                     ((mean, 'mean'), (variance, 'variance'), (offset, 'offset'), (scale, 'scale')))
    return _ops.batch_normalization(t, mean, variance, offset, scale, epsilon)


def warn_rms_scaling():
    """Keras 3's deprecation warning for ``rms_scaling=True`` (its LayerNormalization calls this op, so
    the layer gives it too, once per process as Python shows a warning from one place)."""
    warnings.warn('You passed `rms_scaling=True`, which is deprecated. This argument incorrectly scales the input '
                  'by the variance, not the root mean square. To correctly use RMS Normalization, please use '
                  '`keras.ops.rms_normalization` / `keras.ops.nn.rms_normalization` instead.')


def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None, **kwargs):
    """x normalised to zero mean and unit variance over ``axis``, then * gamma + beta (computed in float32
    for half-precision and integer x, and cast back to x's dtype, as Keras 3)."""
    rms_scaling = kwargs.pop('rms_scaling', False)      # (other keyword arguments are ignored, as by Keras 3)
    if rms_scaling:
        warn_rms_scaling()
    t, original = _computed_in_float32(x, 'layer_normalization')
    axes = _axes(t, axis, 'layer_normalization', 'tuple index out of range')      # Keras's input_shape[dim]
    epsilon = EPSILON if epsilon is None else float(epsilon)
    written_last = sorted(axis if isinstance(axis, (list, tuple)) else [axis]) == [t.ndim - 1]
    gamma, beta = (_keras_broadcast(v, t, axes, written_last) for v in (gamma, beta))
    if rms_scaling:         # deprecated in Keras 3: scales by the variance, kept for old callers
        inv = _ops.rsqrt(_ops.reduce_variance(t, axes, keepdims=True) + epsilon)
        return _ops.cast(t * inv if gamma is None else rms_scaled(t, inv, gamma), original)
    mean, variance = _ops.moments(t, axes, keepdims=True)
    return _ops.cast(_ops.batch_normalization(t, mean, variance, beta, gamma, epsilon), original)


def _computed_in_float32(x, op):
    """(x in the dtype Keras 3 normalizes in, x's own dtype): result_type(x.dtype, 'float32'), so float16,
    bfloat16 and integers compute in float32 (float64 stays) and the result is cast back to x's dtype."""
    t = tensor(x, op)
    original = t.dtype
    t = floating(t, op)
    return (_ops.cast(t, 'float32') if t.dtype.name in ('float16', 'bfloat16') else t), original


def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    """x / sqrt(mean(x**2 over ``axis``) + epsilon), times ``scale`` (computed in float32 for half-precision
    and integer x, and cast back to x's dtype, as Keras 3)."""
    t, original = _computed_in_float32(x, 'rms_normalization')
    if t.ndim == 0:
        t = _ops.reshape(t, [1])
    epsilon = EPSILON if epsilon is None else float(epsilon)
    # (the axis goes to the mean as given, as Keras's: axis 5 is Mean's kernel error, 1.0 its int32 conversion's)
    out = t * _ops.rsqrt(_ops.reduce_mean(_ops.square(t), axis, keepdims=True) + epsilon)   # Keras's Square op
    out = out if scale is None else out * _ops.cast(tensor(scale, 'rms_normalization'), t.dtype)
    return _ops.cast(out, original)


def dot_product_attention(query, key, value, bias=None, mask=None, scale=None, is_causal=False,
                          flash_attention=None, attn_logits_soft_cap=None):
    """softmax(scale * q k^T + bias, masked) v for (batch, seq, heads, head_dim) tensors.

    ``mask`` (bool, broadcast to (batch, heads, q_len, kv_len)) keeps True
    positions; ``is_causal`` also hides later keys. With fewer key/value heads
    than query heads, each serves a group of query heads. ``attn_logits_soft_cap``
    bounds the logits by cap * tanh(logits / cap).
    """
    if flash_attention:
        raise noted(ValueError('Flash attention is not supported in tensorflow backend.'),
                    'keras.ops.dot_product_attention: pass flash_attention=None or False')
    raw = [tensor(t, 'dot_product_attention') for t in (query, key, value)]
    integral = None
    if not any(t._data.dtype.kind in 'fc' or _floating_kind(t._data.dtype) for t in raw):
        # Keras 3 on TF computes int / bool attention in their common dtype: float32 logits and softmax, the
        # probabilities cast back to it (truncated), an integer output; Einsum has no kernel for bool / int16 / uint8
        integral = result_dtype(result_dtype(raw[0]._data.dtype, raw[1]._data.dtype), raw[2]._data.dtype)
        q, k, v = (_ops.cast(t, integral.name) for t in raw)
    else:
        q, k, v = cast_all([floating(t, 'dot_product_attention') for t in raw], 'dot_product_attention')
    if q.ndim != 4:     # Keras 3's TF backend looks at the query's rank only: a key's or value's is Einsum's error
        raise noted(ValueError('`dot_product_attention` only supports 4D inputs. Received: query.shape=%s, '
                               'key.shape=%s, value.shape=%s.' % tuple(TensorShape(a.shape) for a in (q, k, v))),
                    'keras.ops.dot_product_attention: query, key and value must be (batch, seq, heads, head_dim)')
    heads, kv_heads = q.shape[2], (k.shape[2] if k.ndim > 2 else None)
    if kv_heads is not None and heads > kv_heads >= 1:
        # as Keras 3's TF backend: each key/value head repeated heads // kv_heads times, so a count that does
        # not divide is Einsum's 'Expected dimension 3 at axis 2 ...'; a single key/value head is repeated
        # too (as on JAX: TF's backend leaves it to Einsum's error, which no ported program relies on)
        groups = np.repeat(np.arange(kv_heads), heads // kv_heads).astype('int32')
        k, v = _ops.gather(k, groups, axis=2), _ops.gather(v, groups, axis=2)
    # Keras on TF multiplies by tf.cast(scale, logits.dtype): a Python number (or its default 1 / tf.sqrt(float32
    # head_dim)) is a float32 constant first, so float64 logits meet the float32-rounded scale
    if scale is None:
        scale = float(np.float32(1) / np.sqrt(np.float32(k.shape[-1])))
    elif type(scale) in (int, float):
        scale = float(np.float32(scale))
    else:
        scale = float(scale)
    if integral is not None:
        logits = _ops.cast(_ops.einsum('BTNH,BSNH->BNTS', q, k), 'float32')     # Keras's equation (in errors)
    else:
        logits = _ops.einsum('btnh,bsnh->bnts', q, k)
    if integral is None and bias is None and attn_logits_soft_cap is None and mask is None and not is_causal and folds_scale(logits):
        return _ops.einsum('bnts,bsnh->btnh', scaled_softmax(logits, scale), v)
    # Keras on TF scales, masks and softmaxes float16 / bfloat16 logits in float32 and casts the
    # probabilities back: in the narrow dtype the outputs were an ulp or two off under mixed_float16
    narrow = q.dtype if np.dtype(q._data.dtype).name in ('float16', 'bfloat16') else None
    if narrow is not None:
        logits = _ops.cast(logits, 'float32')
    logits = logits * scale
    if bias is not None:
        bias = _ops.cast(tensor(bias, 'dot_product_attention'), q.dtype)     # Keras: bias in q's dtype first
        logits = logits + _ops.cast(bias, logits.dtype)
    if attn_logits_soft_cap is not None:
        cap = float(attn_logits_soft_cap)
        logits = _ops.tanh(logits / cap) * cap
    keep = None if mask is None else _ops.cast(tensor(mask, 'dot_product_attention'), 'bool')
    if keep is not None:
        try:
            keep = _ops.broadcast_to(keep, logits.shape)
        except InvalidArgumentError as error:
            # Keras ands the mask into ones_like(logits) first: a mask that does not fit is LogicalAnd's error
            _ops.logical_and(_ops.ones(logits.shape, 'bool'), keep)
            raise error
    if is_causal:
        causal = np.tril(np.ones(logits.shape[-2:], bool))[None, None]
        keep = _ops.constant(causal) if keep is None else _ops.logical_and(keep, causal)
    if keep is not None:
        # Keras 3's large negative (not -inf), so a fully masked row averages its values.
        logits = _ops.where(_ops.broadcast_to(keep, logits.shape), logits, -0.7 * 3.38953e38)
    probs = _ops.softmax(logits, -1)
    if integral is not None:
        return _ops.einsum('BNTS,BSNH->BTNH', _ops.cast(probs, integral.name), v)
    return _ops.einsum('bnts,bsnh->btnh', probs if narrow is None else _ops.cast(probs, narrow), v)


def in_top_k(targets, predictions, k):
    """Whether each target class is among the ``k`` largest predictions of its row (ties count)."""
    if isinstance(predictions, np.ndarray) and predictions.dtype.kind in 'fiub':
        # InTopKV2's float32 input converts a numpy array of any number type (a float64 or float16 *tensor* is
        # its refusal), as TF 2.21 does: in_top_k(np.array([1]), np.array([[0.2, 0.8]]), 1) is [True]
        predictions = predictions.astype(np.float32)
    # (a Python list of targets reaches tf.math.in_top_k as given: eager's slow path, whose conversion of a
    # float64 or int predictions tensor to float32 is its ValueError)
    targets = targets if isinstance(targets, (list, tuple)) else tensor(targets, 'in_top_k')
    return _ops.in_top_k(targets, predictions, integer(k, 'k', 'in_top_k'))     # (integer tensors as given too)


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False, **kwargs):
    """1 at each class listed in a row of integer ``inputs`` (a 1-D input is one row), floatx.
    As Keras 3: ``num_tokens`` is an old name of num_classes, other keyword arguments are ignored, and
    its TF backend reads ``inputs.shape`` (a Python list has none) and casts float or bool ids to int64."""
    if num_classes is None and 'num_tokens' in kwargs:
        num_classes = kwargs.pop('num_tokens')
    if num_classes is None:
        raise ValueError('Argument `num_classes` must be specified.')
    if not hasattr(inputs, 'shape'):
        raise noted(AttributeError("'%s' object has no attribute 'shape'" % type(inputs).__name__),
                    'keras.ops.multi_hot: pass the class ids as an array or tensor')
    t = tensor(inputs, 'multi_hot')
    if t._data.dtype.kind not in 'iu':
        t = _ops.cast(t, 'int64')         # Keras's convert_to_tensor(x, 'int64'): a cast, floats truncated
    if t.dtype.name not in ('int32', 'int64'):
        t = _ops.cast(t, 'int64')         # Keras 3 one-hots int64 ids (tf.one_hot takes no int16 or uint16)
    if sparse:
        from framework import dtypes
        from .sparse_one_hot import sparse_multi_hot
        return sparse_multi_hot(t, integer(num_classes, 'num_classes', 'multi_hot'), axis,
                                dtypes.as_dtype(dtype or floatx_dtype()).name)
    from .ops_nn import keras_one_hot
    hot = keras_one_hot(t, integer(num_classes, 'num_classes', 'multi_hot'), axis, dtype or floatx_dtype())
    # Keras 3 reduces over axis 1 of the one-hot tensor (axis 0 for a 1-D input), wherever ``axis`` put the classes.
    reduce = _ops.reduce_any if hot._data.dtype.kind == 'b' else _ops.reduce_max
    return reduce(hot, axis=1 if t.ndim > 1 else 0)


def psnr(x1, x2, max_val):
    """Peak signal-to-noise ratio in dB: 20 log10(max_val) - 10 log10(mean((x1 - x2)**2))."""
    a, b = cast_all([floating(x1, 'psnr'), floating(x2, 'psnr')], 'psnr')
    if tuple(a.shape) != tuple(b.shape):       # Keras 3's words (with its trailing space)
        error = ValueError('Input shapes %s and %s must match for PSNR calculation. ' % (tuple(a.shape), tuple(b.shape)))
        error.add_note('keras.ops.psnr: x1 and x2 must have the same shape, got %s and %s'
                       % (tuple(a.shape), tuple(b.shape)))
        raise error
    mse = _ops.reduce_mean(_ops.square(a - b))
    # in x2's dtype, each log10 as Keras's TensorFlow backend writes it: log(x) / log(10) (TF's float32 bits)
    ten = _ops.log(_ops.constant(10, dtype=b.dtype))
    return 20 * (_ops.log(_ops.cast(max_val, b.dtype)) / ten) - 10 * (_ops.log(mse) / ten)


# ---- Keras 3's newer activations, shared with keras.activations ---------------------------------
class _Activation:
    """``keras.ops.<name>``: the activation of layers/activations_extra.py, whose signature it shows
    (a functional model records its settings by name: ``keras.ops.celu(x, alpha=2.0)`` is Celu(alpha=2.0))."""

    def __init__(self, name):
        self.__name__ = self.__qualname__ = name
        self.__doc__ = 'The ``%s`` activation (see ``keras.activations.%s``).' % (name, name)
        # the call itself is a closure over the name: a trace tells the activations apart by it and names
        # each result as TF 2.21 does (traced_ops reads ``plain``, graph_op_names' keras.ops rows)
        self.plain = _activation_call(name)

    def _function(self):
        return _activation_function(self.__name__)

    def __call__(self, x, *args, **kwargs):
        return self.plain(x, *args, **kwargs)

    @property
    def __signature__(self):
        return inspect.signature(self._function())


def _activation_function(name):
    from layers import activations_extra       # (layers imports framework.keras: looked up at call time)
    return getattr(activations_extra, name)


def _activation_call(name):
    def activation(x, *args, **kwargs):
        if name == 'glu':      # Keras checks glu's axis size (x.shape) before TF's kernel sees the dtype
            shape_read(x, 'glu')
            return _activation_function(name)(tensor(x, 'glu'), *args, **kwargs)
        if name == 'sparsemax' or name in ('hard_shrink', 'soft_shrink', 'threshold') and not isinstance(x, (list,
                                                                                                         tuple)):
            # run Keras's steps on integer / bool tensors too (in their dtype, failing where TF does)
            return _activation_function(name)(tensor(x, name), *args, **kwargs)
        if isinstance(x, (list, tuple)):    # goes on as given: Keras compares it first (soft_shrink's x > threshold)
            tensor(x, name)
            return _activation_function(name)(x, *args, **kwargs)
        return _activation_function(name)(float_activation_input(tensor(x, name), name, given=x), *args, **kwargs)
    activation.__name__ = activation.__qualname__ = name
    return activation


def _activation(name):
    return _Activation(name)


celu, glu, hard_shrink, hard_tanh, soft_shrink, sparse_plus, sparse_sigmoid, sparsemax, squareplus, tanh_shrink, \
    threshold = (_activation(n) for n in ('celu', 'glu', 'hard_shrink', 'hard_tanh', 'soft_shrink', 'sparse_plus',
                                          'sparse_sigmoid', 'sparsemax', 'squareplus', 'tanh_shrink', 'threshold'))
