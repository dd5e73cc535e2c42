"""CheckpointManager.save(checkpoint_number=...) reads a number as TF 2.21's does: a Python / numpy integer
as it is, anything else through training_util.global_step's .numpy() (probe
/work/notes/progs/kerasio50/p11.py; tapeflow took int('7') and int(2.0))."""
import numpy as np
import pytest

import framework as tf


def _manager(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    return checkpoint, tf.train.CheckpointManager(checkpoint, str(tmp_path / 'd'), max_to_keep=5)


def test_a_string_or_float_number_is_refused_after_the_counter_moved(tmp_path):
    checkpoint, manager = _manager(tmp_path)
    # TF 2.21: AttributeError "'str' object has no attribute 'numpy'"; the save counter is 1, nothing saved
    with pytest.raises(AttributeError, match=r"^'str' object has no attribute 'numpy'$"):
        manager.save(checkpoint_number='7')
    with pytest.raises(AttributeError, match=r"^'float' object has no attribute 'numpy'$"):
        manager.save(checkpoint_number=2.0)
    with pytest.raises(AttributeError, match=r"^'numpy.ndarray' object has no attribute 'numpy'$"):
        manager.save(checkpoint_number=np.array(15))
    assert int(checkpoint.save_counter.numpy()) == 3 and manager.checkpoints == []


def test_integers_variables_and_tensors_number_the_file(tmp_path):
    _, manager = _manager(tmp_path)
    directory = str(tmp_path / 'd')
    names = [manager.save(checkpoint_number=n) for n in
             (np.int64(12), tf.Variable(13, dtype=tf.int64), tf.constant(14), True, tf.Variable(2.5))]
    # TF 2.21: ckpt-12, ckpt-13, ckpt-14, ckpt-1 (True), ckpt-2 (a float variable's .numpy() truncated)
    assert [n[len(directory) + 1:] for n in names] == ['ckpt-12', 'ckpt-13', 'ckpt-14', 'ckpt-1', 'ckpt-2']
