"""tf.eye given a tf.Variable as a size: TF 2.21 tests its sizes with is_tf_type, which a variable is not,
so the variable falls to the Python integer check and is refused (a tensor size runs)."""
import pytest

import framework as tf
from framework import keras


def _refusal(rows, columns):
    return ('Arguments `num_rows` and `num_columns` must be positive integer values. Received: num_rows=%s, '
            'num_columns=%s' % (rows, columns))


def test_variable_rows_refused_in_tf_words():
    v = tf.Variable(3)
    with pytest.raises(TypeError) as err:
        tf.eye(v)
    # TF 2.21: num_rows=<tf.Variable 'Variable:0' shape=() dtype=int32, numpy=3>, num_columns= the same
    assert str(err.value) == _refusal(v, v)
    assert "num_rows=<tf.Variable 'Variable:0' shape=() dtype=int32, numpy=3>" in str(err.value)


def test_variable_columns_refused():
    v = tf.Variable(3)
    with pytest.raises(TypeError) as err:
        tf.linalg.eye(2, v)
    assert str(err.value) == _refusal(2, v)


def test_keras_variable_refused():
    v = keras.Variable(3)
    with pytest.raises(TypeError) as err:
        tf.eye(v)
    assert str(err.value).startswith('Arguments `num_rows` and `num_columns` must be positive integer values. '
                                     'Received: num_rows=<Variable path=variable')


def test_tensor_and_python_sizes_still_run():
    assert tf.eye(tf.constant(2)).numpy().tolist() == [[1.0, 0.0], [0.0, 1.0]]
    assert tf.eye(2, 3).shape == (2, 3)
    assert tf.eye(tf.Variable(3).value()).shape == (3, 3)
