"""``keras.ops.norm`` with Keras 3's rules, which are numpy's and not ``tf.norm``'s: with
``axis=None`` a matrix gets a matrix norm (``ord=1`` is the largest column sum, not the sum of
all entries) and a tensor of rank 3 or more is refused; vectors take any ``ord`` (0, negative,
-inf), matrices 'fro', 'nuc', 1, -1, 2, -2, inf and -inf."""
import math

from framework import ops as _ops
from .ops_dtypes import floating


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002  (Keras 3's name)
    t = floating(x, 'norm')
    ndim = t.ndim
    axes = tuple(range(ndim)) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    if any(a < -ndim or a >= ndim for a in axes):
        raise ValueError('All `axis` values must be in the range [-ndim, ndim). Received inputs '
                         'with ndim=%d, while axis=%s' % (ndim, axes))
    if len(axes) == 1:
        return _vector(t, ord, axes[0], bool(keepdims))
    if len(axes) == 2:
        return _matrix(t, ord, tuple(a + ndim if a < 0 else a for a in axes), bool(keepdims))
    error = ValueError('Invalid axis values. Received: axis=%s' % (axes,))    # Keras 3's words
    error.add_note('keras.ops.norm: a vector norm takes one axis, a matrix norm two; axis=None works for tensors '
                   'of rank 1 or 2')
    raise error


def _vector(t, ord, axis, keepdims):  # noqa: A002
    if ord is None or (ord == 2 and not isinstance(ord, bool)):
        return _ops.norm(t, ord='euclidean', axis=axis, keepdims=keepdims)     # sqrt(sum(x * x)), as Keras
    if isinstance(ord, str):
        raise ValueError('Invalid `ord` argument for vector norm. Received: ord=%s' % ord)
    if ord == math.inf:
        return _ops.reduce_max(_ops.abs(t), axis, keepdims)
    if ord == -math.inf:
        return _ops.reduce_min(_ops.abs(t), axis, keepdims)
    if ord == 0:
        return _ops.reduce_sum(_ops.cast(_ops.not_equal(t, 0), t.dtype), axis, keepdims)
    p = _ops.cast(ord, t.dtype)
    return _ops.reduce_sum(_ops.abs(t) ** p, axis, keepdims) ** (1.0 / p)


def _matrix(t, ord, axes, keepdims):  # noqa: A002
    rows, cols = axes
    if ord is None or ord == 'fro':
        return _ops.norm(t, ord='fro', axis=list(axes), keepdims=keepdims)
    if ord in (1, -1, math.inf, -math.inf) and not isinstance(ord, bool):
        # sum |x| over the rows (1, -1: column sums) or the columns (inf), then the max or min of the sums
        summed, then = (rows, cols) if ord in (1, -1) else (cols, rows)
        if not keepdims and then > summed:
            then -= 1
        sums = _ops.reduce_sum(_ops.abs(t), summed, keepdims)
        pick = _ops.reduce_max if ord > 0 else _ops.reduce_min
        return pick(sums, then, keepdims)
    if ord in ('nuc', 2, -2) and not isinstance(ord, bool):
        rest = [a for a in range(t.ndim) if a not in axes]
        values = _ops.svd(_ops.transpose(t, rest + [rows, cols]), compute_uv=False)
        out = {'nuc': _ops.reduce_sum, 2: _ops.reduce_max, -2: _ops.reduce_min}[ord](values, -1)
        if keepdims:
            out = _ops.expand_dims(_ops.expand_dims(out, rows), cols)
        return out
    raise ValueError('Invalid `ord` argument for matrix norm. Received: ord=%s' % (ord,))
