"""CSVLogger: write each epoch's logs as a row of a CSV file."""
import collections.abc
import csv
import os

import numpy as np

from .callback import Callback


class CSVLogger(Callback):
    """Stream epoch results to a CSV file: an 'epoch' column, then the log keys sorted.

    Args:
        filename: the CSV file.
        separator: the column separator.
        append: add to an existing file instead of overwriting it (the header is
            written only if the file is empty).
    """

    def __init__(self, filename, separator=',', append=False):
        super().__init__()
        # Keras 3 keeps what it is given and opens it at fit (an int opens that file descriptor there)
        self.filename = os.fspath(filename) if isinstance(filename, os.PathLike) else filename
        self.sep = separator
        self.append = append
        self.writer = None
        self.keys = None
        self.append_header = True
        self.csv_file = None

    def on_train_begin(self, logs=None):
        # no check of its own: a filename of another type fails in Python's words, as in Keras 3 (os.path.exists'
        # 'stat: path should be string, ...' with append=True, else open()'s 'expected str, bytes or os.PathLike
        # object, not NoneType'; an int is a file descriptor, which open() takes)
        if self.append and os.path.exists(self.filename):
            with open(self.filename) as f:
                self.append_header = not f.readline()
        if self.csv_file is not None and not self.csv_file.closed:
            self.csv_file.close()
        self.csv_file = open(self.filename, 'a' if self.append else 'w', newline='')
        self.writer = None
        self.keys = None

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs)
            # Without validation this epoch, keep columns for it anyway (Keras does).
            if self.keys and not any(k.startswith('val_') for k in self.keys):
                self.keys += ['val_' + k for k in self.keys]
        if self.writer is None:
            dialect = type('Dialect', (csv.excel,), {'delimiter': self.sep})
            self.writer = csv.DictWriter(self.csv_file, fieldnames=['epoch'] + self.keys, dialect=dialect)
            if self.append_header:
                self.writer.writeheader()
        row = {'epoch': epoch}
        row.update((k, _cell(logs.get(k, 'NA'))) for k in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        if self.csv_file is not None and not self.csv_file.closed:
            self.csv_file.close()
        self.writer = None


def _cell(value):
    if isinstance(value, str) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value
    if isinstance(value, collections.abc.Iterable):
        return '"[%s]"' % ', '.join(map(str, value))
    return value
