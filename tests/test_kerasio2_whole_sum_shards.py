"""A whole float32 tensor's sum past 65,536 values (a loss over image-sized outputs, a printed
reduce_sum of a feature map) adds in TensorFlow's order: Eigen's FullReducer splits it among
TF's intra-op pool as its cost model says, each shard summed in Eigen's tree order
(framework/ops/eigen_sum.py, ``_sharded_sum``). tapeflow used numpy's pairwise sum there: the
sequential-model guide's ``reduce_sum`` of a (1, 121, 121, 32) feature map printed 74330.671875
where TF prints 74330.703125.

Golden bits: TF 2.21 (/opt/tfref) with ``tf.config.threading.set_intra_op_parallelism_threads(T)``
(one process per T), ``tf.reduce_sum(v).numpy().view(np.uint32)`` for the arrays below, and the
MeanSquaredError of two (128, 28, 28, 1) batches.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SIZES = (100000, 114300, 300000, 1000003)
GOLDEN = {          # threads -> the four sums' bits, then the image mse's
    1: [1208277162, 3356669343, 3338821216, 3351696183, 1042961429],
    2: [1208277162, 3356669342, 3338821216, 3351696182, 1042961429],
    4: [1208277162, 3356669342, 3338821217, 3351696184, 1042961429],
    16: [1208277162, 3356669342, 3338821204, 3351696181, 1042961429],
}


@pytest.fixture
def pool_size():
    before = tf.config.threading.get_intra_op_parallelism_threads()
    yield tf.config.threading.set_intra_op_parallelism_threads
    tf.config.threading.set_intra_op_parallelism_threads(before)


def _vectors():
    r = np.random.RandomState(31)
    return [(r.randn(n) * 10.0 ** r.uniform(-3, 3, n)).astype(np.float32) for n in SIZES]


@pytest.mark.parametrize('threads', sorted(GOLDEN))
def test_large_whole_sums_have_tf_bits_for_the_pool_size(pool_size, threads):
    pool_size(threads)
    sums = [int(tf.reduce_sum(v).numpy().view(np.uint32)) for v in _vectors()]
    assert sums == GOLDEN[threads][:4]


def test_numpys_order_differs_on_these_sums():
    assert [int(v.sum().view(np.uint32)) for v in _vectors()] != GOLDEN[2][:4]


def test_image_mse_and_means_follow_the_same_sum(pool_size):
    pool_size(2)
    r = np.random.RandomState(32)
    a = r.rand(128, 28, 28, 1).astype(np.float32)
    b = r.rand(128, 28, 28, 1).astype(np.float32)
    assert int(keras.losses.MeanSquaredError()(a, b).numpy().view(np.uint32)) == GOLDEN[2][4]
    v = _vectors()[2]
    assert tf.reduce_mean(v).numpy() == np.float32(tf.reduce_sum(v).numpy() / np.float32(v.size))


def test_a_one_row_sum_over_its_last_axis_is_the_whole_sum(pool_size):
    pool_size(4)
    v = _vectors()[3]
    assert int(tf.reduce_sum(v.reshape(1, -1), axis=1).numpy()[0].view(np.uint32)) == GOLDEN[4][3]
