"""The distribute tutorial restores ``tf.train.Checkpoint`` saves; ``ckpt.restore(path)`` returns
TensorFlow's ``CheckpointLoadStatus`` (its class name is what ``type(status).__name__`` prints on
TF 2.21, also for ``read``), and ``restore(None)`` an ``InitializationOnlyStatus``.
"""
import pytest

import framework as tf


def test_restore_and_read_return_tensorflows_status_classes(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    path = checkpoint.save(str(tmp_path / 'ckpt'))
    status = checkpoint.restore(path)
    assert type(status).__name__ == 'CheckpointLoadStatus'
    assert status.assert_consumed() is status
    fresh = tf.train.Checkpoint(v=tf.Variable(2.0))
    assert type(fresh.read(path)).__name__ == 'CheckpointLoadStatus'
    assert float(fresh.v.numpy()) == 1.0
    assert type(tf.train.Checkpoint(v=tf.Variable(2.0)).restore(None)).__name__ == 'InitializationOnlyStatus'


def test_a_partial_restore_still_names_what_is_missing(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / 'ckpt'))
    status = tf.train.Checkpoint(v=tf.Variable(2.0), w=tf.Variable(3.0)).restore(path)
    with pytest.raises(AssertionError, match='not bound to checkpointed values'):
        status.assert_existing_objects_matched()
    assert status.expect_partial() is status and status.partial_expected
