"""tnp's reductions with NumPy's signatures: ``dtype``, ``keepdims``, ``ddof``, and NumPy's result dtypes
(sums of small integers or booleans accumulate in int64, indices and counts are int64)."""
import numpy as np

from ...keras import ops
from .conversion import asarray, cast_to, floating, numpy_dtype


def _accumulating(a, dtype):
    """``a`` ready to sum or multiply: cast to ``dtype``, or small ints and bools widened as NumPy does."""
    a = asarray(a)
    if dtype is not None:
        return cast_to(a, dtype)
    kind, size = np.dtype(a.dtype.name).kind, np.dtype(a.dtype.name).itemsize
    if kind == 'b' or (kind == 'i' and size < 8):
        return cast_to(a, np.int64)
    if kind == 'u' and size < 8:
        return cast_to(a, np.uint64)
    return a


def _float_in(a, dtype):
    return cast_to(asarray(a), dtype) if dtype is not None and numpy_dtype(dtype).kind in 'fc' else floating(a)


def sum(a, axis=None, dtype=None, keepdims=None):  # noqa: A001  (NumPy's names)
    return ops.sum(_accumulating(a, dtype), axis=axis, keepdims=bool(keepdims))


def prod(a, axis=None, dtype=None, keepdims=None):
    return ops.prod(_accumulating(a, dtype), axis=axis, keepdims=bool(keepdims))


def nansum(a, axis=None, dtype=None, keepdims=False):
    return ops.nansum(_accumulating(a, dtype), axis=axis, keepdims=bool(keepdims))


def nanprod(a, axis=None, dtype=None, keepdims=False):
    return ops.nanprod(_accumulating(a, dtype), axis=axis, keepdims=bool(keepdims))


def cumsum(a, axis=None, dtype=None):
    return ops.cumsum(_accumulating(a, dtype), axis=axis)


def cumprod(a, axis=None, dtype=None):
    return ops.cumprod(_accumulating(a, dtype), axis=axis)


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    """The mean in float64 for integer input (or in ``dtype``). ``out`` must be None."""
    if out is not None:
        raise ValueError('tf.experimental.numpy.mean: out= is not supported (tensors are immutable)')
    return cast_to(ops.mean(_float_in(a, dtype), axis=axis, keepdims=bool(keepdims)), dtype)


def nanmean(a, axis=None, dtype=None, keepdims=None):
    return cast_to(ops.nanmean(_float_in(a, dtype), axis=axis, keepdims=bool(keepdims)), dtype)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=None):
    """The variance with ``ddof`` delta degrees of freedom: sum of squared deviations / (n - ddof)."""
    if out is not None:
        raise ValueError('tf.experimental.numpy.var: out= is not supported (tensors are immutable)')
    x = _float_in(a, dtype)
    variance = ops.var(x, axis=axis, keepdims=bool(keepdims))
    if ddof:
        shape = x.shape.as_list()
        axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
        n = int(np.prod([shape[i] for i in axes]))
        variance = variance * asarray(n / (n - ddof), np.dtype(variance.dtype.name))
    return cast_to(variance, dtype)


def std(a, axis=None, keepdims=None):
    return ops.std(floating(a), axis=axis, keepdims=bool(keepdims))


def reshape(a, newshape, order='C'):
    """``a`` in ``newshape``: row-major (order='C'), or column-major (order='F': TF's tnp transposes,
    reshapes to the reversed shape and transposes back).

    Raises:
        ValueError: an order other than 'C' or 'F' (TF's words).
    """
    if order not in {'C', 'F'}:
        raise ValueError('Unsupported order argument {}'.format(order))
    a = asarray(a)
    if isinstance(newshape, int):
        newshape = [newshape]
    if order == 'F':
        return ops.transpose(ops.reshape(ops.transpose(a), newshape[::-1]))
    return ops.reshape(a, newshape)


def argsort(a, axis=-1, kind='quicksort', order=None):
    """int64 indices that sort ``a`` along ``axis`` (stable, whatever ``kind``)."""
    return cast_to(ops.argsort(asarray(a), axis=axis), np.int64)


def count_nonzero(a, axis=None):
    return cast_to(ops.count_nonzero(asarray(a), axis=axis), np.int64)


REDUCTIONS = {f.__name__: f for f in (sum, prod, nansum, nanprod, cumsum, cumprod, mean, nanmean, var, std, reshape,
                                      argsort, count_nonzero)}
