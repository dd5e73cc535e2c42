"""GradientTape.watch refuses a Keras variable (TF 2.21's ValueError) but takes its ``value``, the tf.Variable
inside it in TF 2.21 (notes/progs/me39/kv.py: the gradient [[6.0, 6.0], ...] under watch_accessed_variables=False)."""
import pytest

import framework as tf
from framework import keras


def _dense():
    d = keras.layers.Dense(2, kernel_initializer='ones')
    d.build((None, 3))
    return d


def test_watch_of_a_keras_variables_value_gives_its_gradient():
    d = _dense()
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        v = d.kernel.value
        tape.watch(v)
        y = tf.reduce_sum(d(tf.ones((1, 3))) ** 2)
    assert tape.gradient(y, v).numpy().tolist() == [[6.0, 6.0]] * 3


def test_watch_of_the_keras_variable_itself_is_refused():
    d = _dense()
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        with pytest.raises(ValueError, match="of type 'Variable', not tf.Tensor or tf.Variable or ExtensionType"):
            tape.watch(d.kernel)


def test_a_value_read_counts_for_the_next_watch_only():
    d = _dense()
    d.kernel.value          # read, then watched by another call
    with tf.GradientTape() as tape:
        tape.watch(tf.constant(1.0))
        with pytest.raises(ValueError, match="not tf.Tensor or tf.Variable"):
            tape.watch(d.kernel)
