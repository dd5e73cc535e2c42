"""The C library's math functions on numpy values, one value at a time.

TensorFlow's CPU kernels reach the C library (glibc's ``powf``, ``sinhf``, ``log``, ...)
wherever Eigen has no packet kernel for a function (sinh, cosh, tan, the inverse
trigonometric and hyperbolic functions), for the last ``size % 8`` values of the arrays
it has packet kernels for (see ops/eigen_math.py), for inputs smaller than one packet
(a schedule's or Nadam's scalars), and in kernels that compute on scalars (a candidate
sampler's expected counts, Box-Muller for float64 normals).

numpy calls the same C functions on some CPUs only. On CPUs with AVX-512 its wheels run
its own SIMD code or Intel's SVML instead, which round differently in the last bit
(numpy 2.4 on the project's AVX-512 machine, against glibc 2.36: float32 powf 21% of
values, sinhf 28%, coshf 40%, log1pf 17%, expm1f 17%; float64 log 0.3%, exp 5%). Code
that must give TensorFlow's bits therefore calls these functions, not numpy's ufuncs, and
keeps the same bits on every CPU. Without a loadable C math library (Windows), or for a
dtype other than float32 / float64, numpy's ufunc computes instead.

A call through ctypes costs about 0.3 microseconds a value: callers use it on scalars and
on the small arrays that the exact-math mode covers (ops/eigen_math.py).
"""
import ctypes
import ctypes.util
import platform

import numpy as np

from . import quiet_floats

# numpy's name for each C function whose name differs
_NUMPY_NAMES = {'asin': 'arcsin', 'acos': 'arccos', 'atan': 'arctan', 'asinh': 'arcsinh',
                'acosh': 'arccosh', 'atanh': 'arctanh', 'pow': 'power'}
_C_TYPES = {np.dtype(np.float32): (ctypes.c_float, 'f'), np.dtype(np.float64): (ctypes.c_double, '')}


def _load():
    try:
        return ctypes.CDLL(ctypes.util.find_library('m') or 'libm.so.6')
    except OSError:
        return None


_LIBRARY = _load()
_FUNCTIONS = {}


def c_function(name, dtype, arity=1):
    """C's ``name`` for numbers of ``dtype`` (float32: ``name + 'f'``), taking and returning
    Python floats; None without a C math library or for another dtype."""
    key = (name, np.dtype(dtype), arity)
    if key not in _FUNCTIONS:
        found = None
        types = _C_TYPES.get(key[1])
        if _LIBRARY is not None and types is not None:
            c_type, suffix = types
            found = getattr(_LIBRARY, name + suffix, None)
            if found is not None:
                found.restype, found.argtypes = c_type, (c_type,) * arity
        _FUNCTIONS[key] = found
    return _FUNCTIONS[key]


def numpy_name(name):
    """numpy's name for C's function ``name`` ('asinh' is numpy's 'arcsinh')."""
    return _NUMPY_NAMES.get(name, name)


def scalar_function(name, dtype=np.float32, arity=1):
    """C's ``name`` as a function of ``arity`` numbers, returning a numpy scalar of ``dtype``
    (numpy's ufunc where C's is unavailable)."""
    function = c_function(name, dtype, arity)
    make = np.dtype(dtype).type
    if function is None:
        ufunc = getattr(np, numpy_name(name))
        return lambda *v: ufunc(*map(make, v))
    if arity == 1:
        return lambda v: make(function(float(v)))
    return lambda *v: make(function(*map(float, v)))


def apply(name, *values):
    """C's ``name`` on each element of ``values`` (numpy arrays or scalars of one float dtype,
    broadcast together), in that dtype: an array if any is an array, else a numpy scalar.
    numpy's ufunc of the same name where C's is unavailable."""
    if all(type(v) is np.float32 or type(v) is np.float64 for v in values) \
            and all(type(v) is type(values[0]) for v in values):
        function = c_function(name, values[0].dtype, len(values))     # numpy scalars: one call
        if function is not None:
            return type(values[0])(function(*map(float, values)))
    arrays = [np.asarray(v) for v in values]
    dtype = arrays[0].dtype
    function = c_function(name, dtype, len(arrays))
    if function is None or any(a.dtype != dtype for a in arrays):
        return getattr(np, numpy_name(name))(*values)
    if name == 'exp' and dtype == np.float32 and arrays[0].size >= _BANDED_FROM and GLIBC_ROUNDING:
        out = _glibc_expf(arrays[0], function)
        return out if out.ndim or isinstance(values[0], np.ndarray) else out[()]
    if len(arrays) == 1:
        shape, flat = arrays[0].shape, [arrays[0].reshape(-1).tolist()]
    else:
        arrays = np.broadcast_arrays(*arrays)
        shape, flat = arrays[0].shape, [a.reshape(-1).tolist() for a in arrays]
    # map: C's function called from C's loop (a list comprehension ran ~8 opcodes an element)
    out = np.fromiter(map(function, *flat), dtype, count=len(flat[0])).reshape(shape)
    return out if out.ndim or any(isinstance(v, np.ndarray) for v in values) else out[()]


def _glibc_version():
    name, version = platform.libc_ver()
    try:
        return tuple(int(part) for part in version.split('.')[:2]) if name == 'glibc' else None
    except ValueError:
        return None


# glibc's expf since 2.28 (sysdeps/ieee754/flt-32/e_expf.c) rounds to float a double within
# 2**-33 of exp(x) (relative): the float nearest exp(x), but where exp(x) lies that close to the
# midpoint between two floats. So where exp(x) * (1 - 2**-30) and exp(x) * (1 + 2**-30) round to
# the same float, that float is glibc's, whatever its double was; the others call expf. Checked on
# every float32 x against glibc 2.36's expf (its FMA variant, on the project's Xeon): no difference;
# in (-87, 88) about 1 value in 250 calls it. Other C libraries take expf for every value.
GLIBC_ROUNDING = (_glibc_version() or (0, 0)) >= (2, 28) and _LIBRARY is not None
_EXPF_BAND = 2.0 ** -30
_BANDED_FROM = 4      # values: below, the calls cost less than the eight array passes


def _glibc_expf(a, expf):
    """glibc's expf on each element of float32 array ``a`` (``expf``: the ctypes function)."""
    token = quiet_floats.begin()     # (overflows to inf and NaNs are values here, as in TF's kernel)
    try:
        wide = np.exp(a.astype(np.float64))
        out = wide.astype(np.float32)
        low = (wide * (1 - _EXPF_BAND)).astype(np.float32)
        high = (wide * (1 + _EXPF_BAND)).astype(np.float32)
    finally:
        quiet_floats.end(token)
    doubtful = np.flatnonzero(low != high)          # (a NaN is never equal to itself)
    if doubtful.size:
        flat = out.reshape(-1)
        flat[doubtful] = [expf(v) for v in a.reshape(-1)[doubtful].tolist()]
    return out
