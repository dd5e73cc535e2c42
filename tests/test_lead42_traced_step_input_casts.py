"""Keras's input casts in a traced step print as TF 2.21's graph tensors (notes/progs/lead42/e4.py), and a
layer called on a tf.data dataset names TensorFlow's dataset class (e1.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _rank_error(x, via_dataset=True):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError) as caught:
        if via_dataset:
            model.fit(tf.data.Dataset.from_tensor_slices((x, np.ones((8, 3)))).batch(4), verbose=0)
        else:
            model.predict(x, verbose=0)
    return str(caught.value)


def test_an_integer_batch_of_the_wrong_rank_prints_as_the_sequentials_cast():
    # TF 2.21: Invalid input shape for input Tensor("sequential_1/Cast:0", shape=(None,), dtype=float32) ...
    assert 'input Tensor("sequential_1/Cast:0", shape=(None,), dtype=float32) with name' in _rank_error(np.arange(8))
    assert 'input Tensor("sequential_1/Cast:0", shape=(8,), dtype=float32) with name' in _rank_error(
        np.arange(8), via_dataset=False)


def test_a_float64_batch_is_cast_before_the_models_scope():
    # TF 2.21: ... input Tensor("Cast:0", shape=(None,), dtype=float32) (Layer.__call__'s cast)
    assert 'input Tensor("Cast:0", shape=(None,), dtype=float32) with name' in _rank_error(np.arange(8.0))
    assert 'input Tensor("data:0", shape=(None,), dtype=float32)' in _rank_error(np.arange(8.0, dtype='float32'))


def test_a_string_batch_of_the_wrong_rank_is_refused_by_the_shape_check_first():
    # TF 2.21 casts symbolically, so the rank check refuses it before Cast's kernel could
    text = _rank_error(np.array(['a'] * 8))
    assert 'Invalid input shape for input Tensor("sequential_1/Cast:0", shape=(None,), dtype=float32)' in text
    assert 'Expected shape (None, 3), but input has incompatible shape (None,)' in text


def test_a_string_batch_of_the_right_rank_still_fails_in_the_cast():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
    model.compile('sgd', 'mse')
    data = tf.data.Dataset.from_tensor_slices((np.full((8, 3), 'a'), np.ones((8, 3)))).batch(4)
    with pytest.raises(tf.errors.UnimplementedError, match='Cast string to float is not supported'):
        model.fit(data, verbose=0)


def test_a_layer_called_on_a_dataset_names_tensorflows_class():
    layer = keras.Sequential([keras.layers.Dense(3)])
    with pytest.raises(ValueError) as caught:
        layer(tf.data.Dataset.range(3))
    assert str(caught.value).endswith(
        "(of type <class 'tensorflow.python.data.ops.range_op._RangeDataset'>)")
