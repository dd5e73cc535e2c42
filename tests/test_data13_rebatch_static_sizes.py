"""Dataset.rebatch reads batch_size as TF 2.21's _RebatchDataset does when the dataset is made: an int64
scalar or vector, a static batch dimension when every size is equal and no partial batch can form.
Golden values printed by TF 2.21 (/work/notes/progs/data13/p5.py: element_spec / errors of each line)."""
import numpy as np
import pytest

import framework as tf


def _batches(drop_remainder):
    return tf.data.Dataset.range(8).batch(4, drop_remainder=drop_remainder)


def test_equal_sizes_give_a_static_batch_dimension():
    spec2 = tf.TensorSpec((2,), tf.int64)
    assert _batches(True).rebatch(2).element_spec == spec2             # 4 % 2 == 0: no partial batch
    assert _batches(True).rebatch([2, 2]).element_spec == spec2
    assert _batches(True).rebatch(np.int64(2)).element_spec == spec2
    assert _batches(False).rebatch((2, 2), drop_remainder=True).element_spec == spec2
    assert _batches(True).rebatch([4, 4]).element_spec == tf.TensorSpec((4,), tf.int64)
    # TF 2.21: (None,) where a partial batch may form or the sizes differ
    assert _batches(True).rebatch(3).element_spec == tf.TensorSpec((None,), tf.int64)
    assert _batches(False).rebatch(2).element_spec == tf.TensorSpec((None,), tf.int64)
    assert _batches(False).rebatch([2, 1], drop_remainder=True).element_spec == tf.TensorSpec((None,), tf.int64)


def test_int64_scalar_tensor_sizes_batch():
    ds = _batches(False).rebatch(tf.constant(2, tf.int64), drop_remainder=True)
    assert ds.element_spec == tf.TensorSpec((2,), tf.int64)
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 1], [2, 3], [4, 5], [6, 7]]


def test_zipped_components_of_different_batch_dimensions_are_refused():
    r = tf.data.Dataset.range(8)
    zipped = tf.data.Dataset.zip(r.batch(4, drop_remainder=True), r.batch(2, drop_remainder=True))
    with pytest.raises(ValueError, match=r'^Invalid `input_dataset.` The batch dimension of component 0 is 4, while '
                                         r'the batch dimension of component i is \[4 2\]\.$'):
        zipped.rebatch(2)
    mixed = tf.data.Dataset.zip(r.batch(4, drop_remainder=True), r.batch(4))
    assert mixed.rebatch(2).element_spec == (tf.TensorSpec((2,), tf.int64), tf.TensorSpec((2,), tf.int64))


def test_argument_errors_are_tensorflows():
    with pytest.raises(TypeError, match=r'^Cannot convert 2\.5 to EagerTensor of dtype int64$'):
        _batches(False).rebatch(2.5)
    with pytest.raises(ValueError, match=r'^Invalid `batch_sizes`. Expected `batch_sizes` to be a scalar or a '
                                         r'vector. Received `batch_sizes` of rank 2\.$'):
        _batches(False).rebatch([[2, 2]])
    with pytest.raises(IndexError, match=r'^index 0 is out of bounds for axis 0 with size 0$'):
        _batches(False).rebatch([])
    with pytest.raises(ValueError, match=r'^batch_sizes: Tensor conversion requested dtype int64 for Tensor with '
                                         r'dtype int32: <tf.Tensor: shape=\(2,\), dtype=int32, numpy=array\(\[2, 2\], '
                                         r'dtype=int32\)>'):
        _batches(False).rebatch(tf.constant([2, 2]), drop_remainder=True)
