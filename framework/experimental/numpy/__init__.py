"""``tf.experimental.numpy`` (tnp): NumPy's API over tapeflow tensors.

Functions follow NumPy's dtype rules, not TensorFlow's: Python floats make
float64 arrays, integer input to float functions gives float64, mixed
operands promote as ``numpy.result_type``. Results are ordinary tapeflow
Tensors (``tnp.ndarray`` is ``tf.Tensor``), so GradientTape sees every call.

``experimental_enable_numpy_behavior`` sets the float preference of tnp and, as in TensorFlow,
gives tensors NumPy methods (``.astype``, ``.T``, ...: tensor_numpy_methods.py), NumPy's
promotion in their operators (numpy_operator_promotion.py) and NumPy's indexing (numpy_style_getitem.py).
"""
import numpy as _np

from ...tensor import Tensor as ndarray  # noqa: F401
from . import random  # noqa: F401
from .conversion import asarray, prefer_float32 as _prefer_float32, promoted as _promoted
from .creation import (arange, array, empty, empty_like, eye, full, full_like, geomspace, identity,  # noqa: F401
                       linspace, logspace, ones, ones_like, tri, zeros, zeros_like)
from .extras import (angle, atleast_1d, atleast_2d, atleast_3d, bitwise_not, broadcast_arrays, compress,  # noqa: F401
                     diag_indices, divmod, fix, float_power, iscomplex, iscomplexobj, isrealobj, ix_, polyval,
                     signbit)
from .functions import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS)

asanyarray = ascontiguousarray = asarray
bool_, float16, float32, float64 = _np.bool_, _np.float16, _np.float32, _np.float64
int8, int16, int32, int64 = _np.int8, _np.int16, _np.int32, _np.int64
uint8, uint16, uint32, uint64 = _np.uint8, _np.uint16, _np.uint32, _np.uint64
complex64, complex128 = _np.complex64, _np.complex128
float_, int_, complex_ = _np.float64, _np.int64, _np.complex128
object_, string_, unicode_ = _np.object_, _np.bytes_, _np.str_
inexact = _np.inexact
e, pi, inf, nan, newaxis = _np.e, _np.pi, _np.inf, _np.nan, None
finfo, iinfo, issubdtype, promote_types = _np.finfo, _np.iinfo, _np.issubdtype, _np.promote_types


def result_type(*arrays_and_dtypes):
    """NumPy's ``result_type`` of tensors, arrays, dtypes and Python numbers, as a tf.DType (TF's tnp gives
    one; of nothing: float64, NumPy's for an empty array)."""
    from ...dtypes import as_dtype
    found = [_np.dtype(a.dtype.name) if isinstance(a, ndarray) else
             _np.dtype(a.name) if hasattr(a, 'as_numpy_dtype') else a for a in arrays_and_dtypes]
    return as_dtype(_np.result_type(*(found or [_np.asarray([])])))


def positive(x):
    return asarray(x)


def remainder(x1, x2):
    return _FUNCTIONS['mod'](x1, x2)


def flatten(a):
    return _FUNCTIONS['ravel'](a)


def isscalar(num):
    return _np.isscalar(num) or (isinstance(num, ndarray) and len(num.shape) == 0)


def experimental_enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode='legacy'):
    """Make tnp's Python floats float32 when ``prefer_float32`` (TensorFlow's flag).

    Raises:
        ValueError: a dtype_conversion_mode other than 'legacy', 'safe' or 'all'.
    """
    if dtype_conversion_mode not in ('legacy', 'safe', 'all'):
        raise ValueError("experimental_enable_numpy_behavior: dtype_conversion_mode must be 'legacy', 'safe' or "
                         "'all', got %r" % (dtype_conversion_mode,))
    _prefer_float32(prefer_float32)
    from ...tensor_numpy_methods import ENABLED     # tensors gain .T, .reshape(), .astype(), round(), ...
    from ... import numpy_operator_promotion        # ... and NumPy's promotion in their operators
    from ... import numpy_style_getitem             # ... and NumPy's advanced indexing
    if not ENABLED:
        ENABLED.append(True)
    numpy_operator_promotion.install()
    numpy_style_getitem.install()
