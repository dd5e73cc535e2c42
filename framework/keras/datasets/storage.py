"""What Keras's dataset loaders share: the download folder, safe .npz reading, shuffled splits."""
import io
import pickle
import zipfile

import numpy as np

from ..files import get_file

# Where Keras 3 downloads its datasets from (tf-keras-datasets bucket).
ORIGIN_FOLDER = 'https://storage.googleapis.com/tensorflow/tf-keras-datasets/'

# The only globals a pickled numpy object array needs (numpy 1 and 2 spellings of multiarray).
_ARRAY_GLOBALS = {('numpy', 'ndarray'), ('numpy', 'dtype'), ('numpy.core.multiarray', '_reconstruct'),
                  ('numpy._core.multiarray', '_reconstruct')}


class ArrayOnlyUnpickler(pickle.Unpickler):
    """Unpickles numpy arrays and plain Python values, and refuses every other class, so a
    tampered dataset file cannot run code while it is read."""

    def find_class(self, module, name):
        if (module, name) not in _ARRAY_GLOBALS:
            raise pickle.UnpicklingError('Refusing to load %s.%s from a dataset file: only numpy arrays are '
                                         'expected; the file may be corrupted or tampered with' % (module, name))
        return super().find_class(module, name)


def load_npz(path):
    """{name: array} of an .npz file; object arrays (ragged word sequences) are unpickled
    with ``ArrayOnlyUnpickler``, every other array without pickle at all."""
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if member.endswith('.npy'):
                arrays[member[:-4]] = _read_npy(io.BytesIO(archive.read(member)))
    return arrays


def _read_npy(stream):
    version = np.lib.format.read_magic(stream)
    read_header = np.lib.format.read_array_header_1_0 if version[0] == 1 else np.lib.format.read_array_header_2_0
    shape, fortran_order, dtype = read_header(stream)
    if not dtype.hasobject:
        stream.seek(0)
        return np.lib.format.read_array(stream, allow_pickle=False)
    return ArrayOnlyUnpickler(stream).load()


def regression_arrays(dataset, path, file_hash, test_split):
    """(x, y) of the Keras regression dataset ``dataset`` (downloaded once to ``path``), after
    checking that ``test_split`` is in [0, 1) as its ``load_data`` requires."""
    if not 0 <= test_split < 1:
        raise ValueError('%s.load_data: invalid `test_split` argument %r; it must be in [0, 1)' % (dataset, test_split))
    path = get_file(path, origin=ORIGIN_FOLDER + dataset + '.npz', file_hash=file_hash)
    with np.load(path, allow_pickle=False) as f:
        return f['x'], f['y']


def shuffled_split(x, y, test_split, seed):
    """Keras's regression-dataset split: shuffle with RandomState(seed), then the first
    ``int(len * (1 - test_split))`` rows train, the rest test."""
    order = np.arange(len(x))
    np.random.RandomState(seed).shuffle(order)
    x, y = x[order], y[order]
    cut = int(len(x) * (1 - test_split))
    return (np.array(x[:cut]), np.array(y[:cut])), (np.array(x[cut:]), np.array(y[cut:]))


def encode_sequences(xs, start_char, index_from):
    """Word-index lists shifted by ``index_from``, each led by ``start_char`` unless it is None."""
    if start_char is not None:
        return [[start_char] + [w + index_from for w in x] for x in xs]
    if index_from:
        return [[w + index_from for w in x] for x in xs]
    return [list(x) for x in xs]


def drop_long(maxlen, xs, labels):
    """Only the sequences shorter than ``maxlen`` (and their labels), as Keras keeps them."""
    kept = [(x, label) for x, label in zip(xs, labels) if len(x) < maxlen]
    return [x for x, _ in kept], [label for _, label in kept]


def limit_vocabulary(xs, num_words, skip_top, oov_char):
    """Words outside [skip_top, num_words) become ``oov_char``, or are dropped when it is None;
    ``num_words`` None means the largest index seen."""
    if not num_words:
        num_words = max(max(x) for x in xs)
    if oov_char is not None:
        return [[w if skip_top <= w < num_words else oov_char for w in x] for x in xs]
    return [[w for w in x if skip_top <= w < num_words] for x in xs]



def object_array(sequences):
    """``np.array(sequences, dtype=object)``, as Keras returns them: 1-D of lists when the lengths
    differ (real data), 2-D when every sequence has one length."""
    return np.array(sequences, dtype=object)
