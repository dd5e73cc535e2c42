"""sparse_top_k_categorical_accuracy / SparseTopKCategoricalAccuracy with from_sorted_ids=True (Keras 3).

y_pred then holds each sample's top category ids, best first; the label is looked up among the first k.
Golden values from TensorFlow 2.21 + Keras 3.15 (keras.metrics.sparse_top_k_categorical_accuracy and the
SparseTopKCategoricalAccuracy docstring).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

fn = keras.metrics.sparse_top_k_categorical_accuracy


@pytest.mark.parametrize('k, want', [(1, [0., 1.]), (2, [0., 1.]), (5, [0., 1.])])
def test_sorted_ids_take_the_first_k(k, want):
    got = fn([2, 1], [[1, 0, 3], [1, 2, 3]], k=k, from_sorted_ids=True)
    assert got.dtype == tf.float32 and got.shape == (2,)
    np.testing.assert_array_equal(got.numpy(), want)


def test_sorted_ids_keep_the_label_shape_and_count_repeats_once():
    got = fn([[2], [1]], [[1, 0, 3], [1, 2, 3]], k=2, from_sorted_ids=True)
    assert got.shape == (2, 1)
    np.testing.assert_array_equal(got.numpy(), [[0.], [1.]])
    got = fn(np.array([[2, 1], [0, 3]]), np.array([[[1, 0], [1, 2]], [[3, 0], [0, 3]]]), k=1, from_sorted_ids=True)
    np.testing.assert_array_equal(got.numpy(), [[0., 1.], [0., 0.]])
    np.testing.assert_array_equal(fn([2, 2], [[2, 2, 3], [1, 2, 2]], k=3, from_sorted_ids=True).numpy(), [1., 1.])
    np.testing.assert_array_equal(fn([2, 1], [[1., 0., 3.], [1., 2., 3.]], k=2, from_sorted_ids=True).numpy(),
                                  [0., 1.])


def test_sorted_ids_sample_count_mismatch_is_equal_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[3,1\] vs. \[2,2\]'):
        fn([2, 1, 0], [[1, 0, 3], [1, 2, 3]], k=2, from_sorted_ids=True)


def test_metric_class_from_sorted_ids_and_config():
    m = keras.metrics.SparseTopKCategoricalAccuracy(k=1, from_sorted_ids=True)
    m.update_state([2, 1], [[1, 0, 3], [1, 2, 3]])
    assert float(m.result()) == 0.5
    m.update_state([2, 1], [[2, 0, 3], [1, 2, 3]], sample_weight=[0.7, 0.3])
    assert float(m.result().numpy()) == 0.6666666865348816
    assert m.get_config() == {'name': 'sparse_top_k_categorical_accuracy', 'dtype': 'float32', 'k': 1,
                              'from_sorted_ids': True}
    assert keras.metrics.SparseTopKCategoricalAccuracy.from_config(m.get_config()).from_sorted_ids is True
    assert keras.metrics.SparseTopKCategoricalAccuracy(k=2).get_config() == {
        'name': 'sparse_top_k_categorical_accuracy', 'dtype': 'float32', 'k': 2}
