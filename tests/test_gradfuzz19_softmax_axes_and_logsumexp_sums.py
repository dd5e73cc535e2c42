"""log_softmax along a leading axis of a rank-3 tensor, and reduce_logsumexp over axes that are neither
leading nor trailing, in TF 2.21's float32 bits (values and gradients).

TF's softmax wrappers swap the class axis with the last one (_swap_axis), so the rows reach Eigen's kernel in
that order and its packets of row logs fall accordingly; tapeflow moved the axis last (another row order: 3 of
60 values an ulp off). reduce_logsumexp's float32 sum over axes [0, 2] was numpy's pairwise sum where TF's
reduce_sum kernel adds in its own order (2 of 4 values an ulp off, and the gradients that read the sums).

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t4.py:
    x = tf.constant(np.random.RandomState(19).uniform(-2, 2, (3, 4, 5)).astype(np.float32))
    w = tf.constant(np.cos(np.arange(60) * 0.7 + 0.3).reshape(3, 4, 5).astype(np.float32))
    lsm = tf.nn.log_softmax(x, axis=0); lse = tf.reduce_logsumexp(x, axis=[0, 2])
    gradients of tf.reduce_sum(lsm * w) and tf.reduce_sum(lse * w[0, :, 0]), printed with float.hex
"""
import numpy as np
import pytest

import framework as tf
from framework import config, keras


def _hex(values):
    return [float(v).hex() for v in np.ravel(values)]


@pytest.fixture
def exact_math():
    before = config.tf_exact_math()
    config.set_tf_exact_math(True)
    yield
    config.set_tf_exact_math(before)


def _inputs():
    x = tf.constant(np.random.RandomState(19).uniform(-2, 2, (3, 4, 5)).astype(np.float32))
    w = tf.constant(np.cos(np.arange(60) * 0.7 + 0.3).reshape(3, 4, 5).astype(np.float32))
    return x, w


@pytest.mark.parametrize('exact', ['small', True])
def test_log_softmax_along_a_leading_axis_swaps_it_with_the_last(exact, exact_math):
    config.set_tf_exact_math(exact)
    x, w = _inputs()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.log_softmax(x, axis=0)
        loss = tf.reduce_sum(y * w)
    g = tape.gradient(loss, x)
    assert _hex(y.numpy().ravel()[[9, 29, 38]]) == ['-0x1.d1f5d60000000p+0', '-0x1.8679ce0000000p+0',
                                                    '-0x1.54ada60000000p-2']
    assert _hex(g.numpy().ravel()[38]) == ['-0x1.1605f00000000p-6']
    # keras.ops.log_softmax is tf.nn.log_softmax under Keras 3's TF backend
    assert np.array_equal(keras.ops.log_softmax(x, axis=0).numpy(), y.numpy())


@pytest.mark.parametrize('exact', ['small', True])
def test_reduce_logsumexp_over_inner_axes_sums_in_reduce_sums_order(exact, exact_math):
    config.set_tf_exact_math(exact)
    x, w = _inputs()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_logsumexp(x, axis=[0, 2])
        loss = tf.reduce_sum(y * w[0, :, 0])
    g = tape.gradient(loss, x)
    assert _hex(y) == ['0x1.a15d240000000p+1', '0x1.c4ce640000000p+1', '0x1.aab8140000000p+1', '0x1.8f3dec0000000p+1']
    assert _hex(g.numpy().ravel()[:12]) == [
        '0x1.e02bd20000000p-8', '0x1.aad8080000000p-4', '0x1.b46c5e0000000p-7', '0x1.1a6af60000000p-7',
        '0x1.31f9580000000p-6', '-0x1.1c60ee0000000p-8', '-0x1.76f1800000000p-5', '-0x1.4135bc0000000p-4',
        '-0x1.44e8480000000p-3', '-0x1.443f940000000p-5', '0x1.8aa6520000000p-8', '0x1.75f3160000000p-6']
    assert np.array_equal(keras.ops.logsumexp(x, axis=(0, 2)).numpy(), y.numpy())


def test_softmax_along_a_leading_axis_still_sums_to_one():
    # the swap is its own inverse: every slice along the axis is a distribution, in place
    x, _ = _inputs()
    for axis in (0, 1, -1):
        y = tf.nn.softmax(x, axis=axis).numpy()
        assert np.allclose(y.sum(axis=axis), 1, atol=1e-6)
        assert np.allclose(y, np.exp(x.numpy()) / np.exp(x.numpy()).sum(axis=axis, keepdims=True), atol=1e-6)
