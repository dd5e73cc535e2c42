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
    # TF 2.21 (its repr says tf.Variable where tapeflow's says tf.Variable)
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


# TensorFlow 2.21's str(error) for the guide's restore mistakes; tapeflow's hint is a note.
def test_a_shape_mismatch_reads_as_tensorflows(tmp_path):
    path = _saved(tmp_path)
    net = Net()
    net.l1 = tf.Variable(tf.ones([4]), name='l1')
    with pytest.raises(ValueError) as error:
        tf.train.Checkpoint(net=net).restore(path)
    assert str(error.value) == ('Received incompatible tensor with shape (3,) when attempting to restore variable '
                                'with shape (4,) and name l1:0.')
    assert 'net/l1/.ATTRIBUTES/VARIABLE_VALUE' in error.value.__notes__[0]


def test_a_missing_prefix_reads_as_tensorflows(tmp_path):
    missing = str(tmp_path / 'nope-1')
    with pytest.raises(tf.errors.NotFoundError) as error:
        tf.train.Checkpoint(net=Net()).restore(missing)
    assert str(error.value) == (
        'Error when restoring from checkpoint or SavedModel at %s: Unsuccessful TensorSliceReader constructor: '
        'Failed to find any matching files for %s\nPlease double-check that the path is correct. You may be '
        "missing the checkpoint suffix (e.g. the '-1' in 'path/to/ckpt-1')." % (missing, missing))
    with pytest.raises(tf.errors.NotFoundError) as error:
        tf.train.load_checkpoint(missing)
    assert str(error.value) == 'Unsuccessful TensorSliceReader constructor: Failed to find any matching files for ' \
        + missing


def test_a_directory_is_not_a_prefix(tmp_path):
    _saved(tmp_path)
    with pytest.raises(tf.errors.DataLossError) as error:
        tf.train.Checkpoint(net=Net()).restore(str(tmp_path))
    assert str(error.value) == ('Unable to open table file {0}: FAILED_PRECONDITION: {0}; Is a directory: perhaps '
                                'your file is in a different file format and you need to use a different restore '
                                'operator?'.format(tmp_path))


def test_a_missing_key_reads_as_tensorflows(tmp_path):
    path = _saved(tmp_path)
    for read in (lambda: tf.train.load_checkpoint(path).get_tensor('zzz'), lambda: tf.train.load_variable(path, 'zzz')):
        with pytest.raises(tf.errors.NotFoundError) as error:
            read()
        assert str(error.value) == 'Key zzz not found in checkpoint'
        assert 'step/.ATTRIBUTES/VARIABLE_VALUE' in error.value.__notes__[0]      # what it holds


def test_a_value_that_is_not_trackable():
    with pytest.raises(ValueError) as error:
        tf.train.Checkpoint(model=3)
    assert str(error.value) == (   # TF 2.21
        '`Checkpoint` was expecting model to be a trackable object (an object derived from `Trackable`), got 3. '
        'If you believe this object should be trackable (i.e. it is part of the TensorFlow Python API and manages '
        'state), please open an issue.')
