"""Signs of zero through pools, as TF 2.21's kernels give them: an average of -0.0 values is +0.0 (its sums
start from +0.0), and a max pool's gradient adds each window's share onto zeros, so a -0.0 share lands as
+0.0 where windows do not overlap (tapeflow wrote the share in place: -0.0). The maximum itself keeps -0.0.
Values: notes/progs/gradfuzz11/t_pzpin.py (t_pz.py: 100 lines of pools with -0.0, 27 -> 0 differ).
"""
import numpy as np
import pytest

import framework as tf

X = np.array([-1.6, -0.0, -0.0, -0.0, 1.0, -0.0], np.float32).reshape(1, 6, 1)
OUTPUT_GRADIENT = np.array([-0.0, -0.0, 2.0], np.float32).reshape(1, 3, 1)
MAX_Y = ['-0x0.0p+0', '-0x0.0p+0', '0x1.0000000000000p+0']
MAX_G = ['0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.0000000000000p+1', '0x0.0p+0']
AVG_Y = ['-0x1.99999a0000000p-1', '0x0.0p+0', '0x1.0000000000000p-1']
AVG_G = ['0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.0000000000000p+0', '0x1.0000000000000p+0']

POOLS = {
    'max_pool1d': (lambda x: tf.nn.max_pool1d(x, 2, 2, 'VALID'), MAX_Y, MAX_G),
    'max_pool2d': (lambda x: tf.nn.max_pool2d(x[:, :, None], [2, 1], [2, 1], 'VALID')[:, :, 0], MAX_Y, MAX_G),
    'avg_pool1d': (lambda x: tf.nn.avg_pool1d(x, 2, 2, 'VALID'), AVG_Y, AVG_G),
    'avg_pool2d': (lambda x: tf.nn.avg_pool2d(x[:, :, None], [2, 1], [2, 1], 'VALID')[:, :, 0], AVG_Y, AVG_G),
    'avg_pool3d': (lambda x: tf.nn.avg_pool3d(x[:, :, None, None], [2, 1, 1], [2, 1, 1], 'VALID')[:, :, 0, 0],
                   AVG_Y, AVG_G),
}


def _hex(a):
    return [float(v).hex() for v in np.ravel(a)]


@pytest.mark.parametrize('name', sorted(POOLS))
def test_pool_zero_signs_are_tf_bits(name):
    pool, y_bits, g_bits = POOLS[name]
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = pool(x)
    g = tape.gradient(y, x, output_gradients=tf.constant(OUTPUT_GRADIENT))
    assert _hex(y.numpy()) == y_bits
    assert _hex(g.numpy()) == g_bits


def test_keras_average_pooling_of_negative_zeros_is_positive_zero():
    y = tf.keras.layers.AveragePooling1D(2)(tf.constant(np.full((1, 4, 1), -0.0, np.float32)))
    assert _hex(y.numpy()) == ['0x0.0p+0', '0x0.0p+0']
