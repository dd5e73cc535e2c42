"""keras.ops.dot_product_attention (MultiHeadAttention's fused path) on float16 / bfloat16 inputs.

Keras 3 on TF 2.21 casts the narrow logits to float32 before scaling, masking and the softmax, and
casts the probabilities back (keras/src/backend/tensorflow/nn.py, _dot_product_attention_xla).
tapeflow softmaxed in float16: outputs an ulp or two off, and a fully masked query row became NaN
(Keras's -0.7 * 3.38953e38 fill is -inf in float16). Golden values printed by TF 2.21 with
/work/notes/progs/layers8/gold_dpa16b.py and gold_dpa16.py (the same lines as below).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN = {   # TF 2.21: the first 12 outputs, as float32
    ('float16', ()): [0.5068359375, -0.0213775634765625, -0.252197265625, -0.1234130859375, -0.93505859375,
                      0.33251953125, -0.73779296875, -0.467041015625, 0.8466796875, 0.462158203125,
                      -0.33154296875, 0.2073974609375],
    ('float16', ('mask',)): [0.477783203125, 0.44921875, -0.087158203125, -0.002513885498046875, -0.99755859375,
                             0.40478515625, -0.7626953125, -0.7412109375, 0.8466796875, 0.462158203125,
                             -0.33154296875, 0.2073974609375],
    ('float16', ('is_causal',)): [0.67236328125, 0.407470703125, -0.77001953125, 0.5390625, -0.67431640625,
                                  0.031829833984375, -0.6357421875, 0.67626953125, 0.63623046875, 0.176025390625,
                                  -0.33154296875, -0.074462890625],
    ('bfloat16', ()): [0.5, -0.025390625, -0.25, -0.1279296875, -0.93359375, 0.33203125, -0.73828125, -0.466796875,
                       0.84765625, 0.462890625, -0.33203125, 0.2080078125],
    ('bfloat16', ('mask',)): [0.48046875, 0.44921875, -0.08740234375, -0.002838134765625, -1.0, 0.404296875,
                              -0.76171875, -0.7421875, 0.84765625, 0.462890625, -0.33203125, 0.2080078125],
    ('bfloat16', ('is_causal',)): [0.671875, 0.408203125, -0.76953125, 0.5390625, -0.67578125, 0.03173828125,
                                   -0.63671875, 0.67578125, 0.63671875, 0.1767578125, -0.33203125, -0.0732421875],
}


@pytest.mark.parametrize('dtype, options', sorted(GOLDEN))
def test_narrow_dot_product_attention_softmaxes_in_float32(dtype, options, xeon_cpu):
    # (goldens of the Xeon: the AMD EPYC's TF truncates its bfloat16 products, and gives other bfloat16 values)
    r = np.random.RandomState(0)
    q, k, v = (r.randn(2, n, 2, 4).astype('float32') for n in (3, 5, 5))
    mask = r.rand(2, 2, 3, 5) > 0.4
    mask[0, 0, 0] = False       # a fully masked query row: Keras averages its values, no NaN
    kwargs = {'mask': mask} if 'mask' in options else {'is_causal': True} if options else {}
    y = keras.ops.dot_product_attention(tf.cast(q, dtype), tf.cast(k, dtype), tf.cast(v, dtype), **kwargs)
    assert y.dtype == dtype
    assert np.asarray(tf.cast(y, 'float32')).ravel()[:12].tolist() == GOLDEN[dtype, options]


def test_mixed_float16_multi_head_attention_matches_tf():
    # TF 2.21: gold_dpa16.py's 'mha' line (first 12 of 40 values); float16 softmax gave -0.132080078125 first
    layer = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, dtype='mixed_float16')
    x = (np.arange(2 * 4 * 5).reshape(2, 4, 5) % 9 - 4).astype('float32') * 0.23
    layer(x, x)
    layer.set_weights([(np.arange(np.prod(w.shape)).reshape(w.shape) % 7 - 3).astype('float32') * 0.17
                       for w in layer.weights])
    y = layer(x, x)
    assert y.dtype == 'float16'
    assert np.asarray(tf.cast(y, 'float32')).ravel()[:12].tolist() == [
        -0.1318359375, -0.338134765625, -0.0213623046875, -0.311279296875, 0.08917236328125, 0.0166015625,
        -0.396484375, 0.009521484375, -0.6875, 0.09576416015625, -0.1328125, -0.339599609375]


def test_float32_attention_keeps_its_dtype_path():
    # the float32 path is unchanged: no cast appears, the output stays float32
    r = np.random.RandomState(1)
    q, k, v = (r.randn(1, 2, 1, 3).astype('float32') for _ in range(3))
    y = keras.ops.dot_product_attention(q, k, v, mask=np.array([True, False])[None, None, None])
    assert y.dtype == 'float32'
    np.testing.assert_array_equal(np.asarray(y), v[:, :1].repeat(2, axis=1))
