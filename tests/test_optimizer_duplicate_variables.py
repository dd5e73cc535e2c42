"""A variable listed twice in apply_gradients is updated twice, as Keras 3 updates it (TF 2.21's values).

Keras runs update_step once per (gradient, variable) pair, both with the variable's one set of slots;
tapeflow's flat update of small variables had held two views of it and kept one update.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

# TF 2.21 / Keras 3.15: opt.apply_gradients([(g, v), (g, v)]) twice, v = [1, 2], g = [1, 1]
TF_VALUES = {
    'SGD': ([0.7999999523162842, 1.7999999523162842], [0.5999999046325684, 1.5999999046325684]),
    'Adam': ([0.7656183242797852, 1.7656183242797852], [0.5210835337638855, 1.5210834741592407]),
    'Nadam': ([0.8145551681518555, 1.8145551681518555], [0.6867336630821228, 1.6867337226867676]),
}


@pytest.mark.parametrize('name', sorted(TF_VALUES))
def test_a_variable_listed_twice_is_updated_twice(name):
    optimizer = getattr(keras.optimizers, name)(0.1)
    v = tf.Variable([1.0, 2.0])
    g = tf.constant([1.0, 1.0])
    for expected in TF_VALUES[name]:
        optimizer.apply_gradients([(g, v), (g, v)])
        np.testing.assert_array_equal(v.numpy(), np.array(expected, np.float32))
    assert int(optimizer.iterations) == 2


def test_other_variables_beside_the_repeated_one_keep_their_update():
    optimizer = keras.optimizers.SGD(0.1)
    v, w = tf.Variable([1.0, 2.0]), tf.Variable([3.0])
    optimizer.apply_gradients([(tf.constant([1.0, 1.0]), v), (tf.constant([2.0]), w), (tf.constant([1.0, 1.0]), v)])
    np.testing.assert_array_equal(v.numpy(), np.array([0.7999999523162842, 1.7999999523162842], np.float32))
    np.testing.assert_array_equal(w.numpy(), np.array([2.799999952316284], np.float32))


def test_optimizers_print_as_keras_objects():
    # TF 2.21: print(keras.optimizers.Adam()) -> <keras.src.optimizers.adam.Adam object at 0x...>
    assert repr(keras.optimizers.Adam()).startswith('<keras.src.optimizers.adam.Adam object at 0x')
    assert repr(keras.optimizers.SGD()).startswith('<keras.src.optimizers.sgd.SGD object at 0x')
