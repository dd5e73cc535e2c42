"""The activations of a float16 Dense layer's fused kernel in a traced step, with TensorFlow's bits.

TensorFlow's graph optimizer fuses MatMul + BiasAdd + activation into one oneDNN kernel, which sums
x @ kernel + bias in float32 (linalg.half_fused_affine) and applies the activation there before rounding
once. For float16 that activation is not the vectorized float32 one of ops/onednn_activations.py (which
bfloat16's kernel uses) but oneDNN's reference formulas on each float32 sum, with the C library's
functions: ``tanhf(s)``; elu ``s > 0 ? s : expm1f(s)``; logistic ``1 / (1 + expf(-s))``; gelu
``0.5f * s * (1 + erff(s * 0.70710677f))``. Measured on TF 2.21 (the project's Xeon, glibc 2.36;
/work/notes/progs/modelfuzz12/p18.py): every one of 32768 values of a traced Dense(64) layer's tanh, elu,
sigmoid and gelu (predict: no tape) equal these; the vectorized kernel's differed in 2, 6 and 1 of them (its value a float32 ulp off, across a float16 rounding midpoint), enough to move a
mixed_float16 fit's weights from the step holding one.

A C call costs about 0.3 microseconds a value, so each value is first bracketed: the function in float64
(numpy's or Eigen's double erf, within a float32 ulp of the C library's), widened by four float32 ulps, through the same float32
formula; where both ends round to one float16, that is the kernel's. The C library computes the others
(about 1 value in 200: those whose result lies near a float16 midpoint).
"""
import numpy as np

from .. import libm
from . import eigen_math64

_F32 = np.float32
_ONE = _F32(1)
_HALF = _F32(0.5)
_SQRT_HALF = _F32(0.707106769084930419921875)       # oneDNN's sqrt_2_over_2
_SPREAD = 4         # float32 ulps: the C library's tanhf / expm1f (2 at most) plus the estimate's rounding


def _rounded(s, name, estimate, formula, argument=None):
    """``formula(s, name(argument))`` of float32 array ``s`` in float16, ``name`` the C function, ``argument``
    (default ``s``) a float32 array of s's shape."""
    argument = s if argument is None else argument
    with np.errstate(all='ignore'):
        value = estimate(argument.astype(np.float64)).astype(_F32)
        spread = np.spacing(np.abs(value)) * _F32(_SPREAD)
        out = formula(s, value).astype(np.float16)     # (the ends' rounding would lose a zero's sign)
        doubtful = formula(s, value - spread).astype(np.float16) != formula(s, value + spread).astype(np.float16)
    doubtful = np.flatnonzero(doubtful)             # (a NaN is never equal to itself)
    if doubtful.size:
        near = argument.reshape(-1)[doubtful]
        with np.errstate(all='ignore'):
            out.reshape(-1)[doubtful] = formula(s.reshape(-1)[doubtful], libm.apply(name, near)).astype(np.float16)
    return out


def tanh(s):
    """oneDNN's reference tanh of float32 sums ``s``, rounded to float16: ``tanhf(s)``."""
    return _rounded(s, 'tanh', np.tanh, lambda s, t: t)


def elu(s):
    """oneDNN's reference elu (alpha 1) of float32 sums ``s``, rounded to float16."""
    return _rounded(s, 'expm1', np.expm1, lambda s, e: np.where(s > 0, s, e))


def logistic(s):
    """oneDNN's reference logistic of float32 sums ``s``, rounded to float16: ``1 / (1 + expf(-s))``
    (libm's expf is already exact on whole arrays)."""
    with np.errstate(all='ignore'):
        return (_ONE / (_ONE + libm.apply('exp', -s))).astype(np.float16)


def gelu(s):
    """oneDNN's reference gelu_erf of float32 sums ``s``, rounded to float16:
    ``0.5f * s * (1 + erff(s * 0.70710677f))``."""
    return _rounded(s, 'erf', eigen_math64.erf, lambda s, e: _HALF * s * (_ONE + e), s * _SQRT_HALF)


VALUES = {'tanh': tanh, 'elu': elu, 'sigmoid': logistic, 'gelu': gelu}


def handles(wide, dtype):
    """Whether the float32 sums ``wide`` of a layer of ``dtype`` take these kernels: float16 host arrays."""
    return dtype == np.float16 and type(wide) is np.ndarray
