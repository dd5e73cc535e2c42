"""A restore status's assertions as the checkpoint guide meets them: an unbound variable is reported in
TensorFlow 2.21's words (the variables themselves, at most 10 shown), and assert_consumed checks the
program's variables before the checkpoint's leftover values, as TensorFlow does. Expected text:
TensorFlow 2.21 (/opt/tfref) restoring the same checkpoint."""
import pytest

import framework as tf


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.l1 = tf.Variable(tf.ones([3]), name='l1')


def _saved(tmp_path):
    return tf.train.Checkpoint(net=Net(), step=tf.Variable(5, dtype=tf.int64)).save(str(tmp_path / 'ckpt'))


def test_an_unbound_variable_is_shown_as_tensorflow_shows_it(tmp_path):
    path = _saved(tmp_path)
    net = Net()
    net.extra = tf.Variable(1.0)
    status = tf.train.Checkpoint(net=net, step=tf.Variable(0, dtype=tf.int64)).restore(path)
    with pytest.raises(AssertionError) as error:
        status.assert_existing_objects_matched()
    # TF 2.21 (its repr says tf.Variable where tapeflow's says tapeflow.Variable)
    assert str(error.value).replace('tapeflow.', 'tf.') == (
        "Found 1 Python objects that were not bound to checkpointed values, likely due to changes in the Python "
        "program. Showing 1 of 1 unmatched objects: [<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>]")
    assert 'net/extra' in error.value.__notes__[0]


def test_at_most_ten_are_shown(tmp_path):
    path = _saved(tmp_path)
    net = Net()
    net.extras = [tf.Variable(float(i)) for i in range(12)]
    status = tf.train.Checkpoint(net=net, step=tf.Variable(0, dtype=tf.int64)).restore(path)
    with pytest.raises(AssertionError, match='^Found 12 Python objects .* Showing 10 of 12 unmatched objects: '):
        status.assert_existing_objects_matched()


def test_assert_consumed_reports_unbound_variables_before_unused_values(tmp_path):
    path = _saved(tmp_path)
    net = Net()
    net.extra = tf.Variable(1.0)
    status = tf.train.Checkpoint(net=net).restore(path)      # 'step' is left over too
    with pytest.raises(AssertionError, match='^Found 1 Python objects'):      # TF 2.21: this one first
        status.assert_consumed()
    status = tf.train.Checkpoint(net=Net()).restore(path)
    with pytest.raises(AssertionError, match='^Unresolved object in checkpoint'):
        status.assert_consumed()
