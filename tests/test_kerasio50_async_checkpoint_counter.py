"""Asynchronous checkpoint saves count as TF 2.21's AsyncCheckpointHelper does: through a Checkpoint of the
constructor's objects with its own save counter, so the user's save_counter stays 0 and a later synchronous
save counts from it again; once an async save ran, read / restore go through that copy (probe
/work/notes/progs/kerasio50/p25.py, values from TF 2.21; tapeflow counted every save on one counter)."""
import numpy as np

import framework as tf


def _saved_count(path):
    return int(tf.train.load_variable(path, 'save_counter/.ATTRIBUTES/VARIABLE_VALUE'))


def test_async_saves_number_their_files_by_their_own_counter(tmp_path):
    v = tf.Variable([1., 2.])
    checkpoint = tf.train.Checkpoint(v=v)
    async_options = tf.train.CheckpointOptions(enable_async=True)
    prefix = str(tmp_path / 'a' / 'c')
    first = checkpoint.save(prefix, options=async_options)
    second = checkpoint.save(prefix, options=async_options)
    checkpoint.sync()
    # TF 2.21: a/c-1 and a/c-2 holding 1 and 2; checkpoint.save_counter still 0
    assert [p[-4:] for p in (first, second)] == ['/c-1', '/c-2']
    assert [_saved_count(p) for p in (first, second)] == [1, 2]
    assert int(checkpoint.save_counter.numpy()) == 0
    plain = checkpoint.save(prefix)             # TF 2.21: a/c-1 again, counter 1
    assert plain.endswith('/c-1') and int(checkpoint.save_counter.numpy()) == 1 and _saved_count(plain) == 1
    third = checkpoint.save(prefix, options=async_options)
    assert third.endswith('/c-3') and _saved_count(third) == 3 and int(checkpoint.save_counter.numpy()) == 1
    manager = tf.train.CheckpointManager(checkpoint, str(tmp_path / 'm'), max_to_keep=2)
    managed = manager.save(options=async_options)     # TF 2.21: ckpt-2 (the manager's count) holding 3
    assert managed.endswith('/ckpt-2') and _saved_count(managed) == 3
    fresh = tf.train.Checkpoint(v=tf.Variable([0., 0.]))
    fresh.restore(second).assert_consumed()
    assert int(fresh.save_counter.numpy()) == 2


def test_restore_after_an_async_save_goes_through_the_copy(tmp_path):
    v = tf.Variable([1., 2.])
    checkpoint = tf.train.Checkpoint(v=v)
    path = checkpoint.save(str(tmp_path / 'c'), options=tf.train.CheckpointOptions(enable_async=True))
    checkpoint.sync()
    v.assign([5., 5.])
    checkpoint.restore(path).assert_consumed()
    np.testing.assert_array_equal(v.numpy(), [1., 2.])
    assert int(checkpoint.save_counter.numpy()) == 0      # TF 2.21: the copy's counter was restored, not this one
