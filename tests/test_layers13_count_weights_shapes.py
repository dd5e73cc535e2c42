"""CategoryEncoding(output_mode='count') with count_weights of other shapes, as Keras 3 on TF 2.21.

Printed by TF 2.21 (progs/layers13/ce2.py, ce3.py), ids = [[0, 1, 1, 3], [2, 2, 0, 0]]:
    CategoryEncoding(4, output_mode='count')(ids, count_weights=np.ones((2, 2)))  -> InvalidArgumentError
        '{{function_node __wrapped__DenseBincount_device_...}} `weights` must be the same shape as `arr` or a
        length-0 `Tensor`, in which case it acts as all weights equal to 1. Received [2,2] [Op:DenseBincount] name: '
    ... sparse=True ...  -> 'Weights and data must have the same shape. Weight shape: [2,2]; data shape: [2,4]
        [Op:DenseCountSparseOutput] name: '
    ... count_weights=np.ones((0,)) -> [[1, 2, 0, 1], [2, 0, 2, 0]] (dense and sparse)
    ... ids.reshape(2, 2, 2), count_weights=np.array([1., 2.]) -> [[[1, 1, 0, 0], [0, 2, 0, 2]], [[1, 0, 1, 0], [2, 0, 2, 0]]]
    ... ids.reshape(2, 2, 2), count_weights=np.ones((2, 3)) -> 'Incompatible shapes: [2,2,2,4] vs. [2,3,1] [Op:Mul] name: '
    ... np.array(2), count_weights=np.array([3.]) -> [0, 0, 3, 0]; count_weights=np.array(3.) -> DenseBincount's 'Received []'
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

IDS = np.array([[0, 1, 1, 3], [2, 2, 0, 0]])


def count(**kwargs):
    return keras.layers.CategoryEncoding(4, output_mode='count', **kwargs)


@pytest.mark.parametrize('shape', [(2, 2), (4,), (2, 1)])
def test_rank_two_weights_of_another_shape_are_bincounts_error(shape):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        count()(IDS, count_weights=np.ones(shape, 'float32'))
    text = str(info.value)
    assert '__wrapped__DenseBincount_device_' in text
    assert ('`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all '
            'weights equal to 1. Received [%s] [Op:DenseBincount] name: ' % ','.join(map(str, shape))) in text


def test_sparse_output_names_its_own_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        count(sparse=True)(IDS, count_weights=np.ones((2, 2), 'float32'))
    assert ('Weights and data must have the same shape. Weight shape: [2,2]; data shape: [2,4] '
            '[Op:DenseCountSparseOutput] name: ') in str(info.value)


@pytest.mark.parametrize('sparse', [False, True])
def test_empty_weights_count_ones(sparse):
    out = count(sparse=sparse)(IDS, count_weights=np.ones((0,), 'float32'))
    out = tf.sparse.to_dense(out) if sparse else out
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), [[1, 2, 0, 1], [2, 0, 2, 0]])


def test_rank_three_weights_broadcast_against_the_one_hots():
    out = count()(IDS.reshape(2, 2, 2), count_weights=np.array([1., 2.]))
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), [[[1, 1, 0, 0], [0, 2, 0, 2]], [[1, 0, 1, 0], [2, 0, 2, 0]]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[2,2,2,4\] vs. \[2,3,1\] '
                                                            r'\[Op:Mul\] name: '):
        count()(IDS.reshape(2, 2, 2), count_weights=np.ones((2, 3), 'float32'))


def test_a_scalar_id_is_one_sample():
    np.testing.assert_array_equal(count()(np.array(2), count_weights=np.array([3.], 'float32')).numpy(), [0, 0, 3, 0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Received \[\] \[Op:DenseBincount\]'):
        count()(np.array(2), count_weights=np.array(3., 'float32'))
