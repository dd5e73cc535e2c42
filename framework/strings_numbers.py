"""tf.strings.to_number and as_string: StringToNumber's parsing and AsString's formats."""
import numpy as np

from . import backend
from .errors import InvalidArgumentError, kernel_error
from .strings import _fast, _make_int, _map, _on_flat_values, _strings
from .tensor import convert_to_tensor
from .tf_python_names import tf_named

_NUMBER_TYPES = ('float32', 'float64', 'int32', 'int64', 'uint32', 'uint64')     # StringToNumber's out_type list


@tf_named('string_to_number')
@_on_flat_values
def to_number(string_tensor, out_type=np.float32, name=None):
    """Each string parsed as a number of ``out_type`` (float32 by default)."""
    from . import dtypes
    out_type = np.float32 if out_type is None else out_type      # None: the kernel's default, as in TF
    try:
        dtype = dtypes.numpy_dtype(out_type)
    except (TypeError, ValueError):     # a tensor, 'abc', 1.5: the op wrapper's make_type
        from .ops.type_attributes import refused_type
        raise refused_type(out_type, 'out_type') from None
    values = _strings(string_tensor, 'to_number')
    if dtype.name not in _NUMBER_TYPES:
        shown = {'float16': 'half', 'float32': 'float', 'float64': 'double'}.get(dtypes.as_dtype(out_type).name,
                                                                                  dtypes.as_dtype(out_type).name)
        error = InvalidArgumentError(
            "Value for attr 'out_type' of %s is not in the list of allowed values: float, double, int32, int64, "
            "uint32, uint64\n\t; NodeDef: {{node StringToNumber}}; Op<name=StringToNumber; signature=string_tensor:"
            "string -> output:out_type; attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, "
            "DT_INT64, DT_UINT32, DT_UINT64]> [Op:StringToNumber]%s" % (shown, ' name: ' if _fast(string_tensor) else ''))
        error.add_note('to_number: out_type must be a float or integer type of 32 or 64 bits, got %s' % shown)
        raise error

    limits = np.iinfo(dtype) if dtype.kind in 'iu' else None

    def parse(s):
        try:
            if b'_' in s:       # Python's int / float read '1_0' as 10; the kernel's parsers refuse it
                raise ValueError(s)
            number = int(s) if limits is not None else _float_text(s)
            if limits is not None and not limits.min <= number <= limits.max:
                raise ValueError(s)         # the kernel's safe_strto32 / 64 refuses it as it refuses text
            return number
        except ValueError:
            raise kernel_error('StringToNumber', 'StringToNumberOp could not correctly convert string: %s'
                               % s.decode(errors='replace'), named=_fast(string_tensor),
                               note='to_number: not a number of type %s' % dtype.name) from None
    return _map(parse, values, dtype)


def _float_text(s):
    """A float from ``s`` as StringToNumber reads one: Python's float, and hexadecimal as strtod
    ('0x10' is 16.0, '-0x1.8p1' -3.0), which Python's float refuses."""
    try:
        return float(s)
    except ValueError:
        if s.strip().lstrip(b'+-')[:2].lower() != b'0x':
            raise
        return float.fromhex(s.decode('ascii'))


@_on_flat_values
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill='', name=None):  # noqa: A002
    """Each number formatted as a string: floats with 6 decimals unless ``precision`` says
    otherwise (``scientific``: 1.500000e+00, ``shortest``: 1.5), bools as true/false,
    padded to ``width`` with spaces (or ``fill='0'``)."""
    precision, width = _make_int(precision, 'precision', -1), _make_int(width, 'width', -1)
    t = convert_to_tensor(input)
    values = np.asarray(backend.to_host(t._data))
    if values.dtype.name == 'bfloat16':     # ml_dtypes' kind 'V': printed as the float it widens to
        values = values.astype(np.float32)
    kind = values.dtype.kind
    if kind == 'O':     # AsString's '%s': padded to width in bytes, on the left unless fill is '-'
        _check_fill(fill, input)
        spec = b'%' + (b'-' if fill == '-' else b'') + (b'%d' % width if width > 0 else b'') + b's'
        return _map(lambda v: spec % v, values)
    if kind in 'iub' and (scientific or shortest or precision >= 0):      # the AsString kernel's checks, in order
        problem = 'scientific and shortest format' if scientific or shortest else 'precision'
        raise kernel_error('AsString', '%s not supported for datatype %s' % (problem, t.dtype.name),
                           named=_fast(input), note='as_string: %s applies to floating-point values only' % problem)
    if scientific and shortest:     # the AsString kernel's next check
        raise kernel_error('AsString', 'Cannot select both scientific and shortest notation', named=_fast(input),
                           note='as_string: scientific and shortest cannot both be set')
    # fill is one printf flag of the kernel's format, '%' + fill + width + precision + conversion: '0' pads
    # with zeros, '-' aligns left, '+' and ' ' sign positive numbers, '#' keeps the point ('%#.0f' -> '2.')
    _check_fill(fill, input)
    flags = fill
    size = str(width) if width > 0 else ''
    if kind in 'fc':
        digits = '.%d' % precision if precision >= 0 else ('' if shortest else '.6')
        spec = '%' + flags + size + digits + ('e' if scientific else 'g' if shortest else 'f')
        def text(v):
            return spec % v if np.isfinite(v) else _c_non_finite(v, flags, width)
        if kind == 'c':     # AsString's complex format: (real,imag), each part in the float format
            return _map(lambda v: ('(%s,%s)' % (text(v.real), text(v.imag))).encode(), values)
        return _map(lambda v: text(v).encode(), values)
    if kind in 'iu':
        spec = '%' + flags + size + 'd'
        return _map(lambda v: (spec % v).encode(), values)
    if kind == 'b':
        return _map(lambda v: b'true' if v else b'false', values)     # AsString pads no bool to ``width``
    raise TypeError('as_string: expected a numeric, bool or string tensor, got dtype %s' % values.dtype.name)


def _c_non_finite(v, flags, width):
    """inf / nan as the kernel's printf writes them: glibc signs a NaN whose sign bit is set ('-nan',
    where Python's % writes 'nan') and pads inf / nan with spaces even under the '0' flag."""
    sign = '-' if np.signbit(v) else '+' if '+' in flags else ' ' if ' ' in flags else ''
    text = sign + ('nan' if np.isnan(v) else 'inf')
    return text.ljust(width) if '-' in flags else text.rjust(width)


def _check_fill(fill, input):  # noqa: A002
    """AsString's check of fill: one printf flag or none (the kernel's words, after its dtype checks)."""
    if not isinstance(fill, str) or len(fill) > 1 or fill not in ' +-0#':
        note = "as_string: fill must be one of '', ' ', '+', '-', '0', '#', got %r" % (fill,)
        if isinstance(fill, str) and len(fill) > 1:
            raise kernel_error('AsString', 'Fill string must be one or fewer characters', named=_fast(input), note=note)
        if isinstance(fill, str):
            raise kernel_error('AsString', 'Fill argument not supported: "%s"' % fill, named=_fast(input), note=note)
        raise ValueError(note)
