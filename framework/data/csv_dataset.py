"""``tf.data.experimental.CsvDataset``: the records of CSV files as tuples of typed scalars.

Each record becomes one element: a tuple with one scalar per parsed column, of the
column's type (float32, float64, int32, int64 or string). An empty field, or one
equal to ``na_value``, takes the column's default; a column without a default
(given as a dtype, or an empty tensor) must be present, as TensorFlow's kernel requires.
"""
import csv
import io

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import convert_to_tensor
from ..tensor_conversion import is_tensor
from .cardinality import UNKNOWN_CARDINALITY
from .files import _contents, _filenames
from .iterator_errors import next_error
from .spec import TensorSpec

CSV_TYPES = ('float32', 'float64', 'int32', 'int64', 'string')
_CSV_DTYPES = tuple(dtypes.as_dtype(name) for name in CSV_TYPES)
_KERNEL_TYPE_NAMES = {'float32': 'float', 'float64': 'double'}      # the CSV kernel's words for its types


class Column:
    """One parsed column: its dtype name and its default (None: required)."""

    def __init__(self, record_default, index, n_columns):
        self.dtype, self.default = _dtype_and_default(record_default, index, n_columns)

    def parse(self, field, na_value, column, record, components=1):
        if field == '' or field == na_value:
            if self.default is None:
                raise next_error(InvalidArgumentError, 'Field %d is required but missing in record!' % column,
                                 components, note='CsvDataset: field %d of record %d is empty; give the column a '
                                                  'default in record_defaults' % (column, record))
            return self.default
        if self.dtype == 'string':
            return field.encode('utf-8')
        try:
            if self.dtype.startswith('int'):
                value = int(field)
                if np.iinfo(self.dtype).min <= value <= np.iinfo(self.dtype).max:
                    return np.dtype(self.dtype).type(value)
                raise ValueError(field)
            return np.dtype(self.dtype).type(float(field))
        except ValueError:
            raise next_error(InvalidArgumentError, 'Field %d in record is not a valid %s: %s'
                             % (column, _KERNEL_TYPE_NAMES.get(self.dtype, self.dtype), field), components,
                             note='CsvDataset: field %d of record %d is %r' % (column, record, field)) from None


def _dtype_and_default(record_default, index, n_columns):
    """(dtype name, default value or None) for one entry of ``record_defaults``."""
    if _names_a_csv_type(record_default) or isinstance(record_default, (dtypes.DType, type, np.dtype)):
        name, default = dtypes.as_dtype(record_default).name, None
    else:
        tensor = convert_to_tensor(record_default)      # TF's rules: 0.0 is float32, 0 is int32
        name, value = tensor.dtype.name, np.asarray(tensor.numpy())
        if value.ndim > 1:
            raise _refusal('Each record default should be at most rank 1', n_columns,
                           'record_defaults[%d] has shape %s: give one value or none' % (index, value.shape))
        if value.size > 1:
            raise _refusal('There should only be 1 default per field but field %d has %d' % (index, value.size),
                           n_columns, 'record_defaults[%d] has shape %s: give one value or none' % (index, value.shape))
        default = None if value.size == 0 else value.reshape(())[()]
        if isinstance(default, (str, bytes)):         # numpy's str_ / bytes_ as the bytes strings hold
            default = default.encode('utf-8') if isinstance(default, str) else bytes(default)
    if name not in CSV_TYPES:
        raise TypeError('CsvDataset: record_defaults[%d] has dtype %s; CSV columns are one of %s'
                        % (index, name, ', '.join(CSV_TYPES)))
    return name, default


def _names_a_csv_type(record_default):
    """Whether TF 2.21 takes this entry for a column type (a required column), not a default value.

    TF asks ``x in (float32, float64, int32, int64, string)``, and a DType equals whatever its
    as_dtype takes: a type name ('int64', 'float', 'string') and a type's enum number (1 float32,
    2 float64, 3 int32, 7 string, 9 int64), so the defaults 1, 9.0, True and 'string' make required
    columns of those types there. numpy arrays (TF turns them into other required columns) and bytes
    (which TF's as_dtype does not take) stay values here."""
    if is_tensor(record_default) or isinstance(record_default, (np.ndarray, bytes, list, tuple)):
        return False
    return record_default in _CSV_DTYPES


def csv_rows(path, compression_type, field_delim, use_quote_delim, header, what, encoding='utf-8'):
    """The rows (lists of field strings) of one CSV file, after its header line when ``header``."""
    text = _contents(path, compression_type, what).decode(encoding)
    reader = csv.reader(io.StringIO(text, newline=''), delimiter=field_delim,
                        quoting=csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE)
    if header:
        next(reader, None)
    return reader


def CsvDataset(filenames, record_defaults, compression_type=None, buffer_size=None, header=False,  # noqa: N802
               field_delim=',', use_quote_delim=True, na_value='', select_cols=None, exclude_cols=None, name=None):
    """The records of CSV files as tuples of scalars, one per column of ``record_defaults``.

    Args:
        record_defaults: per parsed column, a dtype (the column is required) or a value of one
            element (its default); an empty tensor also marks a required column.
        select_cols / exclude_cols: the column indices to parse (ascending), or to leave out.
    Raises:
        InvalidArgumentError: (when made) a record default of more than one value or rank over 1,
            a field_delim that is not one character, both select_cols and exclude_cols, select_cols not one per
            record_defaults entry, indices not strictly increasing or negative; (when iterating) a
            record with another number of fields, a missing required field, a field that is not a number.
    """
    from .dataset import Dataset
    what = 'data.experimental.CsvDataset'
    names = _filenames(filenames, what)
    columns = [Column(default, i, len(record_defaults)) for i, default in enumerate(record_defaults)]
    if len(field_delim) != 1:       # TF's kernel checks it after the defaults, before the column indices
        raise _refusal('field_delim should be only 1 char', len(columns),
                       'field_delim is %r: give one character' % (field_delim,))
    select_cols, exclude_cols = _checked_column_indices(select_cols, exclude_cols, len(columns), what)

    def records():
        number = 0
        for path in names:
            for row in csv_rows(path, compression_type, field_delim, use_quote_delim, header, what):
                wanted = _wanted(len(row), len(columns), select_cols, exclude_cols, number, what)
                # TF's kernel names a field by its output index, not by its column in the file
                yield tuple(column.parse(row[i], na_value, out, number, len(columns))
                            for out, (column, i) in enumerate(zip(columns, wanted)))
                number += 1

    dataset = Dataset(records, UNKNOWN_CARDINALITY, lambda: tuple(TensorSpec((), c.dtype) for c in columns))
    dataset._tf_class = 'CsvDatasetV2'
    return dataset


def _refusal(text, n_columns, note, what='data.experimental.CsvDataset'):
    """TF 2.21's CSVDatasetV2 kernel error when the dataset is made, in its words."""
    return kernel_error('CSVDatasetV2', text, named=True, node='CSVDatasetV2_output_types_%d' % n_columns,
                        note='%s: %s' % (what, note))


def _checked_column_indices(select_cols, exclude_cols, n_columns, what):
    """(select_cols, exclude_cols) as lists (None where not given or empty), checked as TF 2.21's
    CSVDatasetV2 kernel checks them when the dataset is made, in its order and words."""
    select_cols = [int(i) for i in select_cols] if select_cols is not None and len(select_cols) else None
    exclude_cols = [int(i) for i in exclude_cols] if exclude_cols is not None and len(exclude_cols) else None

    def refuse(text, note):
        return _refusal(text, n_columns, note, what)
    if select_cols is not None and exclude_cols is not None:
        raise refuse('Either select_cols or exclude_cols should be empty', 'give one of select_cols and exclude_cols')
    if select_cols is not None and len(select_cols) != n_columns:
        raise refuse('select_cols should match output size', 'select_cols %s names %d columns, record_defaults %d'
                     % (select_cols, len(select_cols), n_columns))
    for name, indices in (('select_cols', select_cols), ('exclude_cols', exclude_cols)):
        if indices is None:
            continue
        if any(a >= b for a, b in zip(indices, indices[1:])):
            raise refuse('%s should be strictly increasing indices' % name, '%s %s: sort them' % (name, indices))
        if indices[0] < 0:
            raise refuse('%s should be non-negative indices' % name, '%s %s: count fields from 0' % (name, indices))
    return select_cols, exclude_cols


def _wanted(n_fields, n_columns, select_cols, exclude_cols, record, what):
    """The field indices a record of ``n_fields`` fields is parsed from."""
    if select_cols is not None:
        if select_cols[-1] >= n_fields:     # TF counts the selected fields the record has
            have = sum(1 for i in select_cols if i < n_fields)
            raise next_error(InvalidArgumentError, 'Expect %d fields but have %d in record' % (n_columns, have),
                             n_columns, note='%s: record %d has %d fields; select_cols asks for field %d'
                                             % (what, record, n_fields, select_cols[-1]))
        return select_cols
    wanted = [i for i in range(n_fields) if exclude_cols is None or i not in exclude_cols]
    if len(wanted) != n_columns:
        # TF's kernel stops at the first field past the last column: it does not count the rest
        have = 'more' if len(wanted) > n_columns else len(wanted)
        raise next_error(InvalidArgumentError, 'Expect %d fields but have %s in record' % (n_columns, have),
                         n_columns, note='%s: record %d has %d fields' % (what, record, n_fields))
    return wanted
