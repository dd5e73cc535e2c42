"""``tf.truncatediv`` and ``tf.truncatemod``: division rounded toward zero (C's), and its remainder,
which takes the dividend's sign. Neither has a gradient in TensorFlow: TruncateDiv's is None,
TruncateMod's registry has no entry (a LookupError)."""
from .. import backend
from ..errors import InternalError
from ..tensor import Tensor
from . import float_kernels, missing_kernels
from .operands import ACTIVE, binary, named_errors
from .unregistered_gradient import without_gradient


def _arrays(x, y, op):
    """Both operands as arrays of the tensor operand's dtype (Python numbers take it, as in TF)."""
    _, _, a, b = binary(x, y, op)
    kind = a.dtype if hasattr(a, 'dtype') else b.dtype
    if kind.kind == 'c':        # TruncateDiv has no CPU kernel for complex values, TruncateMod no registry entry
        raise (missing_kernels.not_found('TruncateDiv', kind.name, op) if op == 'truncatediv'
               else float_kernels.complex_error(op, kind.name))
    xp = backend.array_module(a if hasattr(a, 'dtype') else b)
    return xp.asarray(a, dtype=kind), xp.asarray(b, dtype=kind)


def _integer_divisor_check(b_data, op):
    if b_data.dtype.kind in 'iu' and bool((b_data == 0).any()):
        raise InternalError('%s: Integer division by zero (TensorFlow: "Unexpected error in binary operator '
                            '(only integer div and mod should have errors)")' % op)


@named_errors('truncatediv')
def truncatediv(x, y, name=None):
    """x / y rounded toward zero: truncatediv(-7, 2) is -3 where floordiv gives -4."""
    a, b = _arrays(x, y, 'truncatediv')
    _integer_divisor_check(b, 'truncatediv')
    xp = backend.array_module(a)
    if a.dtype.kind in 'iu':
        q = xp.abs(a) // xp.abs(b)
        return Tensor(xp.where((a < 0) != (b < 0), -q, q).astype(a.dtype))
    return Tensor(xp.trunc(a / b).astype(a.dtype))


@named_errors('truncatemod')
def truncatemod(x, y, name=None):
    """The remainder of ``truncatediv``: x - y * truncatediv(x, y), with x's sign (C's fmod)."""
    a, b = _arrays(x, y, 'truncatemod')
    _integer_divisor_check(b, 'truncatemod')
    xp = backend.array_module(a)
    out = Tensor(xp.fmod(a, b).astype(a.dtype))
    if ACTIVE and a.dtype.kind == 'f':
        # TruncateMod has no registry entry (TruncateDiv is NotDifferentiable: None): a gradient reaching
        # it is TF's LookupError
        return without_gradient('TruncateMod', lambda *_: out, *(t for t in (x, y) if isinstance(t, Tensor)))
    return out

