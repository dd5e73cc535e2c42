"""TF's unrestored-values warning comes when the restore is dropped, not at the next garbage collection.

TF 2.21 logs 'Detecting that an object or model or tf.train.Checkpoint is being deleted with
unrestored values...' and a 'Value in checkpoint could not be found in the restored object: (root).b'
line as soon as the last reference to the restore goes (reference counting), e.g. when the
function that restored returns, also after a refused restore (a shape mismatch). tapeflow logged
them only when Python's cycle collector ran, often much later in the program (or at exit): the
restore sat in reference cycles: a recursive closure in GraphRestore, and errors held in a local of
the frame that raised them (the shape ValueError; assert_existing_objects_matched's AssertionError,
whose frame holds the status).

TF 2.21's output of /work/notes/progs/kerasio44/p5.py: each case's two lines come before '-- after':
    == plain
    WARNING:tensorflow:Detecting that an object ... being deleted with unrestored values. ...
    WARNING:tensorflow:Value in checkpoint could not be found in the restored object: (root).b
    -- after
    == shape
      ERR ValueError Received incompatible tensor with shape () when attempting to restore variable with shape (2,) ...
    WARNING:tensorflow:Detecting that ...
    WARNING:tensorflow:Value in checkpoint could not be found in the restored object: (root).b
    WARNING:tensorflow:Value in checkpoint could not be found in the restored object: (root).save_counter
    -- after
"""
import gc
import logging

import pytest

import framework as tf

VALUE = 'Value in checkpoint could not be found in the restored object: '


class _Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        message = record.getMessage()
        if 'unrestored values' in message or message.startswith(VALUE):
            self.messages.append(message)


@pytest.fixture
def tf_log_without_gc():
    """The warnings logged while the cycle collector is off: only reference counting frees objects."""
    handler = _Records()
    logger = logging.getLogger('tensorflow')
    logger.addHandler(handler)
    gc.collect()                  # nothing of an earlier test left to log during this one
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield handler.messages
    finally:
        if was_enabled:
            gc.enable()
        logger.removeHandler(handler)


@pytest.fixture
def saved(tmp_path):
    checkpoint = tf.train.Checkpoint(a=tf.Variable(1.0), b=tf.Variable(2.0))
    return checkpoint.save(str(tmp_path / 'ck' / 'a'))


def _restore_missing_b(path):
    status = tf.train.Checkpoint(a=tf.Variable(0.0)).restore(path)
    assert status is not None


def test_dropped_restore_warns_when_its_function_returns(saved, tf_log_without_gc):
    _restore_missing_b(saved)
    assert len(tf_log_without_gc) == 2
    assert tf_log_without_gc[1] == VALUE + '(root).b'


def _refused_restore(path):
    with pytest.raises(ValueError, match=r'Received incompatible tensor with shape \(\) when attempting to restore '
                                         r'variable with shape \(2,\)'):
        tf.train.Checkpoint(a=tf.Variable([0.0, 1.0])).restore(path)


def test_refused_restore_warns_when_its_function_returns(saved, tf_log_without_gc):
    _refused_restore(saved)
    assert tf_log_without_gc[1:] == [VALUE + '(root).b', VALUE + '(root).save_counter']


def test_expect_partial_still_silences_it(saved, tf_log_without_gc):
    tf.train.Checkpoint(a=tf.Variable(0.0)).restore(saved).expect_partial()
    assert tf_log_without_gc == []


def _restore_with_an_unmatched_variable(path):
    status = tf.train.Checkpoint(a=tf.Variable(0.0), extra=tf.Variable(5.0)).restore(path)
    with pytest.raises(AssertionError, match='Found 1 Python objects that were not bound to checkpointed values'):
        status.assert_existing_objects_matched()


def test_failed_assertion_does_not_keep_the_restore_alive(saved, tf_log_without_gc):
    _restore_with_an_unmatched_variable(saved)
    assert tf_log_without_gc[1:] == [VALUE + '(root).b']
