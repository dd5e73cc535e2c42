"""Conv1DTranspose sums in the order of TF 2.21's Conv2DBackpropInput, as Keras's TF backend runs it
(tf.nn.conv1d_transpose puts a height-1 axis on the input and the kernel).

Before, the layer took the N-d product (framework/ops/convolution_nd.py), whose own order of sums
rounded the last bits differently: keras.io's timeseries anomaly-detection autoencoder (Conv1DTranspose
with filters=1, strides 1) drifted from TF's weights within the first epoch.

Golden bits: TensorFlow 2.21 (oneDNN on, AVX-512) printed the layer's output and tf.GradientTape's
gradients of reduce_sum(layer(x) * gy), with x, kernel, gy drawn from np.random.default_rng(0) in this
order (notes progs/kerasexamples2/goldens_ct1d.py). Each array is pinned by a sha256 prefix of its
float32 bytes and its first four words.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled() or onednn_policy.vector_lanes() != 16,
                                reason="TensorFlow's order here is oneDNN's AVX-512 kernel")


def words(a):
    a = np.ascontiguousarray(np.asarray(a), dtype=np.float32)
    return hashlib.sha256(a.tobytes()).hexdigest()[:16], ['0x%08x' % v for v in a.ravel().view(np.uint32)[:4]]


def layer_and_grads(n, w, c, o, k, s):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, w, c)).astype('float32')
    kernel = rng.normal(size=(k, o, c)).astype('float32')
    gy = rng.normal(size=(n, w * s, o)).astype('float32')
    layer = keras.layers.Conv1DTranspose(o, k, strides=s, padding='same', use_bias=False)
    layer.build((None, w, c))
    layer.set_weights([kernel])
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = layer(xt)
        loss = tf.reduce_sum(y * gy)
    gk, gx = tape.gradient(loss, [layer.kernel, xt])
    return y, gk, gx, (x, kernel)


def test_one_filter_strides_1_output_and_gradients_match_tf(exact_math):
    y, gk, gx, _ = layer_and_grads(4, 12, 16, 1, 7, 1)
    assert words(y) == ('9ab85416f3b0f89e', ['0xbfa900d1', '0xc0ef94b5', '0x41594f45', '0x41129638'])
    assert words(gk) == ('da4f8fb7bfbbaec9', ['0xc06f17f8', '0x4048db6b', '0x40662b16', '0xc04916f2'])
    assert words(gx) == ('e707e0e36afdb2b5', ['0xbf8a009e', '0x3ecb2929', '0xbf0e6e25', '0x3ed584ee'])


def test_strides_2_output_and_kernel_gradient_match_tf(exact_math):
    y, gk, _, _ = layer_and_grads(4, 12, 8, 8, 7, 2)
    assert words(y) == ('bda5478c45f29e70', ['0x3faad2d8', '0xbffc28ce', '0x40bd0841', '0x4054aa96'])
    assert words(gk) == ('1e78d9269cccb884', ['0xc12439f4', '0xbf8b8089', '0xc003e162', '0x411ff375'])


def test_layer_equals_keras_ops_conv_transpose(exact_math):
    y, _, _, (x, kernel) = layer_and_grads(4, 12, 16, 1, 7, 1)
    op = keras.ops.conv_transpose(x, kernel, 1, padding='same')
    assert np.array_equal(np.asarray(y), np.asarray(op))


def test_channels_first_and_valid_padding_with_output_padding_match_tf():
    # TF 2.21: (2, 4, 11) 5220.0 and (2, 8, 4) [10. 10. 45. 35. 95. 60. 60. 0.] (notes shapes_ct1d.py)
    x = np.arange(2 * 3 * 5, dtype='float32').reshape(2, 3, 5)
    first = keras.layers.Conv1DTranspose(4, 3, strides=2, padding='valid', data_format='channels_first',
                                         kernel_initializer='ones')
    assert tuple(first(x).shape) == (2, 4, 11)
    assert float(np.asarray(first(x)).sum()) == 5220.0
    last = keras.layers.Conv1DTranspose(4, 3, strides=2, padding='valid', output_padding=1, kernel_initializer='ones')
    out = np.asarray(last(x))
    assert out.shape == (2, 8, 4)
    assert out[0, :, 0].tolist() == [10.0, 10.0, 45.0, 35.0, 95.0, 60.0, 60.0, 0.0]
