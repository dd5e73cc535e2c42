"""conv2d's input gradient at strides 2 with SAME padding over an odd image size sums as TF 2.21's
Conv2DBackpropInput: an odd width takes one fused multiply-add chain from the first tap up, an odd height with an
even width the per-column partial sums (framework/ops/conv_backprop_input_order.py). tensorflow.org's
convolutional VAE has such a layer (Conv2D(16, 3, strides=2, padding='same') on 3x3 maps); before, tapeflow kept
numpy's BLAS product there and its first Conv2D's kernel drifted from TF's after one step.

The expected bits were printed by TF 2.21 (notes progs/tutorials44/t44_goldens_cig.py):
    x = tf.Variable(np.zeros((n, h, w, c), np.float32))
    f = (np.cos(np.arange(k * k * c * o) * 0.91) * 0.3).reshape(k, k, c, o).astype(np.float32)
    g = np.sin(np.arange(n * oh * ow * o) * 0.37 + 0.1).reshape(n, oh, ow, o).astype(np.float32)
    with tf.GradientTape() as t: loss = tf.reduce_sum(tf.nn.conv2d(x, f, 2, 'SAME') * g)
    [hex(v) for v in t.gradient(loss, x).numpy().reshape(-1).view(np.uint32)]
Each case has at most 32 values, so the default mode computes it in TF's order too.
"""
import numpy as np
import pytest

import framework as tf

_CASES = [
    ((1, 3, 3, 3, 2, 3), (1, 3, 3, 3), [
        0xbe0345f0, 0x3df159b1, 0x3d8f7f2f, 0xbea5ec97, 0x3ee890bd, 0x3dccd4e9, 0xbed95a79, 0x3e84bf45,
        0x3e97dfbb, 0x3f06ca17, 0xbdade602, 0xbef82263, 0x3efe7627, 0xbe75aa5d, 0xbec1df5d, 0x3f033f5d,
        0xbeb783f5, 0xbeabf92d, 0xbeff6177, 0x3e87b8bb, 0x3ebc6f20, 0xbf1df71d, 0x3e1d64f3, 0x3f0a8e58,
        0xbe9fd3ef, 0x3e076906, 0x3e7cdcd7,
    ]),
    ((1, 3, 5, 2, 2, 3), (1, 3, 5, 2), [
        0xbe13ca79, 0xbcb37d6d, 0x3eb1451d, 0x3e97f872, 0xbeba9855, 0xbe2fc842, 0x3f22091e, 0x3ec08ba7,
        0xbec9b196, 0xbe6d2ee0, 0xbe13809f, 0x3e026d0f, 0xbebe105e, 0x3e27f2a6, 0x3e93f104, 0xbef2ac50,
        0xbf652be1, 0x3f86048f, 0x3f122030, 0xbf53d01e, 0xbe5e9674, 0xbe2e85b3, 0x3e720ba4, 0x3bc0bc66,
        0x3d954756, 0xbca49a3e, 0xbe753d5e, 0xbe7feb30, 0x3ea669a3, 0x3e102243,
    ]),
    ((1, 4, 3, 2, 2, 3), (1, 4, 3, 2), [
        0xbd45b9a2, 0x3e1f7440, 0x3ebbf7d4, 0xbee8700f, 0xbe7764f9, 0x3edceee4, 0xbe13ca79, 0xbcb37d6d,
        0x3eb1451d, 0x3e97f872, 0xbeba9855, 0xbe2fc842, 0xbe7434d1, 0x3ea88b57, 0xbd463643, 0xbe903083,
        0x3da8fe7f, 0xbe00d48b, 0xbec9b196, 0xbe6d2ee0, 0x3f16ae71, 0x3e84683b, 0xbe5e9674, 0xbe2e85b3,
    ]),
    ((1, 3, 4, 2, 2, 3), (1, 3, 4, 2), [
        0x3dc987a1, 0x3dbeac2c, 0xbe13ca79, 0xbcb37d6d, 0x3eb1451d, 0x3e97f872, 0xbeba9855, 0xbe2fc842,
        0x3eaf87fb, 0xbe58a156, 0xbe7434d1, 0x3ea88b57, 0xbd463646, 0xbe903084, 0x3da8fe7f, 0xbe00d48b,
        0x3e3c3ec3, 0x3eda1476, 0xbec9b196, 0xbe6d2ee0, 0x3f16ae71, 0x3e84683b, 0xbe5e9674, 0xbe2e85b3,
    ]),
]


@pytest.mark.parametrize('case, shape, bits', _CASES)
def test_odd_same_input_gradient_gives_tf_bits(case, shape, bits, onednn_on):
    # oneDNN's bits (TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1): with TF's default on an AVX2 CPU it sums otherwise
    # (eigen_avx2_conv.py; under TF 2.21 there these bits fail, with oneDNN on they pass)
    n, h, w, c, o, k = case
    x = tf.Variable(np.zeros((n, h, w, c), np.float32))
    f = (np.cos(np.arange(k * k * c * o) * 0.91) * 0.3).reshape(k, k, c, o).astype(np.float32)
    oh, ow = -(-h // 2), -(-w // 2)
    g = np.sin(np.arange(n * oh * ow * o) * 0.37 + 0.1).reshape(n, oh, ow, o).astype(np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.conv2d(x, f, 2, 'SAME') * g)
    dx = np.asarray(tape.gradient(loss, x))
    assert dx.shape == shape
    assert dx.reshape(-1).view(np.uint32).tolist() == bits
