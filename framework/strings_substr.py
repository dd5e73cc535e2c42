"""tf.strings.substr: the Substr kernel's cut of each string, with pos / len broadcast against them."""
import builtins

import numpy as np

from . import backend
from .errors import InvalidArgumentError, fast_path, kernel_error
from .strings import _dims, _fast, _on_flat_values, _strings, _tensor
from .tensor import Tensor
from .tf_python_names import tf_named

@tf_named('substr_v2')
@_on_flat_values
def substr(input, pos, len, unit='BYTE', name=None):  # noqa: A002
    """``len`` bytes (``unit='UTF8_CHAR'``: characters) of each string from ``pos``
    (negative: from the end); a ``pos`` past either end raises, as in TensorFlow."""
    if unit not in ('BYTE', 'UTF8_CHAR'):
        raise InvalidArgumentError(
            'Value for attr \'unit\' of "%s" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n\t; NodeDef: '
            '{{node Substr}}; Op<name=Substr; signature=input:string, pos:T, len:T -> output:string; '
            'attr=T:type,allowed=[DT_INT32, DT_INT64]; attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> '
            '[Op:Substr]%s' % (unit, ' name: ' if _fast(input) else ''))
    values = _strings(input, 'substr')
    named = _fast(input) and fast_path(pos, len)        # a list pos / len takes TF's slow path: no ' name: '
    _refuse_operand_dtypes(pos, len, named)
    starts, sizes = np.asarray(_host_ints(pos)), np.asarray(_host_ints(len))
    if starts.shape != sizes.shape:
        raise kernel_error('Substr', 'pos and len should have the same shape, got: %s vs. %s'
                           % (_dims(starts.shape), _dims(sizes.shape)), named=named,
                           note='substr: pos and len need one shape (they broadcast against the strings)')
    try:
        shape = np.broadcast_shapes(values.shape, starts.shape)
    except ValueError:
        raise kernel_error('Substr', 'Incompatible shapes: %s vs. %s' % (_dims(values.shape), _dims(starts.shape)),
                           named=named,
                           note='substr: pos of shape %s does not broadcast against strings of shape %s'
                                % (starts.shape, values.shape)) from None
    strings, starts, sizes = (np.broadcast_to(a, shape).reshape(-1) for a in (values, starts, sizes))
    out = np.empty(builtins.len(strings), dtype=object)
    for index, (s, start, size) in enumerate(zip(strings, starts.tolist(), sizes.tolist())):
        text = s if unit == 'BYTE' else utf8_pieces(s)
        n = builtins.len(text)
        if not -n <= start <= n:        # the kernel names the first string pos misses
            # (the kernel writes the string's bytes between b' and ', not Python's escapes)
            # (in UTF8_CHAR units TF's kernel leaves the string out: 'pos 1 out of range for string at index 2')
            shown = "b'%s' " % s.decode('utf-8', 'replace') if unit == 'BYTE' else ''
            raise kernel_error('Substr', "pos %d out of range for string %sat index %d" % (start, shown, index),
                               named=named, note='substr: pos must lie in [-len, len] of every string')
        begin = start if start >= 0 else n + start
        # a negative byte length is string_view's npos (the rest); in characters it is none
        piece = text[begin:] if size < 0 and unit == 'BYTE' else text[begin:begin + max(size, 0)]
        out[index] = piece if unit == 'BYTE' else b''.join(piece)
    return _tensor(out.reshape(shape))


def utf8_pieces(s):
    """``s`` (bytes) cut into characters as TF's UTF-8 kernels step through it: a character is a byte
    and the continuation bytes (0x80-0xBF) after it, so bytes that are not UTF-8 count one each
    (length(b'\\xff\\xfeab', 'UTF8_CHAR') is 4; Python's decode refuses them)."""
    starts = [i for i, byte in enumerate(s) if i == 0 or not 0x80 <= byte < 0xC0]
    return [s[a:b] for a, b in zip(starts, starts[1:] + [builtins.len(s)])]


def _float_dtype(value):
    """The float dtype name eager TF gives ``value`` (Python floats: float32), or None for integers."""
    if isinstance(value, Tensor):
        return value.dtype.name if value._data.dtype.kind == 'f' else None
    array = np.asarray(value)
    if array.dtype.kind != 'f':
        return None
    return 'float32' if isinstance(value, (float, list, tuple)) else array.dtype.name


def _refuse_operand_dtypes(pos, len, named):  # noqa: A002
    """Substr's T (int32 / int64) as TF 2.21 infers it: eagerly from pos, or from a len tensor, so another dtype
    there (a float, int16) is the registry's attr error and a len tensor of another dtype than pos the kernel's
    input error; a Python float len beside integer pos fails its conversion. In a trace op_def_library takes T
    from pos (a Python number: int32 / float32) and raises its TypeErrors, naming 'pos' or 'len'."""
    from .ops.graph_input_errors import (allowed_list_refusal, eager_input_error, input_mismatch,
                                         kernel_dtype_name, traced)
    in_trace = traced()
    inferred = _dtype_name(pos) if isinstance(pos, Tensor) or in_trace else (
        _float_dtype(pos) or (_dtype_name(len) if isinstance(len, Tensor) else None))
    if inferred and inferred not in ('int32', 'int64'):
        error = allowed_list_refusal(InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Substr}}; "
            'Op<name=Substr; signature=input:string, pos:T, len:T -> output:string; attr=T:type,allowed=[DT_INT32, '
            'DT_INT64]; attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:Substr]%s'
            % (kernel_dtype_name(inferred), ' name: ' if named else '')),
            'T', inferred, ('int32', 'int64'), 'pos:T, len:T')
        error.add_note('substr: pos and len must be integers (int32 or int64), got pos %r, len %r' % (pos, len))
        raise error
    if inferred and isinstance(len, Tensor) and len.dtype.name != inferred:
        raise input_mismatch(eager_input_error('Substr', 2, inferred, len.dtype.name, named=named),
                             'Substr', 1, inferred, len.dtype.name)
    if _float_dtype(len):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (len,))
        error.add_note('substr: len must be an integer, got %r' % (len,))
        raise error


def _dtype_name(value):
    """The dtype TF gives ``value`` as an op's input: a tensor's or array's own, a Python float's float32, an
    int's int32."""
    if isinstance(value, Tensor):
        return value.dtype.name
    if isinstance(value, (np.ndarray, np.generic)):
        return value.dtype.name
    return _float_dtype(value) or 'int32'


def _host_ints(value):
    """An int pos / len argument (Python number, list, array or tensor) as a numpy integer array."""
    if isinstance(value, Tensor):
        return np.asarray(backend.to_host(value._data))
    return np.asarray(value, dtype=np.int64)
