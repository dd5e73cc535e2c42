"""``tf.bitwise``: and, or, xor, invert and shifts on integer tensors of one dtype. No gradients
(integer ops, as in TensorFlow)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, OpError, kernel_error
from ..given_op_name import given_name
from ..tensor import Tensor
from . import float_kernels
from .operands import as_tensor
from .graph_input_errors import eager_input_error

_INTEGERS = 'int8, int16, int32, int64, uint8, uint16, uint32, uint64'


def _kernel_name(t):
    return {'float32': 'float', 'float64': 'double'}.get(t.dtype.name, t.dtype.name)


def _integer(t, op, named=False):
    if t._data.dtype.kind not in 'iu':
        words = "%s: Value for attr 'T' of %s is not in the list of allowed values: %s" % (op, _kernel_name(t),
                                                                                          _INTEGERS)
        error = float_kernels.refusal(op, t.dtype.name, named=named)      # TF's registry text, where known
        if error is None:
            raise InvalidArgumentError(words)
        error.add_note(words)
        raise error
    return t


def _pair(x, y, op, name):
    """The raw arrays of ``x`` and ``y`` and their array module, checked as TF's ``op`` kernel checks them; a
    kernel error ends in the caller's ``name`` (given_op_name.py)."""
    try:
        return _checked_pair(x, y, op)
    except OpError as error:
        given_name(error, name)
        raise


def _checked_pair(x, y, op):
    # (two tensors take TF's fast path, whose kernel errors end in ' name: '; a list does not, and numpy
    # arrays vary: float32 (2, 3) arrays print no tail, (2,) ones do)
    named = isinstance(x, Tensor) and isinstance(y, Tensor)
    a = _integer(as_tensor(x, op), op, named=named)
    b = as_tensor(y, op, dtype=a.dtype if not hasattr(y, 'dtype') else None)
    if a.dtype != b.dtype:      # x fixed the kernel's T: a y of another dtype (a bool too) fails its input check
        raise eager_input_error(op, 1, a.dtype, b.dtype)
    if a._data.shape != b._data.shape:
        try:
            np.broadcast_shapes(a._data.shape, b._data.shape)
        except ValueError:
            raise kernel_error(op, 'Incompatible shapes: [%s] vs. [%s]' % (
                ','.join(map(str, a._data.shape)), ','.join(map(str, b._data.shape))), named=named,
                note='%s: shapes %s and %s do not broadcast together' % (op, a._data.shape, b._data.shape)) from None
    return a._data, b._data, backend.array_module(a._data)


def bitwise_and(x, y, name=None):
    a, b, xp = _pair(x, y, 'BitwiseAnd', name)
    return Tensor(xp.bitwise_and(a, b))


def bitwise_or(x, y, name=None):
    a, b, xp = _pair(x, y, 'BitwiseOr', name)
    return Tensor(xp.bitwise_or(a, b))


def bitwise_xor(x, y, name=None):
    a, b, xp = _pair(x, y, 'BitwiseXor', name)
    return Tensor(xp.bitwise_xor(a, b))


def invert(x, name=None):
    """Every bit flipped (~x): -x - 1 for signed integers, max - x for unsigned."""
    # (an eager tensor takes TF's fast path, whose registry error ends in ' name: '; a list or array does not)
    try:
        a = _integer(as_tensor(x, 'Invert'), 'Invert', named=isinstance(x, Tensor))._data
        return Tensor(backend.array_module(a).invert(a))
    except OpError as error:
        given_name(error, name)
        raise


def left_shift(x, y, name=None):
    """x << y, the shift clamped into [0, bits - 1] as TensorFlow's kernel clamps it (a negative
    shift leaves x as it is, int32 1 << 40 is 1 << 31)."""
    a, b, xp = _pair(x, y, 'LeftShift', name)
    return Tensor(xp.left_shift(a, clamp_shift(xp, a, b)).astype(a.dtype))


def right_shift(x, y, name=None):
    """x >> y: arithmetic (sign-filling) for signed integers, logical for unsigned; the shift
    clamped into [0, bits - 1] as in TensorFlow's kernel."""
    a, b, xp = _pair(x, y, 'RightShift', name)
    return Tensor(xp.right_shift(a, clamp_shift(xp, a, b)).astype(a.dtype))


def clamp_shift(xp, a, b):
    bits = a.dtype.itemsize * 8
    # compare as signed 64-bit: an unsigned shift of 247 (uint8 -9) is past the width, so bits - 1
    return xp.clip(b.astype(xp.int64), 0, bits - 1).astype(b.dtype)
