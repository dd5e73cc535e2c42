"""``tf.io.decode_raw`` and ``decode_csv``: numbers out of byte strings and CSV lines."""
import numpy as np

from .. import dtypes, errors
from ..errors import InvalidArgumentError      # TF's class for bad image / record / proto data
from ..tensor import Tensor, convert_to_tensor
from .csv_fields import CsvError, split_fields
from .strings_in import byte_array, string_tensor
from ..ops.operands import named_errors


@named_errors('io.decode_raw')
def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    """Each byte string read as an array of ``out_type`` numbers: shape input.shape + [n]. All strings
    must have one length, unless ``fixed_length`` crops or zero-pads each to that many bytes."""
    op = 'io.decode_raw'
    strings = byte_array(input_bytes, op, 'input_bytes')
    dtype = dtypes.numpy_dtype(out_type) if out_type is not None else None
    if not isinstance(dtype, np.dtype) or dtype.kind not in 'fiucb':
        raise TypeError('%s: out_type must be a numeric dtype, got %r' % (op, out_type))
    order = dtype.newbyteorder('<' if little_endian else '>')
    flat = list(strings.reshape(-1))
    if fixed_length is not None:
        size = int(fixed_length)
        if size < 0 or size % dtype.itemsize:
            raise InvalidArgumentError('%s: fixed_length must be a non-negative multiple of %d (the size of %s), got %d'
                             % (op, dtype.itemsize, dtype.name, size))
        flat = [s[:size].ljust(size, b'\0') for s in flat]
    lengths = {len(s) for s in flat}
    if len(lengths) > 1:
        raise InvalidArgumentError('%s: every input string must have the same length, got lengths %s; pass fixed_length'
                         % (op, sorted(lengths)))
    size = lengths.pop() if lengths else 0
    if size % dtype.itemsize:
        raise InvalidArgumentError('%s: input strings of %d bytes are not a whole number of %s (%d bytes each)'
                         % (op, size, dtype.name, dtype.itemsize))
    values = np.frombuffer(b''.join(flat), order).astype(dtype).reshape(strings.shape + (size // dtype.itemsize,))
    return Tensor(values)


_TYPES = ('float32', 'float64', 'int32', 'int64', 'string')
# TensorFlow's DataTypeString, which DecodeCSV's messages use
_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'int32': 'int32', 'int64': 'int64'}
_OUT_TYPE_ERROR = (
    "Value for attr 'OUT_TYPE' of %s is not in the list of allowed values: float, double, int32, int64, string\n\t; "
    "NodeDef: {{node DecodeCSV}}; Op<name=DecodeCSV; signature=records:string, record_defaults: -> output:; "
    "attr=OUT_TYPE:list(type),min=1,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_STRING]; "
    "attr=field_delim:string,default=\",\"; attr=use_quote_delim:bool,default=true; "
    "attr=na_value:string,default=\"\"; attr=select_cols:list(int),default=[]> [Op:DecodeCSV]")


def _column_spec(default, op, index, kernel_error):
    t = default if isinstance(default, Tensor) else convert_to_tensor(default)
    if t.dtype.name not in _TYPES:
        error = InvalidArgumentError(_OUT_TYPE_ERROR % t.dtype.name)
        error.add_note('%s: record_defaults[%d] is a %s; columns are float32, float64, int32, int64 or string'
                       % (op, index, t.dtype.name))
        raise error
    if t.ndim > 1 or (t.ndim == 1 and t.shape[0] > 1):
        if t.ndim == 1:
            raise kernel_error('There should only be 1 default per field but field %d has %d' % (index, t.shape[0]))
        raise InvalidArgumentError('%s: record_defaults[%d] must be a scalar or a one-element list of float32, '
                                   'float64, int32, int64 or string (or an empty one for a required column), got %r'
                                   % (op, index, default))
    required = t.ndim == 1 and t.shape[0] == 0
    value = None if required else t._data.reshape(-1)[0]
    return np.dtype(object) if t.dtype.name == 'string' else t._data.dtype, value


def _parse(text, dtype):
    """A field's number, or None where TensorFlow's safe_strto32 / strtof family would refuse it."""
    if dtype == object:
        return text
    word = text.strip()
    try:
        if b'_' in word:                       # Python's int() / float() take '1_000'; C's strtol does not
            return None
        if dtype.kind == 'f':
            return dtype.type(float(word))
        number = int(word)
        return dtype.type(number) if np.iinfo(dtype).min <= number <= np.iinfo(dtype).max else None
    except ValueError:
        return None


@named_errors('io.decode_csv')
def decode_csv(records, record_defaults, field_delim=',', use_quote_delim=True, na_value='', select_cols=None,
               name=None):
    """One tensor per column of the CSV lines ``records`` (each the shape of ``records``), typed by
    ``record_defaults``; an empty field (or ``na_value``) takes the column's default, and a column
    whose default is empty is required. Records are split as TensorFlow's DecodeCSV splits them
    (csv_fields.py), and bad records raise its InvalidArgumentError messages."""
    op = 'io.decode_csv'
    node = 'DecodeCSV_OUT_TYPE_%d' % len(record_defaults)

    def kernel_error(text, note='the record_defaults of %s' % op):
        return errors.kernel_error('DecodeCSV', text, node=node, note=note)

    lines = byte_array(records, op, 'records')
    specs = [_column_spec(d, op, i, kernel_error) for i, d in enumerate(record_defaults)]
    if len(field_delim) != 1:
        raise InvalidArgumentError('%s: field_delim must be one character, got %r' % (op, field_delim))
    wanted = None if select_cols is None else [int(c) for c in select_cols]
    if wanted is not None and (len(wanted) != len(specs) or wanted != sorted(set(wanted))):
        raise InvalidArgumentError('%s: select_cols must be increasing, one per record default, got %r' % (op, select_cols))
    missing = na_value.encode('utf-8') if isinstance(na_value, str) else bytes(na_value)
    columns = [np.empty(lines.shape, dtype) for dtype, _ in specs]
    for row, (index, line) in enumerate(np.ndenumerate(lines)):
        try:
            fields = split_fields(line, ord(field_delim), use_quote_delim, wanted)
        except CsvError as text:
            raise kernel_error(str(text), '%s: record %d is %r' % (op, row, line)) from None
        if len(fields) != len(specs):
            raise kernel_error('Expect %d fields but have %d in record %d' % (len(specs), len(fields), row),
                               '%s: record %r; pass one record_defaults entry per column' % (op, line))
        for column, (out, (dtype, default), text) in enumerate(zip(columns, specs, fields)):
            if text == b'' or text == missing:
                if default is None:
                    raise kernel_error('Field %d is required but missing in record %d!' % (column, row),
                                       '%s: give column %d a default to allow empty fields' % (op, column))
                out[index] = default
                continue
            value = _parse(text, dtype)
            if value is None:
                raise kernel_error('Field %d in record %d is not a valid %s: %s'
                                   % (column, row, _KERNEL_NAMES[dtype.name], text.decode('utf-8', 'replace')),
                                   '%s: column %d is read as %s (its record_defaults entry)' % (op, column, dtype.name))
            out[index] = value
    return [string_tensor(c) if c.dtype == object else Tensor(c) for c in columns]
