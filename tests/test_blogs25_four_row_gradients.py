"""A one-column product transposed over four rows (a Dense(1) kernel's gradient on XOR's four
samples, tf.matmul(x, g, transpose_a=True) with x of 4 rows) sums as TensorFlow 2.21's oneDNN does:
one in-order fused multiply-add chain per output (framework/ops/column_product.py). numpy's
OpenBLAS sgemv sums a depth of 4 in another order on an AVX-512 Xeon, so blog-style XOR nets
trained to other last bits. The expected bits were printed by TF 2.21 on that Xeon
(/work/notes/progs/blogs25/g_four_rows.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

X_XOR = np.array([[0., 0.], [0., 1.], [1., 0.], [1., 1.]], np.float32)
Y_XOR = np.array([[0.], [1.], [1.], [0.]], np.float32)


def _operands():
    x = ((np.arange(4 * 7) * 0.37) % 1.3 - 0.6).reshape(4, 7).astype(np.float32)
    g = ((np.arange(4) * 0.71) % 1.1 - 0.5).reshape(4, 1).astype(np.float32)
    return x, g


@onednn
def test_transposed_product_over_four_rows_is_tensorflows_chain():
    x, g = _operands()
    got = tf.matmul(x, g, transpose_a=True).numpy()[:, 0].view(np.uint32).tolist()
    assert got == [1059944241, 3169256357, 3150224303, 1015330254, 3173135255, 3163458159, 1000163633]


@onednn
def test_dense_head_kernel_gradient_on_xor_rows():
    x, _ = _operands()
    hidden = keras.layers.Dense(7, activation='sigmoid', kernel_initializer=keras.initializers.Constant(x[:2]))
    head = keras.layers.Dense(1, activation='sigmoid', kernel_initializer=keras.initializers.Constant(x[2:3].T))
    with tf.GradientTape() as tape:
        out = head(hidden(X_XOR))
        loss = tf.reduce_mean(keras.losses.binary_crossentropy(Y_XOR, out))
    grad = tape.gradient(loss, head.kernel)
    # TF 2.21; the numpy sum gave 1031166106 for the second element
    assert grad.numpy()[:, 0].view(np.uint32).tolist() == [
        1033184338, 1031166107, 1033362508, 1034923961, 1029564449, 1032380298, 1034211678]
