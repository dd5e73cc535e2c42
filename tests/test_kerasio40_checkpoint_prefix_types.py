"""tf.train.Checkpoint.write's prefix refused as TF 2.21 refuses it, and CheckpointManager.sync().

Golden texts printed by TF 2.21 with /work/notes/progs/kerasio40/p19.py, p20.py::

    ck = tf.train.Checkpoint(v=tf.Variable(1.))
    ck.write(None)   # ValueError Attempt to convert a value (None) with an unsupported type ...
    ck.write(3)      # TypeError Cannot convert 3 to EagerTensor of dtype string
    ck.write(b'bb/x')                                     # 'bb/x'
    tf.train.CheckpointManager(ck, 'd', max_to_keep=1).sync()   # None
"""
import pytest

import framework as tf


def test_write_refuses_a_prefix_that_is_not_text(tmp_path):
    ck = tf.train.Checkpoint(v=tf.Variable(1.0))
    with pytest.raises(ValueError, match=r"^Attempt to convert a value \(None\) with an unsupported type "
                                         r"\(<class 'NoneType'>\) to a Tensor\.$"):
        ck.write(None)
    with pytest.raises(TypeError, match='^Cannot convert 3 to EagerTensor of dtype string$'):
        ck.write(3)
    prefix = str(tmp_path / 'x')
    assert ck.write(prefix.encode()) == prefix


def test_manager_sync_returns_none(tmp_path):
    ck = tf.train.Checkpoint(v=tf.Variable(1.0))
    manager = tf.train.CheckpointManager(ck, str(tmp_path), max_to_keep=1)
    manager.save()
    assert manager.sync() is None
