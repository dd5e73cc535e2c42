"""Datasets read from files: tf.data.TextLineDataset, TFRecordDataset, FixedLengthRecordDataset.

Each element is a scalar string tensor (bytes). Files are read in the order
given, one after another, and read again on each iteration; like TensorFlow's,
the cardinality is unknown until the files are read.
"""
import os

from .arguments import dataset_name
from .cardinality import UNKNOWN_CARDINALITY
from .spec import TensorSpec


def _filenames(filenames, what):
    from ..io.strings_in import as_path
    if hasattr(filenames, '_make_iterator'):              # a dataset of file names
        filenames = [v for v in filenames.as_numpy_iterator()]
    if isinstance(filenames, (str, bytes)) or hasattr(filenames, '__fspath__') or (
            hasattr(filenames, 'ndim') and filenames.ndim == 0):
        filenames = [filenames]
    names = [as_path(name, what, 'filenames') for name in (filenames.numpy().tolist()
                                                            if hasattr(filenames, 'numpy') else filenames)]
    return names        # none (a glob that matched nothing): TF 2.21 gives a dataset of no elements


def _contents(path, compression_type, what):
    from ..io.tfrecord import compression_kind, decompressed, inflated
    kind = compression_kind(compression_type, what)
    try:
        with open(path, 'rb') as f:
            raw = f.read()
    except FileNotFoundError:           # TF's reader kernel, from the iterator
        from ..errors import NotFoundError
        from .iterator_errors import next_error
        raise next_error(NotFoundError, '%s; No such file or directory' % path,
                         note='%s: cannot read %s: no such file' % (what, path)) from None
    except OSError as err:
        from ..errors import NotFoundError
        raise NotFoundError(None, None, '%s: cannot read %s: %s' % (what, path, err.strerror)) from None
    data, whole = _read_by_kernel(lambda: inflated(raw, kind))
    return data if whole else decompressed(raw, kind)      # a stream cut short: Python's error, not TF's (left)


def _read_by_kernel(read):
    """``read()``, its OpErrors (a reader's DataLossError: 'corrupted record at 0', 'inflate() failed ...')
    raised as TF's reader kernels raise them, from the iterator's IteratorGetNext."""
    from ..errors import OpError
    from .iterator_errors import next_error
    try:
        return read()
    except OpError as err:
        error = next_error(type(err), err.message)
        for note in getattr(err, '__notes__', ()):
            error.add_note(note)
        raise error from None


def _string_dataset(make_strings):
    from .dataset import Dataset

    # Host elements are what from_tensor_slices hands out for strings: the bytes themselves.
    return Dataset(make_strings, UNKNOWN_CARDINALITY, lambda: TensorSpec((), 'string'))


def TextLineDataset(filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):  # noqa: N802
    """The lines of the files, without their line ends ('\\n', or '\\r\\n' as TensorFlow strips it)."""
    what = 'data.TextLineDataset'
    names = _filenames(filenames, what)
    dataset_name(name)          # TF's from_tensor_slices of the file names checks it

    def lines():
        for path in names:
            data = _contents(path, compression_type, what)
            parts = data.split(b'\n')
            if parts and parts[-1] == b'':
                parts.pop()                     # the file's final line end does not start a line
            for line in parts:
                yield line[:-1] if line.endswith(b'\r') else line
    return _string_dataset(lines)


def TFRecordDataset(filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):  # noqa: N802
    """The records of TFRecord files (each checked against its CRCs), as tf.io.TFRecordWriter writes them."""
    from ..io.tfrecord import read_records
    names = _filenames(filenames, 'data.TFRecordDataset')
    dataset_name(name)

    def records():
        for path in names:
            if not os.path.exists(path):        # TF's reader kernel, from the iterator
                from ..errors import NotFoundError
                from .iterator_errors import next_error
                raise next_error(NotFoundError, '%s; No such file or directory' % path)
            records = read_records(path, compression_type)
            while True:
                record = _read_by_kernel(lambda: next(records, None))
                if record is None:
                    break
                yield record
    return _string_dataset(records)


def FixedLengthRecordDataset(filenames, record_bytes, header_bytes=None, footer_bytes=None, buffer_size=None,  # noqa: N802
                             compression_type=None, num_parallel_reads=None, name=None):
    """Records of ``record_bytes`` bytes from each file, after ``header_bytes`` and before ``footer_bytes``.

    Raises (when iterating): InvalidArgumentError if a file's body is not a whole number of records.
    """
    what = 'data.FixedLengthRecordDataset'
    names = _filenames(filenames, what)
    dataset_name(name)
    size, head, foot = int(record_bytes), int(header_bytes or 0), int(footer_bytes or 0)
    if size <= 0 or head < 0 or foot < 0:
        raise ValueError('%s: record_bytes must be positive and header/footer bytes non-negative, got %r, %r, %r'
                         % (what, record_bytes, header_bytes, footer_bytes))

    def records():
        from ..errors import DataLossError, InvalidArgumentError
        from .iterator_errors import next_error
        for path in names:
            data = _contents(path, compression_type, what)
            body = data[head:len(data) - foot]
            length = len(data) - head - foot
            if length < 0 or length % size:     # TF's kernel reads the length as a uint64 (-2: 18446744073709551614)
                raise next_error(DataLossError if compression_type else InvalidArgumentError,
                                 'Excluding the header (%d bytes) and footer (%d bytes), input file "%s" has body '
                                 'length %d bytes, which is not an exact multiple of the record length (%d bytes).'
                                 % (head, foot, path, length % 2 ** 64, size))
            for start in range(0, len(body), size):
                yield body[start:start + size]
    return _string_dataset(records)


def list_files(file_pattern, shuffle=None, seed=None, name=None):
    """``Dataset.list_files``: the files matching ``file_pattern`` (a pattern, a list of them or a 1-D
    string tensor), sorted as tf.io.matching_files sorts them, shuffled (all of them, with ``seed``)
    unless ``shuffle=False``. An empty match raises TF's InvalidArgumentError (its eager Assert's).
    """
    import numpy as np

    from ..errors import InvalidArgumentError
    from ..io.files import matching_files
    from .dataset import Dataset
    patterns = [p.decode() if isinstance(p, bytes) else str(p) for p in np.asarray(
        file_pattern.numpy() if hasattr(file_pattern, 'numpy') else file_pattern, object).reshape(-1)]
    names = matching_files(patterns)
    if names.shape[0] == 0:         # TF's Assert, which runs at once in eager mode
        raise InvalidArgumentError("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
                                   "data: b'No files matched pattern: %s'" % ', '.join(patterns))
    dataset = Dataset.from_tensor_slices(names, name=name)
    if shuffle is None or shuffle:
        dataset = dataset.shuffle(max(int(names.shape[0]), 1), seed=seed, name=name)
    return dataset
