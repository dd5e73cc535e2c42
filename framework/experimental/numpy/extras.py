"""The tnp functions keras.ops has no single op for, composed from ops (same dtype rules)."""
import numpy as np

from ...keras import ops
from .conversion import asarray, floating, promoted


def _reshaped(a, rank):
    a = asarray(a)
    shape = a.shape.as_list()
    if len(shape) >= rank:
        return a
    if rank == 3 and len(shape) == 1:          # NumPy: (n,) -> (1, n, 1)
        return ops.reshape(a, (1, shape[0], 1))
    if rank == 3 and len(shape) == 2:          # (m, n) -> (m, n, 1)
        return ops.expand_dims(a, -1)
    return ops.reshape(a, (1,) * (rank - len(shape)) + tuple(shape))


def _each(arys, rank):
    out = [_reshaped(a, rank) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_1d(*arys):
    return _each(arys, 1)


def atleast_2d(*arys):
    return _each(arys, 2)


def atleast_3d(*arys):
    return _each(arys, 3)


def broadcast_arrays(*args):
    """The arrays broadcast to their common shape."""
    arrays = [asarray(a) for a in args]
    shape = np.broadcast_shapes(*[tuple(a.shape.as_list()) for a in arrays])
    return [ops.broadcast_to(a, shape) for a in arrays]


def fix(x):
    """Round toward zero (float result, as NumPy)."""
    return ops.trunc(floating(x))


def divmod(x1, x2):  # noqa: A001  (NumPy's name)
    """(floor_divide, mod) of the promoted operands."""
    a, b = promoted(x1, x2)
    return ops.floor_divide(a, b), ops.mod(a, b)


def float_power(x1, x2):
    """``x1 ** x2`` on the promoted operands (TF 2.21's tnp keeps int64 for integer input)."""
    return ops.power(*promoted(x1, x2))


def polyval(p, x):
    """The polynomial with coefficients ``p`` (highest power first) at ``x``, by Horner's rule."""
    coefficients, x = promoted(p, x)
    result = ops.zeros_like(x)
    for index in range(coefficients.shape.as_list()[0]):
        result = result * x + coefficients[index]
    return result


def compress(condition, a, axis=None):
    """The slices of ``a`` (flattened when ``axis`` is None) where ``condition`` holds."""
    a = asarray(a)
    if axis is None:
        a, axis = ops.reshape(a, (-1,)), 0
    indices = ops.nonzero(asarray(condition, np.bool_))[0]
    return ops.take(a, indices, axis=axis)


def diag_indices(n, ndim=2):
    index = asarray(np.arange(n, dtype=np.int32))
    return tuple(index for _ in range(ndim))


def ix_(*args):
    """Open-mesh index arrays: the k-th of n arrays shaped 1 everywhere but axis k."""
    out = []
    for k, values in enumerate(args):
        values = asarray(values)
        shape = [1] * len(args)
        shape[k] = -1
        out.append(ops.reshape(values, shape))
    return out


def angle(z, deg=False):
    z = asarray(z)
    if z.dtype.is_complex:
        out = ops.angle(z)
    else:                                     # a real number's angle: pi for negatives, else 0
        z = floating(z)
        out = ops.where(ops.less(z, 0), asarray(np.pi, np.dtype(z.dtype.name)), ops.zeros_like(z))
    return ops.rad2deg(out) if deg else out


def iscomplex(x):
    x = asarray(x)
    return ops.not_equal(ops.imag(x), 0) if x.dtype.is_complex else ops.zeros_like(x, dtype='bool')


def iscomplexobj(x):
    return asarray(x).dtype.is_complex


def isrealobj(x):
    return not iscomplexobj(x)


def bitwise_not(x):
    return ops.bitwise_not(asarray(x))


def signbit(x):
    """TF's tnp signbit: ``x < 0`` (False for a bool array), so -0.0 and -nan give False where NumPy's
    sign bit (and keras.ops.signbit) gives True."""
    x = asarray(x)
    if x.dtype.is_bool:
        return ops.zeros_like(x, dtype='bool')
    return ops.less(x, ops.zeros_like(x))
