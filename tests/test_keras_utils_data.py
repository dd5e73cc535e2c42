"""keras.utils data helpers: timeseries_dataset_from_array, split_dataset, text_dataset_from_directory.

Expected values are what Keras 3.15 gives for the same calls in the reference
venv (windows and targets; split_dataset's shuffled picks, which use Python's
``random`` exactly as Keras does; the file order of text_dataset_from_directory).
"""
import numpy as np
import pytest

from framework import keras
from framework.data import Dataset


def _values(dataset):
    out = []
    for element in dataset:
        if isinstance(element, tuple):
            out.append([np.asarray(e).tolist() for e in element])
        else:
            out.append(np.asarray(element).tolist())
    return out


DATA = np.arange(30, dtype='float32').reshape(15, 2)
TARGETS = np.arange(100, 115)


def test_timeseries_windows_without_targets():
    ds = keras.utils.timeseries_dataset_from_array(DATA, None, sequence_length=4, batch_size=None)
    windows = _values(ds)
    assert len(windows) == 12 and np.asarray(windows).shape == (12, 4, 2)
    assert [w[0] for w in windows[0]] == [0.0, 2.0, 4.0, 6.0]
    assert [w[0] for w in windows[-1]] == [22.0, 24.0, 26.0, 28.0]


@pytest.mark.parametrize('kwargs, expected', [
    (dict(sequence_length=3, sequence_stride=2, sampling_rate=2, batch_size=3),
     [([[0.0, 4.0, 8.0], [4.0, 8.0, 12.0], [8.0, 12.0, 16.0]], [100, 102, 104]),
      ([[12.0, 16.0, 20.0], [16.0, 20.0, 24.0], [20.0, 24.0, 28.0]], [106, 108, 110])]),
    (dict(sequence_length=3, batch_size=2, start_index=2, end_index=12),
     [([[4.0, 6.0, 8.0], [6.0, 8.0, 10.0]], [102, 103]), ([[8.0, 10.0, 12.0], [10.0, 12.0, 14.0]], [104, 105]),
      ([[12.0, 14.0, 16.0], [14.0, 16.0, 18.0]], [106, 107]), ([[16.0, 18.0, 20.0], [18.0, 20.0, 22.0]], [108, 109])]),
])
def test_timeseries_windows_and_targets_match_keras(kwargs, expected):
    ds = keras.utils.timeseries_dataset_from_array(DATA, TARGETS, **kwargs)
    got = [([[step[0] for step in window] for window in x], y) for x, y in _values(ds)]
    assert got == [(x, y) for x, y in expected]


def test_timeseries_targets_shorter_than_data_cap_the_windows():
    ds = keras.utils.timeseries_dataset_from_array(DATA, TARGETS[:6], sequence_length=2, batch_size=4)
    assert [y for _, y in _values(ds)] == [[100, 101, 102, 103], [104, 105]]


def test_timeseries_shuffle_keeps_window_target_pairs_and_repeats_with_seed():
    make = lambda: keras.utils.timeseries_dataset_from_array(DATA, TARGETS, sequence_length=5, batch_size=4,   # noqa
                                                             shuffle=True, seed=7)
    first, again = _values(make()), _values(make())
    assert first == again
    pairs = sorted((x[0][0], y) for xs, ys in first for x, y in zip(xs, ys))
    assert pairs == [(2.0 * i, 100 + i) for i in range(11)]


@pytest.mark.parametrize('bad, message', [
    (dict(start_index=-1), '`start_index` must be 0 or greater'),
    (dict(end_index=20), '`end_index` must be lower than the length'),
    (dict(sampling_rate=0), '`sampling_rate` must be higher than 0'),
    (dict(sequence_stride=15), '`sequence_stride` must be lower than the length'),
])
def test_timeseries_bad_arguments(bad, message):
    with pytest.raises(ValueError, match=message):
        keras.utils.timeseries_dataset_from_array(DATA, None, 3, **bad)


X = np.arange(20).reshape(10, 2)
Y = np.arange(10) * 10


def test_split_array_by_fraction():
    left, right = keras.utils.split_dataset(X, left_size=0.8)
    assert _values(left) == X[:8].tolist() and _values(right) == X[8:].tolist()


def test_split_tuple_shuffled_with_keras_seeded_order():
    left, right = keras.utils.split_dataset((X, Y), right_size=3, shuffle=True, seed=5)
    assert [y for _, y in _values(left)] == [20, 30, 10, 0, 80, 70, 60]
    assert [y for _, y in _values(right)] == [50, 40, 90]


def test_split_batched_dataset_rebatches_both_halves():
    left, right = keras.utils.split_dataset(Dataset.from_tensor_slices((X, Y)).batch(3), left_size=0.5,
                                            shuffle=True, seed=1)
    assert [y for _, y in _values(left)] == [[60, 80, 90], [70, 50]]
    assert [y for _, y in _values(right)] == [[30, 0, 40], [10, 20]]


@pytest.mark.parametrize('kwargs, error', [
    (dict(), ValueError), (dict(left_size=1.5), ValueError), (dict(left_size=10), ValueError),
    (dict(left_size=0.6, right_size=0.6), ValueError), (dict(left_size='a'), TypeError),
])
def test_split_bad_sizes(kwargs, error):
    with pytest.raises(error, match='_size'):
        keras.utils.split_dataset(X, **kwargs)


def test_split_rejects_other_inputs():
    with pytest.raises(TypeError, match="Unsupported dataset type: <class 'dict'>"):
        keras.utils.split_dataset({'x': X}, left_size=0.5)
    with pytest.raises(ValueError, match='different lengths'):
        keras.utils.split_dataset([X, Y[:5]], left_size=0.5)


@pytest.fixture
def text_dir(tmp_path):
    for i in (1, 2, 3):
        (tmp_path / 'neg').mkdir(exist_ok=True)
        (tmp_path / 'neg' / ('n%d.txt' % i)).write_bytes(b'bad movie %d' % i)
    (tmp_path / 'pos' / 'sub').mkdir(parents=True)
    for i in (1, 2):
        (tmp_path / 'pos' / ('p%d.txt' % i)).write_bytes(b'great film number %d' % i)
    (tmp_path / 'pos' / 'sub' / 'z.txt').write_bytes(b'nested good')
    (tmp_path / 'pos' / 'ignored.md').write_bytes(b'not text')
    (tmp_path / '.hidden').mkdir()
    return str(tmp_path)


def test_text_dataset_labels_from_subfolders(text_dir, capsys):
    ds = keras.utils.text_dataset_from_directory(text_dir, shuffle=False, batch_size=4)
    assert 'Found 6 files belonging to 2 classes.' in capsys.readouterr().out
    assert ds.class_names == ['neg', 'pos']
    assert _values(ds) == [[[b'bad movie 1', b'bad movie 2', b'bad movie 3', b'great film number 1'], [0, 0, 0, 1]],
                           [[b'great film number 2', b'nested good'], [1, 1]]]
    x, y = next(iter(ds))
    assert y.dtype == 'int32'


def test_text_dataset_label_modes_and_max_length(text_dir):
    ds = keras.utils.text_dataset_from_directory(text_dir, label_mode='categorical', shuffle=False, batch_size=None,
                                                 max_length=5)
    assert _values(ds)[2:4] == [[b'bad m', [1.0, 0.0]], [b'great', [0.0, 1.0]]]
    ds = keras.utils.text_dataset_from_directory(text_dir, label_mode='binary', shuffle=False, batch_size=2,
                                                 class_names=['pos', 'neg'])
    assert _values(ds)[1] == [[b'nested good', b'bad movie 1'], [[0.0], [1.0]]]
    ds = keras.utils.text_dataset_from_directory(text_dir, labels=None, shuffle=False, batch_size=None)
    assert _values(ds)[-1] == b'nested good' and ds.class_names is None


def test_text_dataset_validation_split_picks_keras_files(text_dir):
    train, val = keras.utils.text_dataset_from_directory(text_dir, validation_split=0.34, subset='both', seed=3,
                                                         batch_size=None)
    assert sorted(_values(train)) == [[b'bad movie 2', 0], [b'great film number 1', 1], [b'great film number 2', 1],
                                      [b'nested good', 1]]
    assert _values(val) == [[b'bad movie 1', 0], [b'bad movie 3', 0]]


@pytest.mark.parametrize('kwargs, message', [
    (dict(labels='x'), '`labels` argument should be'),
    (dict(label_mode='sparse'), '`label_mode` argument must be one of'),
    (dict(validation_split=0.2), 'If `subset` is set'), (dict(class_names=['zz']), 'did not match'),
    (dict(format='xyz'), '`format` should be either "tf" or "grain". Received: format=xyz'),
])
def test_text_dataset_bad_arguments(text_dir, kwargs, message):
    with pytest.raises(ValueError, match=message):
        keras.utils.text_dataset_from_directory(text_dir, **kwargs)
