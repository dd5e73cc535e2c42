"""keras.utils.audio_dataset_from_directory against Keras 3.15 on TF 2.21: the same folder of WAV files
(made as below) read by /work/notes/progs/audio/ads.py with /opt/tfref's keras gave the batches, labels,
specs and errors asserted here (samples shown as int16 values, audio * 32768)."""
import os
import wave

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def no_global_seed():
    # The goldens come from a TF program that set no global seed: a seeded shuffle's order depends on it
    tf.random.set_seed(None)
    yield
    tf.random.set_seed(None)


@pytest.fixture(scope='module')
def root(tmp_path_factory):
    root = str(tmp_path_factory.mktemp('wavs'))
    rng = np.random.default_rng(0)
    for cls, n in (('down', 4), ('go', 3), ('up', 5)):
        os.makedirs(os.path.join(root, cls))
        for i in range(n):
            data = (rng.standard_normal((int(rng.integers(5, 12)), 1)) * 3000).astype(np.int16)
            with wave.open(os.path.join(root, cls, 'clip%d.wav' % i), 'wb') as f:
                f.setnchannels(1)
                f.setsampwidth(2)
                f.setframerate(8000)
                f.writeframes(data.tobytes())
    with open(os.path.join(root, 'go', 'notes.txt'), 'w') as f:
        f.write('not audio')
    return root


def _batches(ds):
    return [(tuple(x.shape), np.round(x.numpy().ravel()[:6] * 32768).astype(int).tolist(), y.numpy().tolist())
            for x, y in ds]


def test_shuffled_batches_are_padded_to_their_longest_clip(root, capsys):
    ds = keras.utils.audio_dataset_from_directory(root, batch_size=4, seed=3)
    assert capsys.readouterr().out == 'Found 12 files belonging to 3 classes.\n'
    assert ds.class_names == ['down', 'go', 'up']
    assert repr(ds.element_spec) == ('(TensorSpec(shape=(None, None, None), dtype=tf.float32, name=None), '
                                     'TensorSpec(shape=(None,), dtype=tf.int32, name=None))')
    assert _batches(ds) == [((4, 10, 1), [2343, 793, -941, 4374, 5880, 5404], [1, 0, 2, 2]),
                            ((4, 11, 1), [123, -6975, -656, -3737, -2196, -1632], [0, 1, 2, 2]),
                            ((4, 10, 1), [-3865, 1185, 1289, 2088, -3552, 0], [1, 0, 0, 2])]


def test_output_sequence_length_and_categorical_labels(root):
    ds = keras.utils.audio_dataset_from_directory(root, batch_size=5, shuffle=False, output_sequence_length=8,
                                                  label_mode='categorical', verbose=False)
    assert repr(ds.element_spec) == ('(TensorSpec(shape=(None, 8, None), dtype=tf.float32, name=None), '
                                     'TensorSpec(shape=(None, 3), dtype=tf.float32, name=None))')
    got = _batches(ds)
    assert [g[0] for g in got] == [(5, 8, 1), (5, 8, 1), (2, 8, 1)]
    assert got[0][1] == [-396, 1921, 314, -1607, 1084, 3912] and got[2][1] == [-3833, 1891, 1743, 3883, -2263, 5067]
    assert got[1][2] == [[0, 1, 0], [0, 1, 0], [0, 0, 1], [0, 0, 1], [0, 0, 1]]


def test_validation_split_both_and_unlabelled_subsets(root, capsys):
    train, val = keras.utils.audio_dataset_from_directory(root, batch_size=3, seed=7, validation_split=0.25,
                                                          subset='both')
    assert capsys.readouterr().out == ('Found 12 files belonging to 3 classes.\nUsing 9 files for training.\n'
                                       'Using 3 files for validation.\n')
    assert _batches(train) == [((3, 10, 1), [-3833, 1891, 1743, 3883, -2263, 5067], [2, 0, 1]),
                               ((3, 10, 1), [4099, -1995, 1054, 2710, 282, -2230], [0, 0, 2]),
                               ((3, 11, 1), [-1985, -1309, -3509, 5218, -1487, 0], [2, 2, 0])]
    assert _batches(val) == [((3, 9, 1), [-3865, 1185, 1289, 2088, -3552, 0], [1, 2, 1])]
    clips = keras.utils.audio_dataset_from_directory(root, batch_size=None, seed=7, validation_split=0.25,
                                                     subset='validation', label_mode=None, verbose=False)
    assert repr(clips.element_spec) == 'TensorSpec(shape=(None, None), dtype=tf.float32, name=None)'
    assert [(tuple(x.shape), np.round(x.numpy().ravel()[:4] * 32768).astype(int).tolist()) for x in clips] == [
        ((7, 1), [-1984, 2805, 147, 6007]), ((9, 1), [643, 1066, -1961, -388]), ((5, 1), [-3865, 1185, 1289, 2088])]


def test_ragged_batches_keep_each_clips_length(root):
    ds = keras.utils.audio_dataset_from_directory(root, batch_size=4, shuffle=False, ragged=True,
                                                  class_names=['up', 'go'], verbose=False)
    assert ds.class_names == ['up', 'go']
    assert repr(ds.element_spec) == ('(RaggedTensorSpec(TensorShape([None, None, None]), tf.float32, 2, tf.int64), '
                                     'TensorSpec(shape=(None,), dtype=tf.int32, name=None))')
    got = [(type(x).__name__, x.row_lengths().numpy().tolist(), y.numpy().tolist()) for x, y in ds]
    assert got == [('RaggedTensor', [5, 11, 7, 6], [0, 0, 0, 0]), ('RaggedTensor', [10, 9, 10, 5], [0, 1, 1, 1])]
    assert isinstance(next(iter(ds))[0], tf.RaggedTensor)


@pytest.mark.parametrize('kwargs, error, message', [
    (dict(ragged=True, output_sequence_length=3), ValueError, 'Cannot set both `ragged` and `output_sequence_length`'),
    (dict(label_mode='binary'), ValueError, 'When passing `label_mode="binary"`, there must be exactly 2 class_names'),
    (dict(sampling_rate=16000), ImportError, 'you should install tensorflow_io'),
    (dict(sampling_rate=0), ValueError, '`sampling_rate` should be higher than 0'),
    (dict(labels=[0, 1]), ValueError, 'Expected the lengths of `labels` to match the number of files'),
    (dict(validation_split=0.2), ValueError, 'If `subset` is set, `validation_split` must be set, and inversely'),
    (dict(label_mode='multi'), ValueError, '`label_mode` argument must be one of'),
])
def test_bad_arguments_raise_kerass_errors(root, kwargs, error, message):
    with pytest.raises(error, match=message):
        keras.utils.audio_dataset_from_directory(root, verbose=False, **kwargs)


def test_no_wav_files(tmp_path):
    (tmp_path / 'a').mkdir()
    with pytest.raises(ValueError, match=r"No audio files found in directory .*Allowed format\(s\): \('.wav',\)"):
        keras.utils.audio_dataset_from_directory(str(tmp_path), verbose=False)


def test_fit_reads_each_epoch_in_tensorflows_order(root):
    # TF 2.21: Keras's fit makes an iterator it never reads after each epoch of a dataset of known length,
    # which draws the reshuffling seeds: epoch 2 sees the third order. Labels per batch printed by TF's
    # train_step (run_eagerly) on the same files.
    ds = keras.utils.audio_dataset_from_directory(root, batch_size=4, seed=3, verbose=False)
    seen = []

    class Recorder(keras.Model):
        def train_step(self, data):
            seen.append(np.asarray(data[1]).tolist())
            return {'n': 0.0}

    inputs = keras.Input((None, 1))
    model = Recorder(inputs, keras.layers.Dense(1)(inputs))
    model.compile(run_eagerly=True, loss='mse')
    with pytest.warns(UserWarning):
        model.fit(ds, epochs=3, verbose=0)
    assert seen == [[1, 0, 2, 2], [0, 1, 2, 2], [1, 0, 0, 2], [0, 0, 2, 2], [0, 2, 1, 2], [1, 1, 0, 2],
                    [2, 1, 2, 2], [0, 0, 2, 1], [0, 0, 2, 1]]
    assert repr(ds).startswith('<_PaddedBatchDataset element_spec=')
