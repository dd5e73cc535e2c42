"""tf.Variable / keras.Variable argument checks, as TensorFlow 2.21 and Keras 3 make them.

Expected classes and texts come from running the same calls under TensorFlow 2.21 + Keras 3
(/work/notes/progs/apifuzz6, cases var|*): tapeflow used to accept these silently."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('kwargs, text', [
    (dict(synchronization='bad'), 'Invalid variable synchronization mode: bad for variable: None'),
    (dict(synchronization=7), 'Invalid variable synchronization mode: 7 for variable: None'),
    (dict(aggregation='bad', name='v'), 'Invalid variable aggregation mode: bad for variable: v'),
    (dict(aggregation=9), 'Invalid variable aggregation mode: 9 for variable: None'),
    (dict(constraint=3), "Argument `constraint` must be None or a callable. a callable. Got a <class 'int'>:  3"),
    (dict(name=3), 'name for name_scope must be a string.'),
])
def test_tf_variable_refuses_bad_arguments_as_tf(kwargs, text):
    with pytest.raises(ValueError) as info:
        tf.Variable(1.0, **kwargs)
    assert str(info.value) == text


def test_tf_variable_takes_enum_values_as_integers():
    v = tf.Variable(1.0, synchronization=3, aggregation=1)     # TF 2.21: ON_READ, SUM
    assert v.synchronization == tf.VariableSynchronization.ON_READ
    assert v.aggregation == tf.VariableAggregation.SUM


def test_trainable_none_means_unless_on_read():
    assert tf.Variable(1.0, trainable=None).trainable is True
    assert tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ).trainable is False
    assert tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ, trainable=True).trainable is True


def test_callable_initial_value_of_another_dtype():
    with pytest.raises(ValueError, match=r'^initial_value: Tensor conversion requested dtype int32 for Tensor '
                                         r'with dtype float32'):
        tf.Variable(lambda: tf.ones(2), dtype=tf.int32)
    with pytest.raises(ValueError, match='^initial_value: Tensor conversion requested'):
        tf.Variable(tf.constant([1.0]), dtype=tf.int32)
    # Python values and numpy arrays are converted, as in TF
    assert tf.Variable(lambda: [1, 2], dtype=tf.float32).dtype == tf.float32
    assert tf.Variable(np.array([1.0]), dtype=tf.int32).numpy().tolist() == [1]


@pytest.mark.parametrize('kwargs, text', [
    (dict(aggregation='bad'), "Invalid value for argument `aggregation`. Expected one of `None`, `'none'`, "
                              "`'mean'`, `'sum'`, `'only_first_replica'`. Received: aggregation=bad"),
    (dict(synchronization='bad'), "Invalid value for argument `synchronization`. Expected one of `None`, "
                                  "`'none'`, `'on_read'`, `'on_write'`, `'auto'`. Received: synchronization=bad"),
    (dict(dtype='float33'), 'Invalid dtype: float33'),
])
def test_keras_variable_refuses_bad_arguments_as_keras(kwargs, text):
    with pytest.raises(ValueError) as info:
        keras.Variable(np.ones(2), **kwargs)
    assert str(info.value) == text


def test_keras_variable_keeps_keras_strings():
    v = keras.Variable(np.ones(2), aggregation='sum', synchronization='on_write')
    assert (v.aggregation, v.synchronization) == ('sum', 'on_write')
    w = keras.Variable(np.ones(2), aggregation=None, synchronization=None)
    assert (w.aggregation, w.synchronization) == ('none', 'auto')
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    assert (layer.kernel.aggregation, layer.kernel.synchronization) == ('none', 'auto')
