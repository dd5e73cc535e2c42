"""``tf.truncatediv`` and ``tf.truncatemod``: division rounded toward zero (C's), and its remainder,
which takes the dividend's sign. Neither has a gradient in TensorFlow: TruncateDiv's is None,
TruncateMod's registry has no entry (a LookupError)."""
from .. import backend
from ..errors import InternalError, fast_path, kernel_error
from ..tensor import Tensor
from . import float_kernels, missing_kernels
from .operands import ACTIVE, binary, named_errors
from .unregistered_gradient import without_gradient
from ..tf_python_names import tf_named


def _arrays(x, y, op):
    """Both operands as arrays of the tensor operand's dtype (Python numbers take it, as in TF)."""
    _, _, a, b = binary(x, y, op)
    kind = a.dtype if hasattr(a, 'dtype') else b.dtype
    if kind.kind == 'c':        # TruncateDiv has no CPU kernel for complex values, TruncateMod no registry entry
        raise (missing_kernels.not_found('TruncateDiv', kind.name, op) if op == 'truncatediv'
               else float_kernels.complex_error(op, kind.name))
    if op == 'truncatemod' and kind.name not in _TRUNCATE_MOD_CPU:
        raise _truncatemod_refusal(kind.name, fast_path(x, y))
    xp = backend.array_module(a if hasattr(a, 'dtype') else b)
    return xp.asarray(a, dtype=kind), xp.asarray(b, dtype=kind)


# TruncateMod's op definition allows int32, int64, bfloat16, half, float, double; its CPU kernels only
# int32, int64, float, double (TF 2.21: int8 / uint8 are registry errors, float16 / bfloat16 NotFoundError)
_TRUNCATE_MOD_CPU = ('int32', 'int64', 'float32', 'float64')


def _truncatemod_refusal(dtype_name, named):
    if dtype_name in ('float16', 'bfloat16'):
        error = missing_kernels.listed_not_found('TruncateMod', dtype_name, 'truncatemod')
    else:
        error = float_kernels.string_refusal('truncatemod', dtype_name, named=True)
        error.add_note('truncatemod: TensorFlow computes it for int32, int64, float32 and float64 only; '
                       'cast the %s operands first' % dtype_name)
    return error if named else float_kernels._without_tail(error)


def _integer_divisor_check(b_data, op, x, y):
    if b_data.dtype.kind in 'iu' and bool((b_data == 0).any()):
        # TF's CPU kernel flags the zero divisor and the binary-op wrapper reports it as an InternalError
        raise kernel_error('TruncateDiv' if op == 'truncatediv' else 'TruncateMod',
                           'Unexpected error in binary operator (only integer div and mod should have errors)',
                           named=fast_path(x, y), error_class=InternalError,
                           note='%s: integer division by zero; mask the zero divisors first' % op)


@tf_named('truncate_div')
@named_errors('truncatediv', passes_name=True)
def truncatediv(x, y, name=None):
    """x / y rounded toward zero: truncatediv(-7, 2) is -3 where floordiv gives -4."""
    a, b = _arrays(x, y, 'truncatediv')
    _integer_divisor_check(b, 'truncatediv', x, y)
    xp = backend.array_module(a)
    if a.dtype.kind in 'iu':
        q = xp.abs(a) // xp.abs(b)
        return Tensor(xp.where((a < 0) != (b < 0), -q, q).astype(a.dtype))
    return Tensor(xp.trunc(a / b).astype(a.dtype))


@tf_named('truncate_mod')
@named_errors('truncatemod', passes_name=True)
def truncatemod(x, y, name=None):
    """The remainder of ``truncatediv``: x - y * truncatediv(x, y), with x's sign (C's fmod)."""
    a, b = _arrays(x, y, 'truncatemod')
    _integer_divisor_check(b, 'truncatemod', x, y)
    xp = backend.array_module(a)
    out = Tensor(xp.fmod(a, b).astype(a.dtype))
    if ACTIVE and a.dtype.kind == 'f':
        # TruncateMod has no registry entry (TruncateDiv is NotDifferentiable: None): a gradient reaching
        # it is TF's LookupError
        return without_gradient('TruncateMod', lambda *_: out, *(t for t in (x, y) if isinstance(t, Tensor)))
    return out

