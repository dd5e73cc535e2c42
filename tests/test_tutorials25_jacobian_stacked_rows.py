"""Jacobians whose backward products take the kernel of TF's stacked pfor rows.

TF 2.21's ``jacobian`` / ``batch_jacobian`` run one vectorized backward pass: pfor stacks the n
target elements' output gradients into one MatMul(transpose_b) of n * M rows, and oneDNN (on an
AVX-512 VNNI Xeon) sums fewer than 16 rows in 16-lane dot products and more in one chain. tapeflow
sweeps per element with M rows and chose the kernel by M, so guide/advanced_autodiff's jacobian of
two elu Dense layers over 7 examples (42 target elements) and its Hessian differed from TF in the
last bits (framework/ops/pfor_rows.py). Goldens printed by TF 2.21 (oneDNN on) for
/work/notes/progs/tutorials25/golden_jac.py; a checksum is the sum of the float32 bit patterns."""
import numpy as np
import pytest

import framework as tf


@pytest.fixture(autouse=True)
def onednn_on(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')       # the kernels TF chose for these goldens


def _data(shape, phase):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 1.37 + phase) * 1.5).astype(np.float32).reshape(shape)


def _bits(t):
    return int(np.asarray(t).view(np.int32).astype(np.int64).sum())


@pytest.mark.parametrize('shapes, jacobian_bits, head, batch_bits', [
    # These two hang on AVX-512 too: on an AVX2 AMD EPYC TF 2.21 gives jacobian bits -17990149118 and -6375669221
    # (oneDNN on or off), tapeflow -17990149164 and -6375669223 (reported by epyc1 as a difference on that CPU).
    pytest.param((7, 5, 8, 6), -17990149174, [-0.7189114689826965, 0.03248090296983719, 0.7166008949279785],
                 -17990149174, marks=pytest.mark.avx512_bits),
    pytest.param((4, 30, 17, 2), -6375669031, [-0.7255083918571472, 0.9548009634017944, 0.21257896721363068],
                 -6375668985, marks=pytest.mark.avx512_bits),
    ((2, 5, 8, 3), -999047466, [-0.015039712190628052, -0.11567091941833496, 0.02326779067516327], -999047466),
    ((1, 4, 8, 4), -2711008889, [0.25853970646858215, 0.5639552474021912, -0.2986558675765991], None),
    ((1, 2, 2, 16), -1533512012, [0.09228701144456863, 0.07503198087215424, -0.025514645501971245], None),
    ((1, 3, 8, 3), 688112961, [-0.015632688999176025, -0.1641312837600708, 0.027307957410812378], None)])
def test_jacobian_of_two_elu_layers_has_tfs_bits(shapes, jacobian_bits, head, batch_bits):
    m, k, h, n = shapes
    x = tf.constant(_data((m, k), 0.1))
    w1 = tf.constant(_data((k, h), 0.7) / 2)
    w2 = tf.constant(_data((h, n), 1.9) / 2)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.nn.elu(tf.nn.elu(x @ w1) @ w2)
    j = tape.jacobian(y, x)
    assert j.shape == (m, n, m, k)
    assert (_bits(j), j.numpy().ravel()[:3].tolist()) == (jacobian_bits, head)
    if batch_bits is not None:
        # batch_jacobian stacks n seeds of all m rows: n * m rows, as TF's pfor does
        assert _bits(tape.batch_jacobian(y, x)) == batch_bits


def test_advanced_autodiff_hessian_of_a_dense_kernel_has_tfs_bits():
    x = tf.constant(_data((7, 5), 0.3))
    layer1 = tf.keras.layers.Dense(8, activation=tf.nn.relu,
                                   kernel_initializer=tf.keras.initializers.Constant(_data((5, 8), 1.1) / 2))
    layer2 = tf.keras.layers.Dense(6, activation=tf.nn.relu,
                                   kernel_initializer=tf.keras.initializers.Constant(_data((8, 6), 2.3) / 2))
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            loss = tf.reduce_mean(layer2(layer1(x)) ** 2)
        g = t1.gradient(loss, layer1.kernel)
    h = t2.jacobian(g, layer1.kernel)
    assert h.shape == (5, 8, 5, 8)
    assert _bits(h) == -49105197015
    assert h.numpy().ravel()[[0, 1, 8, 41, 42, 83]].tolist() == [
        0.21524475514888763, -0.059186793863773346, 0.055177051573991776, 0.2142990380525589,
        -0.014861078932881355, 0.0]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives -1587752035 (oneDNN on or off), tapeflow -1587751960 with
# oneDNN on and -1587751980 off (epyc1's report, progs/epyc1/plain.py)
@pytest.mark.avx512_bits
def test_a_plain_gradient_of_few_rows_keeps_the_few_rows_kernel():
    # outside a jacobian nothing is stacked: a 7-row input gradient is oneDNN's 16-lane kernel
    # (TF 2.21: golden_plain.py; the chain's bits would end -1587751980)
    from framework.ops import pfor_rows
    x = tf.constant(_data((7, 5), 0.1))
    w1 = tf.constant(_data((5, 8), 0.7) / 2)
    w2 = tf.constant(_data((8, 6), 1.9) / 2)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.elu(tf.nn.elu(x @ w1) @ w2)
    g = tape.gradient(y, x, output_gradients=tf.constant(_data((7, 6), 0.5)))
    assert (_bits(g), g.numpy().ravel()[:3].tolist()) == (
        -1587751984, [-1.4425451755523682, 0.7905154228210449, 1.3863129615783691])
    assert pfor_rows.ITERATIONS == [1]


# A Mean's gradient inside a jacobian: TF's pfor traces the backward pass, where grappler's constant
# folding turns _MeanGrad's g / count into g * (1 / count); eager gradients and the eager loop
# (experimental_use_pfor=False) divide. guide/advanced_autodiff's jacobian through
# BatchNormalization(training=True) (whose moments are means) differed in the last bits.
# Goldens: TF 2.21 for /work/notes/progs/tutorials25/golden_mean_jac.py.
def _centred_and_normalized():
    x = tf.constant(_data((7, 8), 0.4))
    c = tf.constant(_data((1, 8), 1.2))
    tape = tf.GradientTape(persistent=True)
    with tape:
        tape.watch(x)
        centred = (x - tf.reduce_mean(x, axis=0, keepdims=True)) * c
        y = tf.keras.layers.BatchNormalization()(x, training=True)
    return tape, x, centred, y


def test_a_jacobian_through_a_mean_multiplies_by_the_reciprocal_count():
    tape, x, centred, y = _centred_and_normalized()
    j = tape.jacobian(centred, x)
    assert _bits(j) == -89222005656
    assert j.numpy()[0, 0, :3, 0].tolist() == [1.1983360052108765, -0.19972267746925354, -0.19972267746925354]
    assert _bits(tape.jacobian(centred, x, experimental_use_pfor=False)) == -89222005866     # the loop divides
    assert _bits(tape.gradient(centred, x, output_gradients=tf.constant(_data((7, 8), 2.0)))) == 3209836653


def test_jacobians_through_batch_normalization_have_tfs_bits():
    tape, x, centred, y = _centred_and_normalized()
    assert (_bits(tape.jacobian(y, x)), _bits(tape.batch_jacobian(y, x))) == (-176928606608, -62771953664)
    # the means' gradients divide again afterwards
    assert _bits(tape.gradient(centred, x, output_gradients=tf.constant(_data((7, 8), 2.0)))) == 3209836653


# SigmoidGrad inside a jacobian: TF's kernel runs once over the n stacked sweeps, so only the last
# n * size % 8 values of the whole stack take Eigen's scalar functor, not each sweep's last size % 8
# (ops/pfor_rows.packets_end). Goldens: TF 2.21, /work/notes/progs/tutorials25/golden_sig_jac.py.
@pytest.mark.parametrize('m, k, jacobian_bits, batch_bits', [
    (6, 5, -36571654103, -36571654103), (3, 3, 239923719, 239923717), (2, 2, 4002665603, 4002665603),
    (5, 7, 8759333149, 8759333150)])
def test_sigmoid_gradients_in_a_jacobian_take_the_stacks_packets(m, k, jacobian_bits, batch_bits):
    x = tf.constant(_data((m, k), 0.6))
    w = tf.constant(_data((k, k), 1.4))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.sigmoid(x @ w) @ w
    assert (_bits(tape.jacobian(y, x)), _bits(tape.batch_jacobian(y, x))) == (jacobian_bits, batch_bits)
