"""Second derivatives through tf.nn.(sparse_)softmax_cross_entropy_with_logits take TF 2.21's grad_grad rule,
(gg - squeeze(matmul(gg[:, None, :], softmax[:, :, None]))) * softmax: a batched product where tapeflow went
through softmax's rule (a reduce_sum of gg * softmax), an ulp apart (fuzz 42 #219; progs/gradfuzz8/t_xent2.py:
42 of 120 values before, 0 after). Values printed by TF 2.21."""
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _hexes(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_hessian_vector_product_of_sparse_softmax_cross_entropy():
    x = tf.Variable([-1.73, 0.9, 1.72])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant(2), logits=x))
        g = inner.gradient(y, x)
        gs = tf.reduce_sum(g * g)
    assert _hexes(outer.gradient(gs, x)) == ['0x1.a66ece0000000p-8', '0x1.05a9e60000000p-2', '-0x1.0c43a00000000p-2']


def test_second_derivative_of_dense_cross_entropy_along_axis_zero():
    # the class axis moved last, as TF's wrapper moves it (progs/gradfuzz8/pin_xent2.py)
    x = tf.constant([[0.53, -1.92, 1.53, -0.73], [-1.37, 1.04, 1.27, -0.62]], tf.float64)
    labels = tf.constant([[0.2, 0.7, 0.1, 0.45], [0.8, 0.3, 0.9, 0.55]], tf.float64)
    w = tf.constant([[1.1, -0.4, 0.3, 2.0], [-1.5, 0.6, 0.25, -0.8]], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=x, axis=0))
        g = inner.gradient(y, x)
        gs = tf.reduce_sum(g * w)
    assert _hexes(outer.gradient(gs, x)) == ['0x1.2d54c46da93b7p-2', '-0x1.7fb43918fcb3dp-5', '0x1.92c1485940f85p-7',
                                             '0x1.655169eea5f38p-1', '-0x1.2d54c46da93b8p-2', '0x1.7fb43918fcb4dp-5',
                                             '-0x1.92c1485940f83p-7', '-0x1.655169eea5f38p-1']
