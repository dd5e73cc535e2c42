"""Discretization / CategoryEncoding / Hashing encodings in the dtypes Keras 3 on TF 2.21 gives.

Printed by TF 2.21 (progs/layers11/disc2.py, disc3.py, bc.py):
    x = np.array([[0.2, 0.7, 1.5, -0.7]], 'float32')
    keras.layers.Discretization(bin_boundaries=[0.5, 1.4999], dtype='int32')(x)    -> [[0, 1, 2, 0]]
    keras.layers.Discretization(bin_boundaries=[0.5, 1.0000000001])(np.array([[1.00000000005]]))  -> [[2]]
    keras.layers.Discretization(bin_boundaries=[0.5], dtype='mixed_float16', output_mode='one_hot')(x).dtype -> float16
    keras.layers.CategoryEncoding(4, dtype='float16', output_mode='count')(np.array([[0, 1, 1, 3]]))
        -> InvalidArgumentError "Exception encountered when calling CategoryEncoding.call(). ... Value for attr 'T'
           of half is not in the list of allowed values: int32, int64, float, double ... [Op:DenseBincount]"
    keras.layers.CategoryEncoding(3, dtype='uint8', output_mode='count')(np.array([[[0, 1], [1, 1]]])).dtype -> uint32
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
X = np.array([[0.2, 0.7, 1.5, -0.7]], 'float32')


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'uint8'])
def test_integer_discretization_buckets_the_float_values(dtype):
    # Keras's input_dtype is floatx: the inputs are not truncated to the layer's integer dtype
    layer = L.Discretization(bin_boundaries=[0.5, 1.4999], dtype=dtype)
    assert layer(X).numpy().tolist() == [[0, 1, 2, 0]]
    counts = L.Discretization(bin_boundaries=[0.5, 1.4999], dtype='int64', output_mode='count')(X)
    assert counts.dtype == tf.int64 and counts.numpy().tolist() == [[2, 1, 1]]


def test_discretization_compares_in_float32():
    # float64 data is cast to float32 and TF's Bucketize keeps float32 boundaries: 1.00000000005 -> 1.0 >= 1.0
    assert L.Discretization(bin_boundaries=[0.5, 1.0000000001])(np.array([[1.00000000005]])).numpy().tolist() == [[2]]
    assert L.Discretization(bin_boundaries=[1.0000000001])(np.array([[1.0]], 'float32')).numpy().tolist() == [[1]]


@pytest.mark.parametrize('policy, dtype', [('mixed_float16', 'float16'), ('mixed_bfloat16', 'bfloat16')])
def test_discretization_encodes_in_the_compute_dtype(policy, dtype):
    layer = L.Discretization(bin_boundaries=[0.5, 1.4999], dtype=policy, output_mode='one_hot')
    out = layer(X[0])
    assert out.dtype == dtype and out.numpy().tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]]
    symbolic = L.Discretization(bin_boundaries=[0.5], dtype=policy, output_mode='count')(keras.Input((4,)))
    assert symbolic.dtype == dtype


@pytest.mark.parametrize('make, x, kernel_dtype', [
    (lambda: L.CategoryEncoding(4, dtype='float16', output_mode='count'), np.array([[0, 1, 1, 3]]), 'half'),
    (lambda: L.CategoryEncoding(4, dtype='bfloat16', output_mode='multi_hot'), np.array([0, 1, 1, 3]), 'bfloat16'),
    (lambda: L.Hashing(4, dtype='uint8', output_mode='multi_hot'), np.array([[0, 1, 1, 3]]), 'uint8'),
    (lambda: L.Discretization(bin_boundaries=[1.], dtype='mixed_float16', output_mode='count'), X, 'half'),
])
def test_dense_bincount_refuses_counts_of_other_dtypes(make, x, kernel_dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make()(x)
    text = str(info.value)
    assert text.startswith('Exception encountered when calling ')
    assert ("Value for attr 'T' of %s is not in the list of allowed values: int32, int64, float, double" % kernel_dtype
            in text)
    assert '[Op:DenseBincount]' in text


@pytest.mark.parametrize('make, x', [
    (lambda: L.CategoryEncoding(4, dtype='float16', output_mode='one_hot'), np.array([0, 3])),
    (lambda: L.CategoryEncoding(4, dtype='float16', output_mode='count', sparse=True), np.array([[0, 1, 1]])),
    (lambda: L.CategoryEncoding(4, dtype='float16', output_mode='count'), np.array([[[0, 1], [1, 1]]])),
])
def test_paths_without_dense_bincount_keep_the_dtype(make, x):
    out = make()(x)
    assert out.dtype == tf.float16


@pytest.mark.parametrize('dtype, summed', [('uint8', tf.uint32), ('int16', tf.int32), ('uint16', tf.uint32),
                                           ('int64', tf.int64)])
def test_rank3_counts_sum_in_kerass_widened_dtype(dtype, summed):
    out = L.CategoryEncoding(3, dtype=dtype, output_mode='count')(np.array([[[0, 1], [1, 1]]]))
    assert out.dtype == summed
    assert out.numpy().tolist() == [[[1, 1, 0], [0, 2, 0]]]
    hot = L.CategoryEncoding(3, dtype=dtype, output_mode='multi_hot')(np.array([[[0, 1], [1, 1]]]))
    assert hot.dtype == dtype
