"""A Dense(1) layer's kernel gradient ``x.T @ g`` (tf.matmul(x, g, transpose_a=True) of one column) past
a batch of 384 sums as TF's oneDNN gemv does: still one in-order fused multiply-add chain per output,
while the matrix holds at most 512,000 values (framework/ops/column_product.py, ``_CHAIN_VALUES``).
tapeflow took numpy's sgemv there, even under set_tf_exact_math(True), so the overfit-and-underfit
tutorial's models (batch 500, 128 units into Dense(1)) drifted from TF's last bits from the first step.

Golden bits: TF 2.21 (/opt/tfref, oneDNN on: this AVX-512 Xeon), the same arrays, printed as
``.ravel().view(np.uint32).tolist()`` of tf.matmul(x, g, transpose_a=True), equal to the kernel
gradient of ``reduce_sum(Dense(1)(x) * g)``; numpy's x.T @ g differs on every listed shape.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

GOLDEN = {
    (400, 3, 1): [
        3246517985, 3223510365, 1100398990],
    (500, 5, 2): [
        3239137473, 3257321846, 1068601091, 1092989152, 1105303976],
    (1000, 40, 3): [
        1103888282, 1100647530, 3235397306, 1113881193, 1108270975, 3244379252, 3238308205, 1106934398,
        3238677456, 1086740456, 3220749259, 1108914795, 1091974999, 3258657597, 3264820199, 3215707113,
        3254473947, 1099876992, 3252573251, 1098513610, 1090160874, 3267261465, 1107815763, 1086988179,
        3233278763, 3261261505, 3242897878, 1101306502, 1107470431, 1115149681, 3246250249, 1099515607,
        3250429848, 3249343912, 3213154028, 1111874849, 1105932285, 1090789008, 3253916340, 1103483703],
    (4000, 2, 4): [
        1112621142, 3265934811],
}

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TF sums with Eigen where it runs no oneDNN')


def _arrays(m, k, seed):
    r = np.random.RandomState(seed)
    return r.normal(size=(m, k)).astype(np.float32), r.normal(size=(m, 1)).astype(np.float32)


@pytest.mark.parametrize('case', sorted(GOLDEN))
def test_deep_matmul_transpose_a_of_one_column_has_tf_bits(case, exact_math):
    x, g = _arrays(*case)
    out = tf.matmul(x, g, transpose_a=True)
    assert out.numpy().ravel().view(np.uint32).tolist() == GOLDEN[case]


@pytest.mark.parametrize('case', [(500, 5, 2), (1000, 40, 3)])
def test_deep_dense1_kernel_gradient_has_tf_bits(case, exact_math):
    x, g = _arrays(*case)
    dense = keras.layers.Dense(1)
    dense.build(x.shape)
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(dense(x) * g)
    assert tape.gradient(s, dense.kernel).numpy().ravel().view(np.uint32).tolist() == GOLDEN[case]

