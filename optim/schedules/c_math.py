"""cos and log of a schedule's scalars with C's bits, as TensorFlow computes them.

A schedule's arithmetic runs on scalars. TensorFlow's CPU kernels send an
input smaller than one SIMD packet (8 floats) through Eigen's scalar
functors, which call C's ``cosf`` / ``logf`` (``cos`` / ``log`` for float64).
numpy's float32 cos and log are its own vectorised polynomials and differ
from C's in the last bit for about one input in six, enough to shift a
CosineDecay rate by one ulp at some steps. So the schedules take these two
functions from the C library, element by element (a schedule is called on
one step, or on a few).
"""
import ctypes
import ctypes.util

import numpy as np

_libm = ctypes.CDLL(ctypes.util.find_library('m') or 'libm.so.6')


def _c_function(name, c_type):
    f = getattr(_libm, name)
    f.restype = c_type
    f.argtypes = (c_type,)
    return f


_BY_DTYPE = {
    'cos': {np.dtype(np.float32): _c_function('cosf', ctypes.c_float),
            np.dtype(np.float64): _c_function('cos', ctypes.c_double)},
    'log': {np.dtype(np.float32): _c_function('logf', ctypes.c_float),
            np.dtype(np.float64): _c_function('log', ctypes.c_double)},
}


def _elementwise(name, x):
    x = np.asarray(x)
    f = _BY_DTYPE[name].get(x.dtype)
    if f is None:                     # float16 and others: numpy's function
        return getattr(np, name)(x)
    out = np.array([f(float(v)) for v in x.reshape(-1)], x.dtype).reshape(x.shape)
    return out if out.ndim else out[()]


def cos(x):
    """C's cos of each element of a float32 or float64 host array or scalar, in its dtype."""
    return _elementwise('cos', x)


def log(x):
    """C's log of each element of a float32 or float64 host array or scalar, in its dtype."""
    return _elementwise('log', x)
