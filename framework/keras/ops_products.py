"""``keras.ops`` products and pairwise measures: vdot, inner, kron, cross,
correlate, trapezoid, corrcoef, cdist.

All are compositions of tapeflow's multiply, reduce_sum, tensordot, gather and
reshape, so gradients reach both operands.
"""
import numpy as np

from framework import ops as _ops
from framework import graph_inner_errors, onednn_policy
from framework.ops.graph_input_errors import traced
from framework.ops import float_kernels
from framework.errors import FailedPreconditionError, InvalidArgumentError, kernel_error
from .ops_arguments import axis_of
from .ops_dtypes import cast_all, floating, floatx_dtype, in_product_dtype, numeric, refuse_kinds, same_dtype_operand, tensor

__all__ = ['cdist', 'corrcoef', 'correlate', 'cross', 'inner', 'kron', 'trapezoid', 'vdot']


def vdot(x1, x2):
    """The dot product of the two flattened tensors, as Keras 3 on TensorFlow computes it: a tensordot
    (TF's matmul order and bits) in the pair's dtype, integers and bools in floatx and cast back."""
    (a, b), back = in_product_dtype(cast_all([_numeric_or_bool(x1, 'vdot'), _numeric_or_bool(x2, 'vdot')], 'vdot'))
    # (a length mismatch is the tensordot's MatMul error, as on TF: 'Matrix size-incompatible: ...')
    out = _noted_tensordot(_ops.reshape(a, [-1]), _ops.reshape(b, [-1]), [[0], [0]], 'vdot', a, b,
                           'x1 and x2 must have as many elements')
    return out if back is None else _ops.cast(out, back)


def inner(x1, x2):
    """The sum product over the last axes (a scalar operand multiplies)."""
    converted = [_numeric_or_bool(x1, 'inner'), _numeric_or_bool(x2, 'inner')]
    (a, b), back = in_product_dtype(cast_all(converted, 'inner'))
    if traced():        # Keras 3's tf.cond over the ranks: a graph builds both branches (graph_inner_errors)
        refused = graph_inner_errors.refusal(x1, x2, converted, a._data.dtype)
        if refused is not None:
            refused.add_note('keras.ops.inner: in a traced function TensorFlow builds both x1 * x2 and the tensordot '
                             'over the last axes, for shapes %s and %s' % (tuple(a.shape), tuple(b.shape)))
            raise refused
    if a.ndim == 0 or b.ndim == 0:
        out = a * b
    else:
        out = _noted_tensordot(a, b, [[a.ndim - 1], [b.ndim - 1]], 'inner', a, b, 'the last axes must match')
    return out if back is None else _ops.cast(out, back)


def _noted_tensordot(a, b, axes, op, x1, x2, rule):
    """tensordot(a, b, axes); a size mismatch is its MatMul InvalidArgumentError as Keras 3 on TF meets it,
    with a note in keras.ops's words."""
    try:
        return _ops.tensordot(a, b, axes)
    except InvalidArgumentError as error:
        error.add_note('keras.ops.%s: %s, got shapes %s and %s' % (op, rule, tuple(x1.shape), tuple(x2.shape)))
        raise


def _numeric_or_bool(x, op):
    t = tensor(x, op)
    return t if t._data.dtype.kind == 'b' else numeric(t, op)


def _refuse_bool_pair(x1, x2, op):
    """TF 2.21's kernel refusal when both operands are bool: Keras 3 hands kron's Mul and cross's Cross two bool
    tensors uncast (a bool beside an int tensor is promoted and works); tapeflow summed them as int32."""
    if tensor(x1, op)._data.dtype.kind != 'b' or tensor(x2, op)._data.dtype.kind != 'b':
        return
    if op == 'kron':
        from framework.ops.float_kernels import string_refusal
        error = string_refusal('multiply', 'bool')
    else:
        from framework.ops.linalg_tensor_parts import cross_type_refusal
        error = cross_type_refusal('bool')
    error.add_note('keras.ops.%s: two bool tensors; cast them first, e.g. keras.ops.cast(x, "int32")' % op)
    raise error


def kron(x1, x2):
    """The Kronecker product: blocks x1[i, j] * x2, for tensors of any rank."""
    _refuse_bool_pair(x1, x2, 'kron')
    # a bool beside an integer or float tensor promotes to that dtype, as Keras 3 casts the pair
    # (kron(bool, uint8) is uint8, not int32)
    a, b = cast_all([_numeric_or_bool(x1, 'kron'), _numeric_or_bool(x2, 'kron')], 'kron')
    rank = max(a.ndim, b.ndim)
    a = _ops.reshape(a, [1] * (rank - a.ndim) + list(a.shape))
    b = _ops.reshape(b, [1] * (rank - b.ndim) + list(b.shape))
    # a's axes interleaved with b's: (a0, 1, a1, 1, ...) * (1, b0, 1, b1, ...), then merged pairwise.
    spread_a = _ops.reshape(a, [n for d in a.shape for n in (d, 1)])
    spread_b = _ops.reshape(b, [n for d in b.shape for n in (1, d)])
    return _ops.reshape(spread_a * spread_b, [p * q for p, q in zip(a.shape, b.shape)])


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of 3-vectors (or 2-vectors, taken with z = 0) along the given axes."""
    _refuse_bool_pair(x1, x2, 'cross')
    a, b = cast_all([numeric(x1, 'cross'), numeric(x2, 'cross')], 'cross')
    refuse_kinds(a, 'cross')
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = _moved(a, axisa, -1), _moved(b, axisb, -1)       # Keras's moveaxis, its axis errors included
    # As Keras 3 on TF: 2-vectors padded to 3, the shapes broadcast (BroadcastArgs), then tf.linalg.cross
    padded = [tuple(t.shape[:-1]) + (3 if t.shape[-1] == 2 else t.shape[-1],) for t in (a, b)]
    try:
        shape = np.broadcast_shapes(*padded)
    except ValueError:
        raise kernel_error('BroadcastArgs', 'Incompatible shapes: [%s] vs. [%s]' % tuple(
            ','.join(map(str, p)) for p in padded), note='keras.ops.cross: shapes %s and %s do not broadcast'
                           % (tuple(a.shape), tuple(b.shape))) from None
    if shape[-1] != 3:
        raise kernel_error('Cross', 'Cross-products are only defined for 3-element vectors.', named=True,
                           error_class=FailedPreconditionError,
                           note='keras.ops.cross: vectors must have 2 or 3 components, got shapes %s and %s'
                                % (tuple(a.shape), tuple(b.shape)))
    # a single component broadcasts over the three, as tf.broadcast_to does in Keras's path
    a, b = (_ops.broadcast_to(t, tuple(t.shape[:-1]) + (3,)) if t.shape[-1] == 1 else t for t in (a, b))
    ax, ay, az = _components(a)
    bx, by, bz = _components(b)
    if az is None and bz is None:
        return ax * by - ay * bx
    zero_a, zero_b = az if az is not None else 0 * ax, bz if bz is not None else 0 * bx
    out = _ops.stack(cast_all([ay * zero_b - zero_a * by, zero_a * bx - ax * zero_b, ax * by - ay * bx], 'cross'),
                     -1)
    return _moved(out, -1, axisc)


def _moved(t, source, destination):
    from .ops_shapes import moveaxis_permutation
    perm = moveaxis_permutation(t.ndim, source, destination, 'cross')
    return t if perm is None else _ops.transpose(t, perm)


def _components(t):
    parts = _ops.unstack(t, axis=-1)
    return parts[0], parts[1], parts[2] if len(parts) == 3 else None


def correlate(x1, x2, mode='valid'):
    """The cross-correlation of two 1-D tensors, out[k] = sum_j x1[k + j] * x2[j], as Keras 3 on TensorFlow
    computes it: a VALID conv1d of x1 by the filter x2 ('full' pads x1 with len(x2) - 1 zeros each side, 'same'
    slices the middle max(n, m) values of 'full'). So the float bits, the lengths and the errors are TF's:
    'valid' with x1 shorter than x2 is Conv2D's negative output size (numpy swaps them), 'same' of a shorter x1
    is not numpy's centring, a scalar is Python's IndexError on the shape, a bad mode is Keras's ValueError
    after those."""
    a, v = cast_all([x1, x2], 'correlate')
    # Keras 3 correlates int64 in float64, other ints and bools in float32 whatever floatx is (TF 2.21)
    compute = {'i': 'float32', 'u': 'float32', 'b': 'float32'}.get(a._data.dtype.kind)
    compute = 'float64' if a._data.dtype == np.int64 else compute
    a, v = floating(a, 'correlate', compute), floating(v, 'correlate', compute)
    n, m = _first_length(a, a, v), _first_length(v, a, v)
    if mode == 'valid':
        return _valid_correlation(a, v)
    if mode == 'full':
        return _full_correlation(a, v)
    if mode == 'same':
        out_length = max(n, m)
        return _ops.slice(_full_correlation(a, v), [(n + m - 1 - out_length) // 2], [out_length])
    raise ValueError("Invalid mode: '%s'. Mode must be one of: 'full', 'same', 'valid'." % (mode,))


def _first_length(t, a, v):
    # Keras reads shape_op(x)[0]: a scalar is Python's IndexError
    try:
        return tuple(t.shape)[0]
    except IndexError as error:
        error.add_note('keras.ops.correlate: x1 and x2 must be 1-D tensors, got shapes %s and %s'
                       % (tuple(a.shape), tuple(v.shape)))
        raise


def _valid_correlation(a, v):
    from framework.ops.convolution1d import conv1d
    # x1 as one sequence of one channel [1, n, 1], x2 as a [m, 1, 1] filter (its reshape errors are TF's)
    signal = _ops.reshape(a, (1, tuple(a.shape)[0], 1))
    kernel = _ops.reshape(v, (tuple(v.shape)[0], 1, 1))
    return _ops.squeeze(conv1d(signal, kernel, stride=1, padding='VALID'), axis=[0, 2])


def _full_correlation(a, v):
    pad = max(tuple(v.shape)[0] - 1, 0)
    return _valid_correlation(_ops.pad(a, [[pad, pad]]), v)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The integral of ``y`` along ``axis`` by the trapezoidal rule (samples at ``x``, or ``dx`` apart)."""
    t = floating(y, 'trapezoid')
    from .ops_arrangement import diff
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)) or not -t.ndim <= axis < t.ndim:
        axis = _keras_move_axis_to_last(t, axis)        # its errors, which TF words; -1.0 is the last axis
    axis = axis_of(axis, t.ndim, 'trapezoid')
    head = [slice(None)] * axis
    pairs = _ops.getitem(t, tuple(head + [slice(1, None)])) + _ops.getitem(t, tuple(head + [slice(None, -1)]))
    if x is None:
        return _ops.reduce_sum(pairs, axis) * (float(dx) / 2)
    steps = diff(cast_all([floating(x, 'trapezoid'), t], 'trapezoid')[0], axis=-1 if np.ndim(x) == 1 else axis)
    if steps.ndim == 1 and t.ndim > 1:
        shape = [1] * t.ndim
        shape[axis] = steps.shape[0]
        steps = _ops.reshape(steps, shape)
    return _ops.reduce_sum(pairs * steps, axis) / 2


def _keras_move_axis_to_last(t, axis):
    """The steps of Keras 3's trapezoid moving ``axis`` last, for an axis other than an int in range: '1' < 0 is
    Python's TypeError, tf.range(1.0, dtype='int32') the conversion's, axis 5 of a matrix Range's 'Requires start
    <= limit when delta > 0: 6/2'. Returns the axis where Keras goes on (any value equal to -1 is the last axis;
    True is 1)."""
    given = axis = int(axis) if isinstance(axis, bool) else axis
    try:
        if axis == -1:
            return -1
        rank = _ops.rank(t)
        if axis < 0:
            axis = rank + axis
        _ops.concat([_ops.range(axis, dtype='int32'), _ops.range(axis + 1, rank, dtype='int32'),
                     _ops.constant([axis], dtype='int32')], axis=0)
    except Exception as error:      # (TF's class and words; the note says where)
        error.add_note('keras.ops.trapezoid: axis must be an int in [%d, %d), got %r' % (-t.ndim, t.ndim, given))
        raise
    return given


def corrcoef(x):
    """Pearson correlation coefficients between the rows (variables) of ``x``, in Keras 3's TF-backend steps:
    covariance = centred @ centred^H / (n - 1), divided by the outer product of its diagonal's square roots,
    clipped to [-1, 1]. bool and ints up to 32 bits compute in floatx; int64 / uint64 stay integers through
    the mean (TF's integer Mean truncates) and the matmul, and the division by n - 1 makes float64."""
    t = tensor(x, 'corrcoef')
    if t._data.dtype.kind in 'biu' and t._data.dtype.name not in ('int64', 'uint64'):
        t = _ops.cast(t, floatx_dtype())
    elif t._data.dtype.kind not in 'iufc' and not t.dtype.is_floating:     # (bfloat16's numpy kind is 'V')
        t = floating(t, 'corrcoef')
    if t.ndim == 0:     # Keras 3 answers a scalar with NaN in floatx
        return _ops.constant(float('nan'), floatx_dtype())
    if t.ndim == 1:     # Keras 3 on TF matmuls the vector itself: MatMul refuses rank 1 (numpy would give 1.0)
        mkl = t.dtype.name in ('float32', 'bfloat16') and onednn_policy.enabled()
        raise kernel_error('MatMul', 'In[0] ndims must be >= 2', named=True, node='__MklMatMul' if mkl else None,
                           note='x must be (variables, observations), got shape %s' % (tuple(t.shape),))
    centred = t - _ops.reduce_mean(t, -1, keepdims=True)
    samples = _ops.cast(_ops.shape(t)[-1], t.dtype)
    covariance = _ops.truediv(_ops.matmul(centred, centred, adjoint_b=True), samples - _ops.cast(1, t.dtype))
    scale = _ops.sqrt(_ops.real(_ops.diag_part(covariance)))
    ratio = covariance / _ops.cast(_ops.tensordot(scale, scale, axes=0), covariance.dtype)
    clipped = _ops.clip_by_value(_ops.real(ratio), -1.0, 1.0)
    if ratio.dtype.is_complex:      # each part of the ratio clipped, as Keras 3
        return _ops.complex(clipped, _ops.clip_by_value(_ops.imag(ratio), -1.0, 1.0))
    return clipped


def cdist(x, y):
    """Euclidean distances between the rows of ``x`` (..., m, d) and of ``y`` (..., n, d): (..., m, n)."""
    first = tensor(x, 'cdist')
    if first._data.dtype.kind in 'fiucb':     # Keras 3 on TF subtracts them as they are: TF's Sub pairs dtypes
        same_dtype_operand(first, y, 'cdist', 'Sub')
    a, b = cast_all([floating(x, 'cdist'), floating(y, 'cdist')], 'cdist')
    if a.ndim < 2 or b.ndim < 2 or a.shape[-1] != b.shape[-1]:
        raise ValueError('keras.ops.cdist: x and y must be (..., rows, features) with equal features, got '
                         'shapes %s and %s' % (tuple(a.shape), tuple(b.shape)))
    if first._data.dtype.kind == 'b':       # Keras 3 on TF subtracts the bools as they are: Sub refuses them
        _ops.expand_dims(first, -2) - _ops.expand_dims(tensor(y, 'cdist'), -3)
    if first._data.dtype.kind in 'iu':      # Keras 3 on TF sums the squares in the int dtype: Sqrt refuses it
        error = float_kernels.refusal('sqrt', first.dtype.name)
        error.add_note('keras.ops.cdist: cast int points to a float dtype first')
        raise error
    difference = _ops.expand_dims(a, -2) - _ops.expand_dims(b, -3)
    return _ops.sqrt(_ops.reduce_sum(difference * difference, -1))
