"""A tf.data.Dataset whose elements have more parts than (x, y, sample_weight): Keras 3 unpacks each element
in its traced train step, so TF 2.21's ValueError names the parts by their graph tensors; tapeflow printed
the first batch's eager values."""
import numpy as np
import pytest

import framework as tf
from helpers_small_fit import X, Y, compiled


def test_a_dataset_of_four_parts_is_named_by_its_graph_tensors():
    # TF 2.21 (notes/progs/errors33/fit3.py): Keras unpacks the element in its traced train step
    ds = tf.data.Dataset.from_tensor_slices((X, Y, np.ones(10), np.ones(10))).batch(2)
    with pytest.raises(ValueError) as caught:
        compiled().fit(ds, verbose=0)
    assert str(caught.value) == (
        "Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: (<tf.Tensor "
        "'data:0' shape=(None, 4) dtype=float32>, <tf.Tensor 'data_1:0' shape=(None, 3) dtype=float32>, <tf.Tensor "
        "'data_2:0' shape=(None,) dtype=float64>, <tf.Tensor 'data_3:0' shape=(None,) dtype=float64>)")


def test_a_generator_of_four_parts_is_named_by_its_signature():
    # TF 2.21 (notes/progs/errors33/gen.py): the generator's signature comes from its first two batches
    def batches():
        for _ in range(3):
            yield X[:2], Y[:2], np.ones(2), np.ones(2)
    with pytest.raises(ValueError) as caught:
        compiled().fit(batches(), verbose=0)
    assert str(caught.value) == (
        "Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: (<tf.Tensor "
        "'data:0' shape=(None, 4) dtype=float32>, <tf.Tensor 'data_1:0' shape=(None, 3) dtype=float32>, <tf.Tensor "
        "'data_2:0' shape=(None,) dtype=float64>, <tf.Tensor 'data_3:0' shape=(None,) dtype=float64>)")
