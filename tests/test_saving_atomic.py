"""Saves are atomic: a save that dies (killed, or raising) leaves the previous file whole."""
import os
import random
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import layers
from layers.saving import keras3_weights

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_SAVER = '''
import sys
import layers
model = layers.Sequential([layers.Input((512,)), layers.Dense(1024), layers.Dense(1024), layers.Dense(512)])
for step in range(1, 100000):
    for v in model.weights:
        v._data[...] = step          # every weight of save number `step` holds `step`
    model.save_weights(sys.argv[1])
    if step == 1:
        print('saving', flush=True)
'''


def _model():
    # The saving process's architecture: about 2.6 million float32 weights
    # (10 MB), so that one save lasts long enough for a kill to land inside it.
    return layers.Sequential([layers.Input((512,)), layers.Dense(1024), layers.Dense(1024), layers.Dense(512)])


@pytest.mark.parametrize('round_', range(3))
def test_a_save_killed_at_a_random_moment_leaves_an_old_or_new_whole_file(tmp_path, round_):
    path = str(tmp_path / 'big.weights.h5')
    model = _model()
    for v in model.weights:
        v.assign(np.zeros(v.shape, 'float32'))
    model.save_weights(path)                                   # the "old" file: all zeros
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get('PYTHONPATH', ''))
    child = subprocess.Popen([sys.executable, '-c', _SAVER, path], stdout=subprocess.PIPE, env=env, cwd=REPO)
    try:
        assert child.stdout.readline().strip() == b'saving', 'the saving process did not start'
        delay = random.uniform(0.0, 0.4)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=30)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    loaded = _model()
    loaded.load_weights(path)                                  # whole and readable, whatever the moment
    steps = {float(np.unique(v.numpy())[0]) for v in loaded.weights if np.unique(v.numpy()).size == 1}
    assert len(steps) == 1 and all(np.unique(v.numpy()).size == 1 for v in loaded.weights), \
        'a mix of saves after a kill %.3f s in' % delay


def test_a_save_that_raises_midway_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    model = layers.Sequential([layers.Input((3,)), layers.Dense(2)])
    model.layers[0].kernel.assign(np.ones((3, 2), 'float32'))
    path = tmp_path / 'a.weights.h5'
    model.save_weights(path)
    before = path.read_bytes()

    def half_then_fail(root, model, include_optimizer=True):
        root.create_dataset('partial', data=np.zeros(1000))
        raise OSError('disk full')
    monkeypatch.setattr(keras3_weights, 'write', half_then_fail)
    with pytest.raises(OSError, match='disk full'):
        model.save_weights(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ['a.weights.h5']


def test_saved_files_get_ordinary_permissions(tmp_path):
    model = layers.Sequential([layers.Input((3,)), layers.Dense(2)])
    path = tmp_path / 'a.weights.h5'
    model.save_weights(path)
    umask = os.umask(0)
    os.umask(umask)
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~umask


@pytest.mark.parametrize('name', ['m.keras', 'm.weights.h5'])
def test_keras_files_are_not_saved_into_a_missing_directory(tmp_path, name):
    # Keras 3 (TF 2.21): save/save_weights into a missing directory raise FileNotFoundError
    # ("[Errno 2] No such file or directory: '<path>'" for .keras); no directory is made.
    # (Its legacy .h5 writer makes the directory: test_tftutorials9_save_paths.py.)
    model = layers.Sequential([layers.Input((3,)), layers.Dense(2)])
    path = tmp_path / 'missing' / name
    save = model.save_weights if name.endswith('.weights.h5') else model.save
    with pytest.raises(FileNotFoundError, match='No such file or directory'):
        save(path)
    assert not (tmp_path / 'missing').exists()


def test_checkpoints_still_make_their_directory(tmp_path):
    # tf.train.Checkpoint.write (as TF) creates the directories of its prefix.
    import framework as tf
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    ckpt.write(str(tmp_path / 'a' / 'b' / 'ckpt'))
    assert (tmp_path / 'a' / 'b').is_dir()
