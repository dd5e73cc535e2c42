"""``tf.data.experimental.make_csv_dataset``: batches of CSV records as (features dict, label).

The pipeline is TensorFlow's: the matching files (sorted, then shuffled when
``shuffle``), read one record at a time from ``num_parallel_reads`` files in turn,
shuffled, repeated ``num_epochs`` times (None: forever), batched (dropping a short
last batch only when repeating forever) and made into an OrderedDict of columns
with the label popped out. Column names come from the header, column types from
the first ``num_rows_for_inference`` records when not given.
"""
import collections
import glob
import os

import numpy as np

from . import experimental_aliases
from .csv_dataset import CsvDataset, csv_rows
from .dataset import AUTOTUNE, Dataset

_WHAT = 'data.experimental.make_csv_dataset'


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=',', use_quote_delim=True, na_value='', header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding='utf-8'):
    """Batches of ``batch_size`` records: ``(OrderedDict(name -> column), label)``, or the dict alone.

    Raises:
        ValueError: no file matches, no column names and no header, duplicate or unknown
            column names, or defaults that do not match the selected columns.
    """
    filenames = _file_names(file_pattern)
    if (column_names is None or column_defaults is None) and compression_type is not None:
        _check_probing_compression(compression_type)
    read = dict(compression_type=compression_type, field_delim=field_delim, use_quote_delim=use_quote_delim,
                what=_WHAT, encoding=encoding)
    if column_names is None:
        if not header:
            raise ValueError('Expected `column_names` or `header` arguments. Neither is provided.')
        column_names = _header_names(filenames, read)
    column_names = list(column_names)
    if len(column_names) != len(set(column_names)):
        raise ValueError('Either `column_names` argument or CSV header row contains duplicate column names: %s.'
                         % (_duplicates(column_names),))
    if select_columns is not None:
        select_columns = _column_indices(select_columns, column_names)
    if column_defaults is None:
        column_defaults = _inferred_defaults(filenames, len(column_names), na_value, header, num_rows_for_inference,
                                             select_columns, read)
    if select_columns is not None:
        if len(column_defaults) != len(select_columns):
            raise ValueError('If specified, `column_defaults` and `select_columns` must have the same length: '
                             '`column_defaults` has length %d, `select_columns` has length %d.'
                             % (len(column_defaults), len(select_columns)))
        column_names = [column_names[i] for i in select_columns]
    if label_name is not None and label_name not in column_names:
        raise ValueError('`label_name` provided must be one of the columns: %s. Received: %s.' % (column_names, label_name))

    def file_records(filename):
        records = CsvDataset(filename, column_defaults, compression_type=compression_type, header=header,
                             field_delim=field_delim, use_quote_delim=use_quote_delim, na_value=na_value,
                             select_cols=select_columns)
        # through the deprecated tf.data.experimental.ignore_errors, as TF's reader: its notice, once
        return records.apply(experimental_aliases.ignore_errors()) if ignore_errors else records

    files = Dataset.from_tensor_slices(filenames)
    if shuffle:
        files = files.shuffle(len(filenames), shuffle_seed)
    cycle = 1 if num_parallel_reads is None else (os.cpu_count() or 1) if num_parallel_reads == AUTOTUNE \
        else int(num_parallel_reads)
    records = files.interleave(file_records, cycle_length=cycle, block_length=1)
    column_specs = file_records(filenames[0]).element_spec
    records = Dataset(records._make_iterator, records._length, lambda: column_specs)
    if shuffle:
        records = records.shuffle(shuffle_buffer_size, shuffle_seed)
    if num_epochs != 1:
        records = records.repeat(num_epochs)
    batches = records.batch(batch_size, drop_remainder=num_epochs is None)

    def features_and_label(*columns):
        features = collections.OrderedDict(zip(column_names, columns))
        if label_name is None:
            return features
        label = features.pop(label_name)
        return features, label
    return batches.map(features_and_label).prefetch(prefetch_buffer_size)


def _file_names(file_pattern):
    """The files matching a glob pattern or a list of them, sorted (TensorFlow's order before shuffling)."""
    patterns = file_pattern if isinstance(file_pattern, (list, tuple)) else [file_pattern]
    if not patterns:
        raise ValueError('Argument `file_pattern` should not be empty.')
    names = [name for pattern in patterns for name in glob.glob(os.fspath(pattern))]
    if not names:
        raise ValueError('No files match `file_pattern` %s.' % (file_pattern,))
    return sorted(names)


def _header_names(filenames, read):
    names = None
    for path in filenames:
        row = next(csv_rows(path, header=False, **read), None)
        if row is None:
            raise ValueError('Failed when reading the header line of %s. Is it an empty file?' % path)
        if names is not None and row != names:
            raise ValueError('All input CSV files should have the same column names in the header row. File '
                             '%s has different column names.' % path)
        names = row
    return names


def _column_indices(select_columns, column_names):
    """``select_columns`` (names or indices) as sorted column indices."""
    indices = []
    for column in select_columns:
        if isinstance(column, int):
            if not 0 <= column < len(column_names):
                raise ValueError('Column index %d specified in `select_columns` should be > 0  and <= %d, which is '
                                 'the number of columns.' % (column, len(column_names)))
            indices.append(column)
        elif column not in column_names:
            raise ValueError('Column %s specified in `select_columns` must be of one of the columns: %s.'
                             % (column, dict.fromkeys(column_names).keys()))
        else:
            indices.append(column_names.index(column))
    if len(set(indices)) != len(indices):
        # TF looks for the duplicates after dropping them: its message always ends 'set().'
        raise ValueError('The `select_columns` argument contains duplicate columns: %s.' % (_duplicates(set(indices)),))
    return sorted(indices)


def _duplicates(names):
    """The names listed more than once, as the set TF prints."""
    ordered = sorted(names)
    return set(a for a, b in zip(ordered[:-1], ordered[1:]) if a == b)


def _check_probing_compression(compression_type):
    """TF reads the files itself to infer names or defaults: plain text or GZIP only."""
    if hasattr(compression_type, 'numpy'):         # a tensor: TF words its constant value (b'ZIP')
        compression_type = compression_type.numpy()
    value = compression_type.decode() if isinstance(compression_type, bytes) else compression_type
    if value == 'ZLIB':
        raise ValueError('`compression_type` %s is not supported for probing columns.' % (compression_type,))
    if value not in ('GZIP', ''):
        raise ValueError('Received unknown `compression_type` %s. Expected: GZIP, ZLIB or  (empty string).'
                         % (compression_type,))


# The types a column may take, least permissive first; a column takes the first that
# every value read so far fits.
_TYPE_ORDER = ('int32', 'int64', 'float32', 'float64', 'string')


def _fits(text, dtype):
    if dtype == 'string':
        return True
    try:
        if dtype.startswith('int'):
            value = int(text)
            info = np.iinfo(dtype)
            return info.min <= value <= info.max
        with np.errstate(over='ignore'):
            return bool(np.dtype(dtype).type(float(text)) < np.inf)
    except ValueError:
        return False


def _inferred_type(text, na_value, previous):
    if text in ('', na_value):
        return previous           # a missing value says nothing about the type
    start = 0 if previous is None else _TYPE_ORDER.index(previous)
    return next(t for t in _TYPE_ORDER[start:] if _fits(text, t))


def _inferred_defaults(filenames, n_columns, na_value, header, n_rows, select_columns, read):
    """A default per (selected) column: 0 of the inferred type, or '' for strings."""
    indices = range(n_columns) if select_columns is None else select_columns
    types = [None] * len(indices)

    def checked_rows():
        for path in filenames:
            for number, row in enumerate(csv_rows(path, header=header, **read), 2 if header else 1):
                if len(row) != n_columns:
                    raise ValueError('Problem inferring types: CSV row %d has %d number of fields. Expected: %d.'
                                     % (number, len(row), n_columns))
                yield row
    # as TF's loop over its row generator: the row after the last one used is read, and checked, too
    for seen, row in enumerate(checked_rows()):
        if n_rows is not None and seen >= n_rows:
            break
        types = [_inferred_type(row[i], na_value, t) for i, t in zip(indices, types)]
    types = [t or 'string' for t in types]
    return [[''] if t == 'string' else np.zeros(1, t) for t in types]

