"""A Dense(1) layer's kernel gradient ``x.T @ g`` (and tf.matmul(x, g, transpose_a=True) of one
column) sums as TF's oneDNN does: one in-order fused multiply-add chain per output over the batch
(framework/ops/column_product.py, ``transposed_column_matmul``). numpy's sgemv summed otherwise:
every regression head trained at batch 64+ drifted from TF in the last bits from its first step
(the callbacks guide's Dense(1) on 784 features, the customizing-fit guide's Dense(1) models).

Golden bits: TF 2.21 (/opt/tfref, oneDNN on: this AVX-512 Xeon), the same arrays, printed as
``.ravel().view(np.uint32).tolist()`` of the kernel gradient of ``reduce_sum(Dense(1)(x) * g)``
(and equal to tf.matmul(x, g, transpose_a=True)); numpy's x.T @ g differs on every listed shape.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

GOLDEN = {
    (50, 4, 1): [3242341439, 1090539872, 1093640266, 3238042202],
    (64, 12, 2): [3242797000, 3243339149, 3215769009, 3237400737, 3239495718, 3234374445, 1042527277,
                  3243504621, 1100197964, 1094971085, 3208984132, 3214092296],
    (128, 8, 3): [1098903179, 1043452977, 3238294485, 3235827762, 1081586321, 3220295357, 1102186812,
                  1068554406],
    (384, 3, 4): [3242576611, 3244585075, 3236540826],
}

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TF sums with Eigen where it runs no oneDNN')


def _arrays(m, k, seed):
    r = np.random.RandomState(seed)
    return r.normal(size=(m, k)).astype(np.float32), r.normal(size=(m, 1)).astype(np.float32)


@pytest.mark.parametrize('case', sorted(GOLDEN))
def test_dense1_kernel_gradient_has_tf_bits(case):
    x, g = _arrays(*case)
    dense = keras.layers.Dense(1)
    dense.build(x.shape)
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(dense(x) * g)
    assert tape.gradient(s, dense.kernel).numpy().ravel().view(np.uint32).tolist() == GOLDEN[case]


@pytest.mark.parametrize('case', sorted(GOLDEN))
def test_matmul_transpose_a_of_one_column_has_tf_bits(case):
    x, g = _arrays(*case)
    out = tf.matmul(x, g, transpose_a=True)
    assert out.numpy().ravel().view(np.uint32).tolist() == GOLDEN[case]


def test_an_outer_tape_sees_the_same_kernel_gradient():
    x, g = _arrays(64, 12, 2)
    dense = keras.layers.Dense(1)
    dense.build(x.shape)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as tape:
            s = tf.reduce_sum(dense(x) * g)
        grad = tape.gradient(s, dense.kernel)
    assert grad.numpy().ravel().view(np.uint32).tolist() == GOLDEN[(64, 12, 2)]
