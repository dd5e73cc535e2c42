"""finalize_variable_values pairs var_list with the EMA averages by position, as Keras 3's TF backend.

Keras 3 (TF 2.21) zips var_list with the averages it made at build and assigns each: another model's
variables of the same shapes take this optimizer's averages, a reordered list raises the tf.Variable's
assign error. tapeflow looked each variable's own average up and raised KeyError "No slot 'average' for
variable ..." for another model's variables (TF: None, the other model's weights overwritten), and a
reversed list silently wrote each average back to its own variable (TF: ValueError). Probe:
/work/notes/progs/optimtraj13/p11_fin.py; messages printed by TF 2.21.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _trained():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    make = lambda: keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation='elu'),
                                     keras.layers.Dense(2), keras.layers.Dense(1)])
    model, other = make(), make()
    optimizer = keras.optimizers.Adam(0.1, use_ema=True, ema_momentum=0.5)
    rng = np.random.RandomState(0)
    x, y = rng.randn(12, 3).astype('float32'), rng.randn(12, 1).astype('float32')
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return model, other, optimizer


def _averages(optimizer):
    return [v.numpy() for v in optimizer.variables if v.path.endswith('_average')]


def test_another_models_variables_take_the_averages():
    model, other, optimizer = _trained()
    before = [w.copy() for w in model.get_weights()]
    assert optimizer.finalize_variable_values(other.trainable_variables) is None     # TF 2.21: None
    for weight, average in zip(other.get_weights(), _averages(optimizer)):
        np.testing.assert_array_equal(weight, average)
    for weight, old in zip(model.get_weights(), before):        # the trained model is left alone
        np.testing.assert_array_equal(weight, old)


def test_a_reordered_list_raises_tf_assign_error():
    model, _, optimizer = _trained()
    with pytest.raises(ValueError) as caught:
        optimizer.finalize_variable_values(model.trainable_variables[::-1])
    # TF 2.21's text
    assert str(caught.value) == ("Cannot assign value to variable ' sequential/dense_2/bias:0': Shape mismatch.The "
                                 'variable shape (1,), and the assigned value shape (3, 2) are incompatible.')


def test_a_shorter_list_takes_the_first_averages():
    model, _, optimizer = _trained()
    last = model.layers[2].trainable_variables          # (2, 1) kernel against the first average, (3, 2)
    with pytest.raises(ValueError, match=r"^Cannot assign value to variable ' sequential/dense_2/kernel:0': Shape "
                                         r'mismatch.The variable shape \(2, 1\), and the assigned value shape '
                                         r'\(3, 2\) are incompatible.'):
        optimizer.finalize_variable_values(last)
    first = model.layers[0].trainable_variables
    optimizer.finalize_variable_values(first)
    for variable, average in zip(first, _averages(optimizer)):
        np.testing.assert_array_equal(variable.numpy(), average)
