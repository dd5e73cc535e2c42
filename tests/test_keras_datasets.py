"""keras.datasets loaders and keras.utils.get_file, on small fake files in Keras's formats.

Nothing is downloaded: each test points $KERAS_HOME at a temporary folder holding
fake cache files laid out as Keras 3 lays them out. The expected arrays were
produced by running Keras 3.15's own loaders on the very same fake files (with
their hash check bypassed) in the reference venv.
"""
import gzip
import hashlib
import io
import json
import os
import pickle
import tarfile
import zipfile

import numpy as np
import pytest

from framework import keras
from framework.keras import files
from framework.keras.datasets import (boston_housing, california_housing, cifar10, cifar100, imdb, mnist,
                                      reuters)


def _sha256(path):
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


def _objects(sequences):
    out = np.empty(len(sequences), dtype=object)
    out[:] = [list(s) for s in sequences]
    return out


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv('KERAS_HOME', str(tmp_path))
    folder = tmp_path / 'datasets'
    folder.mkdir()
    return folder


def _trust(monkeypatch, module, path, attribute='SHA256'):
    # The loaders check Keras's published hashes; the fake file gets its own.
    monkeypatch.setattr(module, attribute, _sha256(path))


def test_mnist_reads_the_cached_npz(home, monkeypatch):
    rng = np.random.RandomState(0)
    x_train = rng.randint(0, 256, (5, 28, 28)).astype('uint8')
    np.savez(home / 'mnist.npz', x_train=x_train, y_train=np.array([5, 0, 4, 1, 9], 'uint8'),
             x_test=np.zeros((2, 28, 28), 'uint8'), y_test=np.array([7, 2], 'uint8'))
    _trust(monkeypatch, mnist, home / 'mnist.npz')
    (xt, yt), (xs, ys) = keras.datasets.mnist.load_data()
    assert xt.dtype == np.uint8 and xt.shape == (5, 28, 28) and np.array_equal(xt, x_train)
    assert yt.tolist() == [5, 0, 4, 1, 9] and ys.tolist() == [7, 2] and xs.shape == (2, 28, 28)


def test_mnist_with_a_stale_cached_file_and_no_network_names_url_and_path(home, monkeypatch):
    np.savez(home / 'mnist.npz', x_train=np.zeros(1))
    monkeypatch.setattr(files.urllib.request, 'urlretrieve', _offline)
    with pytest.raises(files.DownloadError) as info:
        mnist.load_data()          # the fake file fails Keras's sha256, so get_file tries to download
    message = str(info.value)
    assert 'https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz' in message
    assert str(home / 'mnist.npz') in message
    assert not (home / 'mnist.npz').exists()        # the partial download is removed, as Keras does


def _offline(url, filename, hook=None):
    raise files.urllib.error.URLError('network is unreachable')


def test_fashion_mnist_reads_gzipped_idx_files(home):
    folder = home / 'fashion-mnist'
    folder.mkdir()
    payloads = {'train-labels-idx1-ubyte.gz': b'\0' * 8 + bytes([9, 0, 3]),
                'train-images-idx3-ubyte.gz': b'\0' * 16 + bytes(range(256)) * 9 + bytes(range(48)),
                't10k-labels-idx1-ubyte.gz': b'\0' * 8 + bytes([2]),
                't10k-images-idx3-ubyte.gz': b'\0' * 16 + bytes([7]) * 784}
    for name, payload in payloads.items():
        with gzip.open(folder / name, 'wb') as f:
            f.write(payload)
    (xt, yt), (xs, ys) = keras.datasets.fashion_mnist.load_data()
    assert xt.shape == (3, 28, 28) and xt.dtype == np.uint8 and int(xt.astype(int).sum()) == 294888
    assert yt.tolist() == [9, 0, 3] and ys.tolist() == [2] and xs.shape == (1, 28, 28) and xs.max() == 7


def _cifar_batch(n, seed, label_keys):
    r = np.random.RandomState(seed)
    batch = {b'data': r.randint(0, 256, (n, 3072)).astype('uint8')}
    for key in label_keys:
        batch[key.encode()] = [int(v) for v in r.randint(0, 10, n)]
    return pickle.dumps(batch, protocol=4)


def _tar(path, members):
    with tarfile.open(path, 'w:gz') as archive:
        for name, payload in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(payload)
            archive.addfile(info, io.BytesIO(payload))


def test_cifar10_extracts_the_cached_archive_channels_last(home, monkeypatch):
    archive = home / 'cifar-10-batches-py-target_archive'
    members = {'cifar-10-batches-py/data_batch_%d' % i: _cifar_batch(2, i, ['labels']) for i in range(1, 6)}
    members['cifar-10-batches-py/test_batch'] = _cifar_batch(3, 9, ['labels'])
    _tar(archive, members)
    _trust(monkeypatch, cifar10, archive)
    (xt, yt), (xs, ys) = keras.datasets.cifar10.load_data()
    assert (home / 'cifar-10-batches-py-target' / 'cifar-10-batches-py' / 'test_batch').exists()
    assert xt.shape == (10, 32, 32, 3) and xt.dtype == np.uint8 and yt.shape == (10, 1) and yt.dtype == np.uint8
    assert xs.shape == (3, 32, 32, 3) and ys.dtype == np.uint8
    first = pickle.loads(members['cifar-10-batches-py/data_batch_1'])
    # channels_last: pixel (row 0, col 1) of image 0 holds the R, G, B planes' entries 1, 1025, 2049
    assert xt[0, 0, 1].tolist() == first[b'data'][0, [1, 1025, 2049]].tolist()
    assert yt[:2, 0].tolist() == first[b'labels']


def test_cifar100_label_modes(home, monkeypatch):
    archive = home / 'cifar-100-python-target_archive'
    _tar(archive, {'cifar-100-python/train': _cifar_batch(3, 1, ['fine_labels', 'coarse_labels']),
                   'cifar-100-python/test': _cifar_batch(2, 2, ['fine_labels', 'coarse_labels'])})
    _trust(monkeypatch, cifar100, archive)
    (xt, fine), _ = cifar100.load_data()
    (_, coarse), (xs, _) = cifar100.load_data(label_mode='coarse')
    train = pickle.loads(_cifar_batch(3, 1, ['fine_labels', 'coarse_labels']))
    assert xt.shape == (3, 32, 32, 3) and xs.shape == (2, 32, 32, 3) and fine.shape == (3, 1)
    assert fine[:, 0].tolist() == train[b'fine_labels'] and coarse[:, 0].tolist() == train[b'coarse_labels']
    with pytest.raises(ValueError, match='label_mode'):
        cifar100.load_data(label_mode='medium')


@pytest.fixture
def imdb_file(home, monkeypatch):
    np.savez(home / 'imdb.npz', x_train=_objects([[1, 2, 3], [4, 5], [1, 1, 1, 1, 6], [7], [2, 9, 3, 1]]),
             y_train=np.array([1, 0, 1, 0, 1]), x_test=_objects([[3, 3], [8, 1, 2], [5]]),
             y_test=np.array([0, 1, 1]))
    _trust(monkeypatch, imdb, home / 'imdb.npz')


@pytest.mark.parametrize('kwargs, train, train_labels, test, test_labels', [
    ({}, [[1, 7, 8], [1, 4, 5, 6], [1, 10], [1, 4, 4, 4, 4, 9], [1, 5, 2, 6, 4]], [0, 1, 0, 1, 1],
     [[1, 11, 4, 5], [1, 6, 6], [1, 8]], [1, 0, 1]),
    ({'num_words': 6, 'skip_top': 2, 'maxlen': 5, 'seed': 3}, [[2, 2], [2, 2, 2], [2, 4, 5, 2]], [0, 0, 1],
     [[2, 2, 4, 5], [2, 2], [2, 2, 2]], [1, 1, 0]),
    ({'start_char': None, 'oov_char': None, 'num_words': 8, 'index_from': 0},
     [[4, 5], [1, 2, 3], [7], [1, 1, 1, 1, 6], [2, 3, 1]], [0, 1, 0, 1, 1], [[1, 2], [3, 3], [5]], [1, 0, 1]),
])
def test_imdb_processing_matches_keras(imdb_file, kwargs, train, train_labels, test, test_labels):
    (xt, yt), (xs, ys) = keras.datasets.imdb.load_data(**kwargs)
    assert xt.dtype == object and [list(x) for x in xt] == train and yt.tolist() == train_labels
    assert [list(x) for x in xs] == test and ys.tolist() == test_labels


def test_imdb_errors_and_word_index(imdb_file, home, monkeypatch):
    with pytest.raises(ValueError, match='no sequence was kept; increase maxlen'):
        imdb.load_data(maxlen=1)
    with pytest.raises(TypeError, match='nb_words'):
        imdb.load_data(nb_words=10)
    json.dump({'the': 1, 'and': 2}, open(home / 'imdb_word_index.json', 'w'))
    monkeypatch.setattr(imdb, 'WORD_INDEX_MD5', hashlib.md5(open(home / 'imdb_word_index.json', 'rb').read())
                        .hexdigest())
    assert imdb.get_word_index() == {'the': 1, 'and': 2}


def test_reuters_processing_matches_keras(home, monkeypatch):
    np.savez(home / 'reuters.npz', x=_objects([[1, 2], [3, 4, 5], [6], [1, 7, 8, 9], [2, 2, 2], [4, 1]]),
             y=np.array([3, 4, 3, 1, 0, 2]))
    _trust(monkeypatch, reuters, home / 'reuters.npz')
    (xt, yt), (xs, ys) = reuters.load_data()
    assert [list(x) for x in xt] == [[1, 6, 7, 8], [1, 4, 5], [1, 4, 10, 11, 2], [1, 9]] and yt.tolist() == [4, 3, 1, 3]
    assert [list(x) for x in xs] == [[1, 5, 5, 5], [1, 7, 4]] and ys.tolist() == [0, 2]
    (xt, yt), (xs, ys) = reuters.load_data(num_words=7, test_split=0.5, maxlen=4)
    assert xt.tolist() == [[1, 4, 5]] and yt.tolist() == [3]      # one sequence: Keras's 2-D object array
    assert [list(x) for x in xs] == [[1, 2], [1, 2, 4]] and ys.tolist() == [3, 2]
    assert len(reuters.get_label_names()) == 46 and reuters.get_label_names()[3] == 'earn'


def test_boston_and_california_housing_shuffle_and_split_as_keras(home, monkeypatch):
    np.savez(home / 'boston_housing.npz', x=np.arange(130, dtype='float64').reshape(10, 13),
             y=np.arange(10, dtype='float64') * 1.5)
    _trust(monkeypatch, boston_housing, home / 'boston_housing.npz')
    (xt, yt), (xs, ys) = boston_housing.load_data()
    assert xt.shape == (8, 13) and yt.tolist() == [13.5, 4.5, 9.0, 1.5, 0.0, 10.5, 6.0, 12.0]
    assert ys.tolist() == [3.0, 7.5] and xs[0, 0] == 26.0
    (xt, yt), (xs, ys) = boston_housing.load_data(test_split=0.3, seed=1)
    assert yt.tolist() == [3.0, 13.5, 9.0, 6.0, 0.0, 4.5, 1.5] and ys.tolist() == [10.5, 12.0, 7.5]
    with pytest.raises(ValueError, match='test_split'):
        boston_housing.load_data(test_split=1.0)

    np.savez(home / 'california_housing.npz', x=np.arange(80, dtype='float32').reshape(10, 8),
             y=np.arange(10, dtype='float32'))
    _trust(monkeypatch, california_housing, home / 'california_housing.npz')
    (xt, yt), (xs, ys) = california_housing.load_data(version='small', test_split=0.4)
    assert xt.dtype == np.float32 and yt.tolist() == [9.0, 3.0, 6.0, 1.0, 0.0, 7.0] and ys.tolist() == [4, 8, 2, 5]
    with pytest.raises(ValueError, match="'small' or 'large'"):
        california_housing.load_data(version='medium')


def test_dataset_files_never_unpickle_other_classes(home, monkeypatch):
    class Evil:
        def __reduce__(self):
            return (os.system, ('echo pwned',))
    evil = np.empty(1, dtype=object)
    evil[0] = Evil()
    np.savez(home / 'imdb.npz', x_train=evil, y_train=np.zeros(1), x_test=evil, y_test=np.zeros(1))
    _trust(monkeypatch, imdb, home / 'imdb.npz')
    with pytest.raises(pickle.UnpicklingError, match='Refusing to load'):
        imdb.load_data()


# ---- get_file -------------------------------------------------------------------------------
def test_get_file_downloads_once_into_keras_cache_and_checks_hash(home, tmp_path):
    source = tmp_path / 'payload.bin'
    source.write_bytes(b'hello tapeflow')
    origin = source.as_uri()                              # urllib fetches file:// URLs: no network needed
    digest = hashlib.sha256(b'hello tapeflow').hexdigest()
    path = keras.utils.get_file(origin=origin, file_hash=digest)
    assert path == str(home / 'payload.bin') and open(path, 'rb').read() == b'hello tapeflow'
    source.write_bytes(b'changed')                        # the cached copy is used, not the origin
    assert open(keras.utils.get_file('payload.bin', origin, file_hash=digest), 'rb').read() == b'hello tapeflow'
    with pytest.raises(ValueError, match='hash does not match'):
        keras.utils.get_file('other.bin', origin, file_hash=digest, cache_subdir='elsewhere')


def test_get_file_extracts_tar_and_zip_with_keras_names(home, tmp_path):
    tar_path = tmp_path / 'pack.tar.gz'
    _tar(tar_path, {'pack/a.txt': b'A'})
    out = keras.utils.get_file('pack.tar.gz', tar_path.as_uri(), extract=True)
    assert out == str(home / 'pack_extracted') and open(os.path.join(out, 'pack', 'a.txt')).read() == 'A'
    zip_path = tmp_path / 'z.zip'
    with zipfile.ZipFile(zip_path, 'w') as archive:
        archive.writestr('inner/b.txt', 'B')
        archive.writestr('../escape.txt', 'X')
    out = keras.utils.get_file(origin=zip_path.as_uri(), extract=True)
    assert out == str(home / 'z.zip') and (home / 'z.zip_archive').exists()
    assert open(os.path.join(out, 'inner', 'b.txt')).read() == 'B'
    assert not (home / 'escape.txt').exists()


def test_get_file_argument_errors():
    with pytest.raises(ValueError, match='origin'):
        keras.utils.get_file('x.npz')
    with pytest.raises(ValueError, match='paths are not accepted'):
        keras.utils.get_file(os.path.join('a', 'b.npz'), origin='http://example.com/b.npz')
