"""Array creation in ``tf.experimental.numpy``, with NumPy's default dtypes (float64 for floats).

Ranges and grids of Python numbers are laid out by numpy on the host and
placed like any constant; everything else goes through ``keras.ops``.
"""
import numpy as np

from ...keras import ops
from ...tensor import Tensor
from .conversion import asarray, default_float, numpy_dtype, result_dtype


def _float_or(dtype):
    return numpy_dtype(dtype) or np.dtype(default_float())


def array(val, dtype=None, copy=True, ndmin=0):
    """A new array of ``val``: NumPy's dtype for it (Python floats float64), or ``dtype``."""
    out = asarray(val, dtype)
    while len(out.shape) < ndmin:
        out = ops.expand_dims(out, 0)
    return ops.copy(out) if copy and isinstance(val, Tensor) else out


def zeros(shape, dtype=float):
    return ops.zeros(shape, dtype=_float_or(None if dtype is float else dtype).name)


def ones(shape, dtype=float):
    return ops.ones(shape, dtype=_float_or(None if dtype is float else dtype).name)


def empty(shape, dtype=float):
    """As ``zeros`` (tensors always hold values)."""
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    fill = asarray(fill_value, dtype)
    return ops.full(shape, fill, dtype=fill.dtype.name)


def zeros_like(a, dtype=None):
    a = asarray(a)
    return ops.zeros_like(a, dtype=(numpy_dtype(dtype) or np.dtype(a.dtype.name)).name)


def ones_like(a, dtype=None):
    a = asarray(a)
    return ops.ones_like(a, dtype=(numpy_dtype(dtype) or np.dtype(a.dtype.name)).name)


def empty_like(a, dtype=None):
    return zeros_like(a, dtype)


def full_like(a, fill_value, dtype=None):
    a = asarray(a)
    return ops.full_like(a, fill_value, dtype=(numpy_dtype(dtype) or np.dtype(a.dtype.name)).name)


def eye(N, M=None, k=0, dtype=float):  # noqa: N803  (NumPy's argument names)
    return ops.eye(N, M, k, dtype=_float_or(None if dtype is float else dtype).name)


def identity(n, dtype=float):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):  # noqa: N803
    return ops.tri(N, M, k, dtype=_float_or(dtype).name)


def _numbers(*values):
    return all(isinstance(v, (int, float, np.number)) or v is None for v in values)


def arange(start, stop=None, step=1, dtype=None):
    """Evenly spaced values in [start, stop): int64 for integers, float64 once any is a float.

    Raises:
        ValueError: step 0.
    """
    if _numbers(start, stop, step):
        if step == 0:
            raise ValueError('tf.experimental.numpy.arange: step must not be 0')
        values = np.arange(start, stop, step)
        if values.dtype == np.float64:
            values = values.astype(default_float())
        return asarray(values, dtype)
    start, stop, step = (asarray(v) if v is not None else None for v in (start, stop, step))
    return ops.arange(start, stop, step, dtype=None if dtype is None else numpy_dtype(dtype).name)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=float, axis=0):
    """``num`` evenly spaced values from start to stop. As TF 2.21's tnp under NumPy 2, any ``dtype`` given
    (float by default) is replaced by result_type(start * 1.0, stop * 1.0): float32 tensors give float32,
    Python numbers float64, and dtype=int32 is not honoured there either."""
    dtype = _float_or(None) if dtype is None else np.dtype(result_dtype(start * 1.0, stop * 1.0))
    if _numbers(start, stop) and axis == 0:
        values, step = np.linspace(start, stop, int(num), endpoint=endpoint, retstep=True)
        out = asarray(values.astype(dtype))
    else:
        out, step = ops.linspace(asarray(start, dtype), asarray(stop, dtype), num, endpoint, True, dtype.name, axis)
    return (out, step) if retstep else out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    exponents = linspace(start, stop, num, endpoint, dtype=_float_or(dtype), axis=axis)
    return ops.power(asarray(base, np.dtype(exponents.dtype.name)), exponents)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    dtype = _float_or(dtype)
    return ops.geomspace(asarray(start, dtype), asarray(stop, dtype), num, endpoint, dtype.name, axis)
