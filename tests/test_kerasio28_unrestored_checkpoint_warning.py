"""A checkpoint restore freed with saved values nothing took logs TensorFlow's warning.

TF 2.21's restore coordinator, when freed without ``expect_partial()``, logs
'Detecting that an object or model or tf.train.Checkpoint is being deleted with unrestored
values...' and one 'Value in checkpoint could not be found in the restored object: <path>'
line per saved object left over: here a model restored with its Adam optimizer, which never
steps, so its slots (``optimizer._variables.2`` to ``.5``) never pair. tapeflow logged nothing.

Values: TF 2.21 (/work/notes/progs/kerasio28/p24_unrestored_warn.py, case 1 and case 3).
"""
import gc
import logging

import numpy as np
import pytest

import framework as tf
from framework import keras

HEADER = ('Detecting that an object or model or tf.train.Checkpoint is being deleted with unrestored values. '
          'See the following logs for the specific values in question. To silence these warnings, use '
          '`status.expect_partial()`. See https://www.tensorflow.org/api_docs/python/tf/train/Checkpoint#restore'
          'for details about the status object returned by the restore function.')
VALUE = 'Value in checkpoint could not be found in the restored object: '


class _Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        message = record.getMessage()
        if message.startswith((HEADER, VALUE)):        # not the retracing warnings of earlier fits
            self.messages.append(message)


@pytest.fixture
def tf_log():
    handler = _Records()
    logger = logging.getLogger('tensorflow')
    logger.addHandler(handler)
    yield handler.messages
    logger.removeHandler(handler)


def _model(compiled=True):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    if compiled:
        model.compile(keras.optimizers.Adam(), 'mse')
    return model


@pytest.fixture
def saved(tmp_path):
    model = _model()
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    return tf.train.Checkpoint(model=model, optimizer=model.optimizer).save(str(tmp_path / 'ck' / 'c'))


def test_optimizer_that_never_steps_logs_its_slots(saved, tf_log):
    model = _model()
    status = tf.train.Checkpoint(model=model, optimizer=model.optimizer).restore(saved)
    del status
    gc.collect()
    assert tf_log == []         # the optimizer still waits to build: nothing is freed yet
    del model
    gc.collect()
    assert tf_log == [HEADER] + [VALUE + '(root).optimizer._variables.%d' % i for i in range(2, 6)]


def test_model_only_checkpoint_object_logs_the_optimizer(saved, tf_log):
    model = _model(compiled=False)
    tf.train.Checkpoint(model=model).restore(saved)
    gc.collect()
    assert tf_log == []         # the model may still gain an optimizer (TF logs this one at exit)
    del model
    gc.collect()
    assert tf_log == [HEADER] + [VALUE + '(root).optimizer.' + name for name in
                                 ['_iterations', '_learning_rate'] + ['_variables.%d' % i for i in range(2, 6)]]


def test_expect_partial_and_a_step_after_restore_log_nothing(saved, tf_log):
    model = _model()
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).restore(saved).expect_partial()
    del model
    gc.collect()
    model = _model()
    tf.train.Checkpoint(model=model, optimizer=model.optimizer).restore(saved)
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    del model
    gc.collect()
    assert tf_log == []
