"""EinsumDense adds a 2-D bias with keras.ops.add, as Keras 3 does: its TF backend turns a bias of one axis
past size 1 into tf.nn.bias_add, channels first (along axis 1) when the output's second axis has the bias's
size and its last has not. So MultiHeadAttention(key_dim=1) with as many key steps as heads adds the key
bias along the steps in TF 2.21; tapeflow broadcast it along the heads (scores 0.50084 where TF has 0.49202,
progs/gradfuzz9 7 #42). Values printed by TF 2.21 (progs/gradfuzz9/pin_ed.py)."""
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def test_multi_head_attention_with_key_dim_one_adds_the_key_bias_as_tf():
    keras.backend.clear_session()
    layer = keras.layers.MultiHeadAttention(num_heads=2, key_dim=1)
    q = tf.constant([[[-1.0]], [[1.0]]])
    v = tf.constant([[[-1.0], [0.5]], [[0.25], [0.75]]])
    layer(q, v)
    for w, val in zip(layer.weights, [[[[0.5], [-0.25]]], [[0.125], [0.25]], [[[1.0], [0.5]]], [[0.25], [-0.5]],
                                      [[[0.75], [-1.0]]], [[0.5], [0.25]], [[[1.0]], [[-0.5]]], [0.125]]):
        w.assign(val)
    y, scores = layer(q, v, return_attention_scores=True)
    assert scores.numpy().ravel().tolist() == [0.5698526501655579, 0.4301473796367645, 0.5, 0.5,
                                               0.5389832258224487, 0.4610167443752289, 0.5, 0.5]
    assert y.numpy().ravel().tolist() == [-0.06112104654312134, 0.9326270818710327]


def test_einsum_dense_bias_along_the_second_axis_and_its_gradient():
    layer = keras.layers.EinsumDense('abc,cde->abde', (None, 2, 1), bias_axes='de')
    x = tf.constant([[[0.5], [-1.0]], [[1.5], [0.25]]])
    layer.build(x.shape)
    layer.kernel.assign([[[1.0], [2.0]]])
    layer.bias.assign([[10.0], [20.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        s = tf.reduce_sum(y * tf.reshape(tf.range(8, dtype=tf.float32) * 0.25 - 1.0, y.shape))
    assert y.numpy().ravel().tolist() == [10.5, 11.0, 19.0, 18.0, 11.5, 13.0, 20.25, 20.5]
    gx, gk, gb = tape.gradient(s, [x, layer.kernel, layer.bias])
    assert gx.numpy().ravel().tolist() == [-2.5, -1.0, 0.5, 2.0]
    assert gk.numpy().ravel().tolist() == [0.125, 0.4375]
    assert gb.numpy().ravel().tolist() == [-1.5, 0.5]
