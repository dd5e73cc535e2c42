"""The gradient of ``softmax(y / T)`` in a traced function carries TF 2.21's bits: grappler folds the
division into ``y * (1 / T)`` and its constant folding (ConstantPushDown) moves the constant next to the
softmax in the gradient, ``(s * (1 / T)) * (g - sum(g * s))`` (framework/ops/softmax_grad_push_down.py).
keras.io's knowledge distillation (``ops.softmax(y_pred / temperature)`` in compute_loss) trained an ulp
off TF from its first fit step before.

Golden bits: TensorFlow 2.21 printed the traced and eager gradients as uint32 hex (notes
progs/tutorials41/t41_goldens_softmaxT.py; 42 of the 80 values differ between the two) and, for the
distillation loss's two softmaxes in one step, t41_goldens_softmaxT2.py.
"""
import pytest
import numpy as np

import framework as tf

TRACED = [
    '0x3c5e77b2', '0x3cee4f29', '0xb9ec1fbe', '0xbb2c9c4d', '0xbc7a0181', '0x3c39c88b', '0xbc5529f3', '0xbc56026a',
    '0xbb2b97d8', '0xbbe4854f', '0x3c5ac80f', '0x3b5a1017', '0xbb985be8', '0x3c17cb43', '0xbbba9607', '0x3c69022c',
    '0x3bab7aac', '0xbc9f8359', '0xbc502ff6', '0xbb3c9ce2', '0xbc2835b0', '0x3ba8a633', '0xbbc80416', '0xbb760447',
    '0xbc835671', '0xbab83b26', '0x3bb04abd', '0x3bb5741c', '0x3c4df089', '0x3c124a01', '0x3c1d301e', '0xbb61d053',
    '0x3bd34d25', '0xbc04f74a', '0x3bf020d1', '0x3a993eee', '0x3ac42642', '0x3ae238d5', '0xbb99cc3b', '0xbc3c895d',
    '0xbbe4d582', '0x3c537921', '0xbc79cd4a', '0xbb28d166', '0x3bb4272a', '0x3ad8e54a', '0xbb6cd1a4', '0xbc04e842',
    '0x3c6c5cc8', '0x3b060ba6', '0x3c23284d', '0x3ba77df2', '0xbc5dea73', '0xb819e1f7', '0x3c48d645', '0xb9588407',
    '0xbb8b6dfc', '0xbbfa6bf9', '0x3a4bd676', '0xbb1e9e50', '0x3c99a2c2', '0xbc19fe3c', '0xb90aa667', '0xbb9215e3',
    '0x3b2f9fe7', '0x3ab75cda', '0x3c082827', '0x3bad3727', '0xbb7033e7', '0xbc99ce0b', '0x3b848c15', '0xbb31bfe7',
    '0x3bba7eec', '0xbc1bb866', '0x3be56f35', '0xbbcc12a2', '0x3b9f1e40', '0xba7296da', '0xba9436a9', '0xba8f523c',
]
EAGER = [
    '0x3c5e77b2', '0x3cee4f28', '0xb9ec1fbd', '0xbb2c9c4c', '0xbc7a0182', '0x3c39c88b', '0xbc5529f3', '0xbc56026a',
    '0xbb2b97d7', '0xbbe48550', '0x3c5ac80e', '0x3b5a1018', '0xbb985be8', '0x3c17cb42', '0xbbba9606', '0x3c69022d',
    '0x3bab7aac', '0xbc9f835a', '0xbc502ff6', '0xbb3c9ce2', '0xbc2835b0', '0x3ba8a632', '0xbbc80415', '0xbb760446',
    '0xbc835670', '0xbab83b27', '0x3bb04abe', '0x3bb5741d', '0x3c4df08a', '0x3c124a01', '0x3c1d301e', '0xbb61d053',
    '0x3bd34d26', '0xbc04f74a', '0x3bf020d2', '0x3a993eee', '0x3ac42642', '0x3ae238d5', '0xbb99cc3b', '0xbc3c895c',
    '0xbbe4d583', '0x3c537922', '0xbc79cd4a', '0xbb28d166', '0x3bb42729', '0x3ad8e548', '0xbb6cd1a5', '0xbc04e843',
    '0x3c6c5cca', '0x3b060ba4', '0x3c23284d', '0x3ba77df1', '0xbc5dea73', '0xb819e1f6', '0x3c48d645', '0xb9588408',
    '0xbb8b6dfc', '0xbbfa6bfa', '0x3a4bd677', '0xbb1e9e50', '0x3c99a2c2', '0xbc19fe3c', '0xb90aa667', '0xbb9215e3',
    '0x3b2f9fe9', '0x3ab75cda', '0x3c082827', '0x3bad3726', '0xbb7033e5', '0xbc99ce0a', '0x3b848c15', '0xbb31bfe6',
    '0x3bba7eec', '0xbc1bb866', '0x3be56f35', '0xbbcc12a2', '0x3b9f1e40', '0xba7296da', '0xba9436a9', '0xba8f523d',
]

# KLDivergence()(softmax(t / 10), softmax(y / 10)) * 100: the gradients of y and t
DISTILLED_Y = [
    '0x3e3352ce', '0x3cf44b2a', '0xbcec53fb', '0x3e4b8d69', '0xbeb00d1f', '0xbcfe26f2', '0x3d3c3d20', '0xbecc2c1b',
    '0x3e92a8c3', '0xbd3da0c2', '0x3dc68cfd', '0x3c80c927', '0x3e7e9ac9', '0xbe1dd9e0', '0xbe511ee9', '0xbd37a614',
    '0x3d43dfdf', '0x3dda9f27', '0xbdc05aee', '0xbdc7bd90', '0x3eababf0', '0x3e094b5f', '0xbe0c1848', '0xbe107eb9',
]
DISTILLED_T = [
    '0xbe44597e', '0xbd6821f9', '0xbc0ede31', '0xbe2a8788', '0x3edc1df3', '0xbbcc8f78', '0xbdbddc7d', '0x3f08b8bc',
    '0xbe71c191', '0xbcc507ed', '0xbdec0d7c', '0xbd8716a8', '0xbe40f466', '0x3e138176', '0x3e562cd2', '0x3cda916f',
    '0xbd9c0a9d', '0xbdec0d46', '0x3d7e7808', '0x3db3c03d', '0xbe6cbf4d', '0xbe01d3b1', '0x3dfbcb8c', '0x3dae5e17',
]


def _data():
    rng = np.random.RandomState(41)
    y = tf.constant((rng.randn(8, 10) * 3).astype('float32'))
    return y, tf.constant(rng.randn(8, 10).astype('float32'))


def _gradient(y, t):
    with tf.GradientTape() as tape:
        tape.watch(y)
        loss = tf.reduce_sum(tf.nn.softmax(y / 10, axis=1) * t)
    return tape.gradient(loss, y)


def _hex(g):
    return [hex(v) for v in np.asarray(g).reshape(-1).view(np.uint32).tolist()]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_traced_gradient_regroups_the_constant_as_tf():
    assert _hex(tf.function(_gradient)(*_data())) == TRACED


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_eager_gradient_keeps_tf_eager_order():
    assert _hex(_gradient(*_data())) == EAGER


def test_traced_logits_times_reciprocal_is_not_regrouped():
    # only the folded division is: a gradient reaching y * 0.1 through another op keeps its order
    y, t = _data()

    @tf.function
    def through_relu(y, t):
        with tf.GradientTape() as tape:
            tape.watch(y)
            loss = tf.reduce_sum(tf.nn.relu(y / 10) * t)
        return tape.gradient(loss, y)
    expected = np.where(np.asarray(y) * np.float32(0.1) > 0, np.asarray(t), 0) * np.float32(0.1)
    np.testing.assert_array_equal(np.asarray(through_relu(y, t)), expected)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_two_softmaxes_in_one_traced_step_both_regroup():
    # the sweep passes both softmaxes before either division (the teacher's and the student's logits)
    from framework import keras
    rng = np.random.RandomState(7)
    y = tf.constant((rng.randn(4, 6) * 3).astype('float32'))
    t = tf.constant((rng.randn(4, 6) * 3).astype('float32'))

    @tf.function
    def traced(y, t):
        with tf.GradientTape() as tape:
            tape.watch([y, t])
            loss = keras.losses.KLDivergence()(keras.ops.softmax(t / 10, axis=1),
                                               keras.ops.softmax(y / 10, axis=1)) * 100
        return tape.gradient(loss, [y, t])
    assert [_hex(g) for g in traced(y, t)] == [DISTILLED_Y, DISTILLED_T]
