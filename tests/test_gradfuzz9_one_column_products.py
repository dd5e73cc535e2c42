"""tf.matmul(a, c, transpose_b=True) with one output column and 2-15 rows (a one-feature Dense layer's input
gradient) sums as oneDNN's smalln_tn kernel, as it does for more columns: tapeflow took numpy's order, an ulp
off TF 2.21 in 22 of 40 shapes (progs/gradfuzz9/t_mm.py, t_mm2.py; 16 rows or more are left to numpy). And the
gradient of a batch of one's x + b keeps a -0.0, as TF's reducer copies a sum over size-1 axes. Values printed
by TF 2.21 (progs/gradfuzz9/pin_n1.py)."""
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def test_one_column_transposed_product():
    a = tf.sin(tf.reshape(tf.range(15, dtype=tf.float32) * 0.37 - 2.1, (3, 5)))
    c = tf.cos(tf.constant([[0.3, -1.1, 2.2, 0.7, -0.4]]))
    assert [v.hex() for v in tf.matmul(a, c, transpose_b=True).numpy().ravel().tolist()] == [
        '-0x1.df23a40000000p+0', '0x1.fa37420000000p-1', '0x1.53a1880000000p+0']


def test_one_feature_dense_input_gradient():
    layer = keras.layers.Dense(4)
    x = tf.constant([[0.5], [-1.25], [2.0]])
    layer.build(x.shape)
    layer.kernel.assign([[0.3, -0.7, 1.1, 0.45]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        s = tf.reduce_sum(y * tf.constant([[0.1, -0.3, 0.77, 0.9], [1.3, 0.2, -0.6, 0.35], [-0.8, 0.55, 0.4, -1.2]]))
    assert [v.hex() for v in tape.gradient(s, x).numpy().ravel().tolist()] == [
        '0x1.7df3b60000000p+0', '-0x1.028f5c0000000p-2', '-0x1.7333340000000p-1']


def test_batch_of_one_bias_gradient_keeps_negative_zero():
    b = tf.constant([0.5, 0.25])
    z = tf.constant([[-0.0, 1.0]])
    with tf.GradientTape() as tape:
        tape.watch(b)
        y = z + b
    assert str(tape.gradient(y, b, output_gradients=tf.constant([[-0.0, 1.0]])).numpy().tolist()) == '[-0.0, 1.0]'
