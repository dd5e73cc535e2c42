"""``tf.saturate_cast`` (clip to the target's range, then cast: differentiable as clip and cast)
and ``tf.bitcast`` (reinterpret the bytes; no gradient, as in TensorFlow)."""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError, fast_path, kernel_error, noted
from ..tensor import Tensor
from .operands import ACTIVE, as_tensor, named_errors
from .selection import clip_by_value
from .shapes import cast, identity
from .type_attributes import refused_type


def _limits(kind):
    return (np.finfo(kind) if kind.kind == 'f' else np.iinfo(kind)) if kind.kind in 'fiu' else None


@named_errors('saturate_cast')
def saturate_cast(value, dtype, name=None):
    """``value`` cast to ``dtype`` with out-of-range values clamped to the target's min / max first
    (300. to uint8 gives 255, not a wrapped value)."""
    x = as_tensor(value, 'saturate_cast')
    source, target = x._data.dtype, np.dtype(dtypes.numpy_dtype(dtype))
    if source.kind == 'b':      # TF's saturate_cast looks up the bool input's limits in Python
        raise TypeError("Cannot find minimum value of <dtype: 'bool'> with type <dtype: '%s'>."
                        % dtypes.of_numpy(target).name)
    lo_hi, src = _limits(target), _limits(source)
    if lo_hi is not None and src is not None and source.kind != 'b':
        lo = max(float(lo_hi.min), float(src.min))
        hi = min(float(lo_hi.max), float(src.max))
        if source.kind == 'f' and target.kind in 'iu':
            # The largest float of x's dtype that the integer type still holds (int32's max rounds
            # up to 2**31 in float32, which would wrap).
            hi = float(np.nextafter(source.type(hi), source.type(0))) if float(source.type(hi)) > hi else hi
        if lo > float(src.min) or hi < float(src.max):
            x = clip_by_value(x, source.type(lo), source.type(hi))
    out = cast(x, dtype)
    return identity(out) if out is value else out     # TF clips (a new tensor) even where no value can change


@named_errors('bitcast')
def bitcast(input, type, name=None):  # noqa: A002  (TensorFlow's names)
    """``input``'s bytes read as ``type``. A wider type eats the last axis (whose size must be the
    ratio of the sizes); a narrower one adds a last axis of that ratio.

    Raises:
        InvalidArgumentError: the last axis does not match the ratio, as TensorFlow's "Cannot bitcast".
    """
    if type is None:        # TF's op wrapper checks the type attr before it converts the input
        raise noted(TypeError("Expected DataType for argument 'type' not None."),
                    'bitcast: type (the dtype to read the bytes as) is required, got None')
    x = as_tensor(input, 'bitcast')
    out = _bitcast(x, input, type)
    if ACTIVE:      # TF registers no gradient for Bitcast: a gradient of its output is the registry's LookupError
        from .unregistered_gradient import unregistered_outputs
        unregistered_outputs('Bitcast', (x,), out)
    return out


def _bitcast(x, input, type):  # noqa: A002  (TensorFlow's names)
    if type is None:
        raise TypeError('bitcast: type (the dtype to read the bytes as) is required, got None')
    a = x._data
    try:
        target = np.dtype(dtypes.numpy_dtype(type))
    except (TypeError, ValueError):     # a tensor, 'abc', 1.5: the op wrapper's make_type
        raise refused_type(type, 'type') from None
    _refuse_bitcast_dtypes(a.dtype, target, fast_path(input))
    xp = backend.array_module(a)
    src_size, dst_size = a.dtype.itemsize, target.itemsize
    a = a if a.flags.c_contiguous else xp.ascontiguousarray(a)     # (ascontiguousarray makes a scalar 1-D)
    if src_size == dst_size:
        return Tensor(a.view(target))
    if src_size > dst_size:
        return Tensor(a.reshape(a.shape + (1,)).view(target).reshape(a.shape + (src_size // dst_size,)))
    if a.ndim == 0 or a.shape[-1] * src_size != dst_size:
        # TensorFlow's words name the dtypes by their DataType numbers (float32 is 1, float64 2).
        raise kernel_error('Bitcast', 'Cannot bitcast from %d to %d' % (x.dtype.as_datatype_enum,
                                                                         dtypes.as_dtype(type).as_datatype_enum),
                           named=fast_path(input),
                           note='bitcast: %s to %s needs a last axis of %d, got shape %s'
                           % (x.dtype.name, dtypes.as_dtype(type).name, dst_size // src_size, tuple(a.shape)))
    return Tensor(a.view(target).reshape(a.shape[:-1]))


# the dtypes TF's Bitcast takes, in its registry's order (no bool, no string)
_BITCAST_TYPES = ('bfloat16', 'half', 'float', 'double', 'int64', 'int32', 'uint8', 'uint16', 'uint32', 'uint64',
                  'int8', 'int16', 'complex64', 'complex128', 'qint8', 'quint8', 'qint16', 'quint16', 'qint32')


def _refuse_bitcast_dtypes(source, target, named):
    """TF's registry error for a bool or string input (attr T) or target (attr type)."""
    from ..tensor import _kernel_name
    listed = ', '.join('DT_' + t.upper() for t in _BITCAST_TYPES)
    for attr, dtype in (('T', source), ('type', target)):
        if _kernel_name(dtype) not in _BITCAST_TYPES:
            error = InvalidArgumentError(
                "Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node Bitcast}}; "
                "Op<name=Bitcast; signature=input:T -> output:type; attr=T:type,allowed=[%s]; attr=type:type,"
                "allowed=[%s]> [Op:Bitcast]%s" % (attr, _kernel_name(dtype), ', '.join(_BITCAST_TYPES), listed, listed,
                                                  ' name: ' if named else ''))
            error.add_note('bitcast: %s has no bit pattern TensorFlow reinterprets; use framework.cast'
                           % _kernel_name(dtype))
            raise error

