"""tf.keras.backend.set_value / batch_set_value on a Keras 3 variable fail as in TF 2.21.

The tensorflow.org custom-callback guide (site/en/guide/keras/custom_callback.ipynb, run by
helper tutorials16 in /work/notes/progs/tutorials16/p01c_custom_callback_fixed.py) schedules the
learning rate with ``tf.keras.backend.set_value(self.model.optimizer.learning_rate, lr)``. Keras 2's
set_value reads ``x.dtype.name``; a Keras 3 variable's dtype is the string 'float32', so TF 2.21
raises ``AttributeError: 'str' object has no attribute 'name'`` at the first epoch (printed by
/opt/tfref/bin/python for the optimizer's learning_rate and iterations and a Dense kernel).
tapeflow trained all 15 epochs. A tf.Variable still takes the value (TF: 'ok 1.0').
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

K = tf.keras.backend


def keras_variables():
    optimizer = keras.optimizers.RMSprop(learning_rate=0.1)
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    return [optimizer.learning_rate, optimizer.iterations, dense.kernel]


@pytest.mark.parametrize('index', [0, 1, 2])
def test_set_value_on_keras_variable_is_tensorflows_attribute_error(index):
    variable = keras_variables()[index]
    before = K.get_value(variable)
    with pytest.raises(AttributeError) as info:
        K.set_value(variable, 1)
    assert str(info.value) == "'str' object has no attribute 'name'"     # TF's words exactly
    assert 'x.assign(value)' in ''.join(info.value.__notes__)      # what to do instead
    np.testing.assert_array_equal(K.get_value(variable), before)     # left unchanged


def test_batch_set_value_on_keras_variable_raises_the_same():
    learning_rate = keras_variables()[0]
    with pytest.raises(AttributeError) as info:
        K.batch_set_value([(learning_rate, 0.5)])
    assert str(info.value) == "'str' object has no attribute 'name'"
    assert float(K.get_value(learning_rate)) == np.float32(0.1)


def test_tf_variable_still_takes_the_value_and_get_value_reads_keras_variables():
    variable = tf.Variable(1.0)
    K.set_value(variable, 3)
    assert K.get_value(variable) == 3.0
    K.batch_set_value([(variable, 4)])
    assert K.get_value(variable) == 4.0
    # TF 2.21: get_value / batch_get_value of the Keras variables work (0.1, 0)
    learning_rate, iterations, _ = keras_variables()
    assert float(K.get_value(learning_rate)) == np.float32(0.1)
    assert K.batch_get_value([iterations])[0] == 0


def test_guide_scheduler_fails_at_the_first_epoch_as_in_tensorflow():
    class Scheduler(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            lr = float(K.get_value(self.model.optimizer.learning_rate))
            K.set_value(self.model.optimizer.learning_rate, lr)
            seen.append(epoch)

    seen = []
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.1), loss='mse')
    with pytest.raises(AttributeError, match="'str' object has no attribute 'name'"):
        model.fit(np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32'), epochs=2, verbose=0,
                  callbacks=[Scheduler()])
    assert seen == []
    # The working spelling: assign to the Keras variable.
    model.optimizer.learning_rate.assign(0.05)
    assert float(K.get_value(model.optimizer.learning_rate)) == np.float32(0.05)
