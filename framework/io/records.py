"""``tf.io.decode_raw`` and ``decode_csv``: numbers out of byte strings and CSV lines."""
import csv

import numpy as np

from ..errors import InvalidArgumentError      # TF's class for bad image / record / proto data
from .. import dtypes
from ..tensor import Tensor, convert_to_tensor
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


def _column_spec(default, op, index):
    t = default if isinstance(default, Tensor) else convert_to_tensor(default)
    if t.dtype.name not in _TYPES or t.ndim > 1 or (t.ndim == 1 and t.shape[0] > 1):
        raise InvalidArgumentError('%s: record_defaults[%d] must be a scalar or a one-element list of float32, float64, '
                         'int32, int64 or string (or an empty one for a required column), got %r'
                         % (op, index, default))
    required = t.ndim == 1 and t.shape[0] == 0
    value = None if required else t._data.reshape(-1)[0]
    return np.dtype(object) if t.dtype.name == 'string' else t._data.dtype, value


def _parse(text, dtype, op, row, column):
    try:
        if dtype == object:
            return text.encode('utf-8')
        if dtype.kind == 'f':
            return dtype.type(float(text))
        return dtype.type(int(text))
    except ValueError:
        raise InvalidArgumentError('%s: field %d of record %d is %r, not a %s' % (op, column, row, text, dtype.name)) from None


@named_errors('io.decode_csv')
def decode_csv(records, record_defaults, field_delim=',', use_quote_delim=True, na_value='', select_cols=None,
               name=None):
    """One tensor per column of the CSV lines ``records`` (each the shape of ``records``), typed by
    ``record_defaults``; an empty field (or ``na_value``) takes the column's default, and a column
    whose default is empty is required."""
    op = 'io.decode_csv'
    lines = byte_array(records, op, 'records')
    specs = [_column_spec(d, op, i) for i, d in enumerate(record_defaults)]
    if len(field_delim) != 1:
        raise InvalidArgumentError('%s: field_delim must be one character, got %r' % (op, field_delim))
    wanted = list(range(len(specs))) if select_cols is None else [int(c) for c in select_cols]
    if select_cols is not None and (len(wanted) != len(specs) or wanted != sorted(set(wanted))):
        raise InvalidArgumentError('%s: select_cols must be increasing, one per record default, got %r' % (op, select_cols))
    columns = [np.empty(lines.shape, dtype) for dtype, _ in specs]
    quoting = csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE
    for row, (index, line) in enumerate(np.ndenumerate(lines)):
        fields = next(csv.reader([line.decode('utf-8')], delimiter=field_delim, quoting=quoting), [''])
        if select_cols is None and len(fields) != len(specs):
            raise InvalidArgumentError('%s: record %d has %d fields, record_defaults has %d' % (op, row, len(fields), len(specs)))
        for out, (dtype, default), column in zip(columns, specs, wanted):
            if column >= len(fields):
                raise InvalidArgumentError('%s: record %d has no column %d' % (op, row, column))
            text = fields[column]
            if text == '' or text == na_value:
                if default is None:
                    raise InvalidArgumentError('%s: field %d of record %d is required but empty' % (op, column, row))
                out[index] = default
            else:
                out[index] = _parse(text, dtype, op, row, column)
    return [string_tensor(c) if c.dtype == object else Tensor(c) for c in columns]
