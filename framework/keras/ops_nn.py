"""``keras.ops`` neural-network ops (``keras.ops.nn``), with Keras 3's argument names and defaults:
activations, softmax, one_hot, moments and normalize. The cross-entropies are in ops_crossentropy.py, conv and
the pools in ops_conv_pool.py.

Differences from ``framework.nn`` that matter: ``gelu`` is the tanh
approximation by default, ``leaky_relu`` takes ``negative_slope``.
"""
import operator

import numpy as np

from framework import dtypes
from framework import errors as _errors
from framework import ops as _ops
from framework.ops.activations import keras_elu
from framework.losses.tensor_notes import set_keras_logits
from framework.ops import float_kernels

from .activation_inputs import float_activation_input, floatx_activation_input, shape_read
from .ops_arguments import integer
from .ops_dtypes import floating, floatx_dtype, tensor
from .softmax_axis_warning import warn_if_one_class


__all__ = ['elu', 'gelu', 'hard_sigmoid', 'hard_silu', 'hard_swish', 'leaky_relu', 'log_sigmoid', 'log_softmax',
           'moments', 'normalize', 'one_hot', 'relu', 'relu6', 'selu', 'sigmoid', 'silu', 'softmax', 'softplus',
           'softsign', 'swish']


EPSILON = 1e-7      # keras.backend.epsilon()


def _activation(name, tapeflow_op):
    def op(x):
        return tapeflow_op(float_activation_input(tensor(x, name), name, given=x))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'The ``%s`` activation, elementwise (integer inputs refused, as by TF: see activation_inputs).' % name
    return op


def relu(x):
    """max(x, 0), elementwise; integer inputs keep their dtype, as Keras 3 on TensorFlow."""
    return _ops.relu(tensor(x, 'relu'))


def relu6(x):
    """min(max(x, 0), 6), elementwise; integer inputs keep their dtype, as Keras 3 on TensorFlow."""
    return _ops.relu6(tensor(x, 'relu6'))


def sigmoid(x):
    """1 / (1 + exp(-x)); the result remembers x, as Keras 3's on TensorFlow, so a cross-entropy
    scores it from the logits (``_keras_logits``: other bits than from the probabilities)."""
    x = float_activation_input(tensor(x, 'sigmoid'), 'sigmoid')
    y = _ops.sigmoid(x)
    set_keras_logits(y, x)
    return y


softplus = _activation('softplus', _ops.softplus)
softsign = _activation('softsign', _ops.softsign)
silu = swish = _activation('silu', _ops.silu)
selu = _activation('selu', _ops.selu)
hard_sigmoid = _activation('hard_sigmoid', lambda x: _ops.hard_sigmoid(x, traced=_in_traced_step()))


def log_sigmoid(x):
    """log(sigmoid(x)): tf.math.log_sigmoid, as Keras 3 on TF calls it (its Neg refuses bools, unsigned ints
    and strings before Softplus refuses signed ints)."""
    return _ops.log_sigmoid(tensor(x, 'log_sigmoid'))


hard_silu = hard_swish = _activation('hard_silu', lambda x: _ops.hard_silu(x, traced=_in_traced_step(),
                                                                        scope=_outermost_scope()))


def _outermost_scope():
    """The outermost layer call's name (graph names start with it), None outside one (hard_silu's gradient)."""
    from layers import call_context
    return call_context.outermost_scope()


def _in_traced_step():
    """Whether a traced function or Keras step (predict's too) runs, where TF's graph optimizer
    rewrites hard_sigmoid's division (ops/activations.py)."""
    from layers import call_context
    return call_context.in_traced_function()


def gelu(x, approximate=True):
    """Gaussian error linear unit; Keras 3 defaults to the tanh approximation."""
    return _ops.gelu(float_activation_input(tensor(x, 'gelu'), 'gelu'), approximate=approximate)


def elu(x, alpha=1.0):
    return keras_elu(float_activation_input(tensor(x, 'elu'), 'elu', given=x), alpha)


def leaky_relu(x, negative_slope=0.2):
    return _ops.leaky_relu(floatx_activation_input(tensor(x, 'leaky_relu'), 'leaky_relu'), negative_slope)


def softmax(x, axis=-1):
    """exp(x) / sum(exp(x)) along ``axis``; the result remembers x, as Keras 3's on TensorFlow, so a
    categorical cross-entropy scores it from the logits (over its own axis, whatever ``axis`` was)."""
    if isinstance(axis, (int, tuple)):      # Keras reads x.shape[axis] (its size-1 warning) before converting
        shape_read(x, 'softmax')
    x = tensor(x, 'softmax')
    warn_if_one_class(x, axis)
    x = float_activation_input(x, 'softmax')
    if axis is None or isinstance(axis, tuple):
        y = _softmax_over_axes(x, axis)
    else:
        y = _ops.softmax(x, axis)
    set_keras_logits(y, x)
    return y


def _softmax_over_axes(x, axis, kernel=_ops.softmax):
    """Keras 3's softmax (or log_softmax: ``kernel``) over several axes (None: all): those axes moved last and
    flattened into one, one softmax over it, moved back (so the sums are TF's Softmax kernel's over that row)."""
    shape = tuple(x.shape)
    if axis is None:
        return _ops.reshape(kernel(_ops.reshape(x, [-1]), -1), shape)
    keep = [v for v in range(len(shape)) if v not in axis]
    perm = [_canonical_axis(v, len(shape)) for v in keep + list(axis)]
    if len(set(perm)) != len(perm):
        # Keras's TF transpose check (a negative axis is not taken out of ``keep``: (-1,) repeats the last)
        raise ValueError('`axes` must be a valid permutation of the input dimensions (no duplicates). Received: '
                         'axes=%s for input of rank %d.' % (perm, len(shape)))
    moved = _ops.transpose(x, keep + list(axis))
    y = kernel(_ops.reshape(moved, [shape[v] for v in keep] + [-1]), -1)
    order = keep + list(axis)
    return _ops.transpose(_ops.reshape(y, tuple(moved.shape)), sorted(range(len(order)), key=order.__getitem__))


def _canonical_axis(axis, rank):
    """Keras's canonicalize_axis: Python's TypeError for a non-integer, numpy's words out of range."""
    axis = operator.index(axis)
    if not -rank <= axis < rank:
        raise ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, rank))
    return axis % rank


def log_softmax(x, axis=-1):
    """x - logsumexp(x) along ``axis``; a tuple of axes (or None: all) as Keras 3's softmax takes one."""
    if isinstance(axis, tuple):     # Keras reads x.shape to move a tuple's axes last
        shape_read(x, 'log_softmax')
    x = float_activation_input(tensor(x, 'log_softmax'), 'log_softmax')
    if axis is None or isinstance(axis, tuple):
        return _softmax_over_axes(x, axis, _ops.log_softmax)
    return _ops.log_softmax(x, axis)


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """One-hot rows for integer labels (floatx); out-of-range labels give all-zero rows. Checked in Keras 3's
    order: the dtype ('Invalid dtype: foo'), then the labels, then tf.one_hot's depth."""
    if dtype is not None:
        from .backend import standardize_dtype
        dtype = standardize_dtype(dtype)
    labels = tensor(x, 'one_hot')
    if labels.dtype.name not in ('int32', 'int64'):
        try:
            labels = _ops.cast(labels, 'int64')       # Keras 3 converts the labels to int64 (floats truncate)
        except _errors.UnimplementedError as error:     # string labels: TF's Cast text, the op named in a note
            error.add_note('keras.ops.one_hot: labels must be integers, got dtype %s' % labels.dtype.name)
            raise
    if num_classes is None or isinstance(num_classes, (float, str)):      # TF's conversion of the depth to int32
        error = (ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                            "Tensor.") if num_classes is None else
                 TypeError('Cannot convert %r to EagerTensor of dtype int32' % (num_classes,)))
        error.add_note('keras.ops.one_hot: num_classes must be an integer, got %r' % (num_classes,))
        raise error
    depth = integer(num_classes, 'num_classes', 'one_hot')
    if sparse:
        from .sparse_one_hot import sparse_one_hot
        return sparse_one_hot(labels, depth, axis, dtypes.as_dtype(dtype or floatx_dtype()).name)
    return keras_one_hot(labels, depth, axis, dtype or floatx_dtype())


def keras_one_hot(labels, depth, axis, dtype):
    """tf.one_hot as Keras 3's TensorFlow backend calls it: bool one-hots take on/off values True/False
    (tf.one_hot's default 1 converts to no bool)."""
    if dtypes.as_dtype(dtype).name == 'bool':
        return _ops.one_hot(labels, depth, on_value=True, off_value=False, axis=axis, dtype=dtype)
    return _ops.one_hot(labels, depth, axis=axis, dtype=dtype)


def noted_keras_error(error, op, advice):
    error.add_note('keras.ops.%s: %s' % (op, advice))
    return error


def moments(x, axes, keepdims=False, synchronized=False):
    """(mean, variance) over ``axes``; integer inputs in their dtype (TF's integer Mean), float16 / bfloat16 in
    float32 (clipped to float16's range and cast back), as Keras 3 on TF."""
    raw = tensor(x, 'moments')
    if raw.dtype.is_bool:       # Keras 3 reaches TF's Mean with the bools: its registry refuses them
        return _ops.reduce_mean(raw, axes)
    if raw._data.dtype.kind in 'iu' and not synchronized:
        return _integer_moments(raw, axes, keepdims)
    t = floating(x, 'moments')
    compute = synchronized_moments if synchronized else _ops.moments
    if t.dtype.name not in ('float16', 'bfloat16'):
        return compute(t, axes, keepdims=keepdims)
    # Keras 3 computes half precision in float32, clips to float16's range and casts back
    mean, variance = compute(_ops.cast(t, 'float32'), axes, keepdims=keepdims)
    limit = float(np.finfo(np.float16).max)
    return tuple(_ops.cast(_ops.clip_by_value(v, -limit, limit), t.dtype) for v in (mean, variance))


def _integer_moments(t, axes, keepdims):
    """tf.nn.moments of an integer tensor, as Keras 3 on TF hands it over: TF's integer Mean (the sum divided
    with truncation) of x and of SquaredDifference(x, mean), in x's dtype (uint8 meets SquaredDifference's
    refusal); int32 [1, 2, 4] gives (2, 1)."""
    axes = list(axes) if isinstance(axes, (list, tuple)) else [axes]
    mean = _ops.reduce_mean(t, axes, keepdims=True)
    variance = _ops.reduce_mean(_ops.squared_difference(t, _ops.stop_gradient(mean)), axes, keepdims=True)
    if not keepdims:
        mean, variance = _ops.squeeze(mean, axes), _ops.squeeze(variance, axes)
    return mean, variance


def synchronized_moments(x, axes, keepdims=False):
    """moments(synchronized=True) as Keras 3 on TF computes them (its replica context is there outside any
    strategy too): sums of x and x**2 all-reduced over the one replica, var = max(E(x**2) - E(x)**2, 0), which
    cancels where x is nearly constant (1000 + [0, 1e-4, 2e-4]: variance 0.0625, not 7e-9)."""
    axes = list(axes) if isinstance(axes, (list, tuple)) else [axes]
    count = _ops.reduce_sum(_ops.ones_like(x), axes, keepdims=True)
    mean = _ops.divide_no_nan(_ops.reduce_sum(x, axes, keepdims=True), count)
    squares_mean = _ops.divide_no_nan(_ops.reduce_sum(_ops.square(x), axes, keepdims=True), count)
    variance = _ops.maximum(squares_mean - _ops.square(mean), 0.0)
    if not keepdims:
        mean, variance = _ops.squeeze(mean, axes), _ops.squeeze(variance, axes)
    return mean, variance


def normalize(x, axis=-1, order=2, epsilon=None):
    """``x`` divided by its ``order``-norm along ``axis`` (the norm floored at ``epsilon``)."""
    if not isinstance(order, int) or order < 1:       # Keras's check: True passes, as order 1
        raise _errors.noted(ValueError('Argument `order` must be an int >= 1. Received: order=%s' % (order,)),
                            'keras.ops.normalize: order is the p of the p-norm, an int >= 1')
    order = int(order)
    raw = tensor(x, 'normalize')
    if (raw.dtype.is_integer or raw.dtype.is_bool) and order == 2:
        # Keras 3 on TF reaches Rsqrt with its sum of squares, which sums bool / int8 / int16 in int32 and
        # uint8 / uint16 in uint32 (the norm of other orders is taken in floatx: those compute)
        widened = {'bool': 'int32', 'int8': 'int32', 'int16': 'int32', 'uint8': 'uint32', 'uint16': 'uint32'}
        error = float_kernels.refusal('rsqrt', widened.get(raw.dtype.name, raw.dtype.name))
        error.add_note("keras.ops.normalize: expected a float tensor, got %s; cast it first, e.g. "
                       "keras.ops.cast(x, 'float32')" % raw.dtype.name)
        raise error
    t = floating(x, 'normalize')
    if t.ndim == 0:
        t = _ops.reshape(t, [1])
    epsilon = EPSILON if epsilon is None else epsilon
    if order == 2:
        # Keras squares with ops.square (one Square op, gradient g * 2x): t * t gave x two gradient terms,
        # which the sweep added apart from the third (gradients an ulp off TF 2.21's)
        inv_norm = _ops.rsqrt(_ops.reduce_sum(_ops.square(t), axis, keepdims=True))
        return t * _ops.minimum(inv_norm, 1.0 / epsilon)
    return t / _ops.maximum(_ops.norm(t, ord=order, axis=axis, keepdims=True), epsilon)
