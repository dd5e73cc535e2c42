"""keras.layers.Attention's dot scores are matmul(query, ops.swapaxes(key, -2, -1)) in Keras 3, so the query's
gradient is TF's matmul(g, swapped key, adjoint_b=True); tapeflow multiplied with transpose_b=True, whose gradient
matmul(g, key) sums float64 products in another order: 7-8 of the 24 values below differed in the last bit.

Golden values printed by TF 2.21 with notes progs/gradfuzz20/gold3.py:

    rs = np.random.RandomState(21); value = rs.randn(2, 4, 3); query = tf.constant(rs.randn(2, 4, 3))
    layer = keras.layers.Attention(use_scale=..., dtype='float64'); layer([query, tf.constant(value)])
    layer.set_weights([np.array(0.75)])         # use_scale=True only
    with tf.GradientTape() as tape:
        tape.watch(query); y = layer([query, tf.constant(value)])
        total = tf.reduce_sum(y * np.cos(np.arange(24) * 0.7 + 0.3).reshape(2, 4, 3))
    print([v.hex() for v in tape.gradient(total, query).numpy().ravel().tolist()])
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SCALED_QUERY_GRADIENT = [
    '0x1.cfddafb2976e0p-6', '-0x1.db24761853579p-7', '0x1.f4e78d534ff27p-5', '-0x1.53a9558008f43p-5',
    '0x1.b42219fbecc6ep-6', '-0x1.82a1140c1663bp-4', '0x1.0d2f974920663p-2', '-0x1.d2b7e5ef6d1d8p-3',
    '0x1.4a1c4e7d3d634p-1', '0x1.92d01c17315b2p-7', '0x1.04eddec2955d5p-9', '0x1.45f9d93ee083fp-6',
    '-0x1.b913ce352e727p-1', '0x1.c88cd34041190p-5', '-0x1.e4b7935563e52p-1', '0x1.4ce550ddb8b02p-2',
    '0x1.7ce125d877fd6p-5', '0x1.0da916522dad0p-1', '0x1.84b51a52219efp-2', '-0x1.69c0988c79017p-4',
    '0x1.0760223892382p-2', '-0x1.9fc387483cc14p-3', '-0x1.b3b055e4b0ceap-4', '-0x1.09f887896768fp-1',
]
PLAIN_QUERY_GRADIENT = [
    '0x1.354d15cd0dce9p-5', '-0x1.4498ea61e642fp-6', '0x1.4f95e9db2011cp-4', '-0x1.7c8876b19c468p-6',
    '0x1.6d1efeff8ac48p-8', '-0x1.7fa1a6424bdefp-5', '0x1.8c675f81c2bfdp-3', '-0x1.5163576ac1d97p-3',
    '0x1.e3e321da1b083p-2', '0x1.ae047291d5364p-7', '0x1.730524194f5d0p-8', '0x1.2c8ba4ffad231p-6',
    '-0x1.0ec0e9a62db02p+0', '0x1.19db190da03a0p-4', '-0x1.299eff1ea6212p+0', '0x1.914734deb788bp-2',
    '0x1.be73fb5f6b3fap-5', '0x1.4341146b49400p-1', '0x1.8040eaa872974p-2', '-0x1.59061eaf505e7p-4',
    '0x1.0cee0ceef21aep-2', '-0x1.98ff28f9c3e10p-4', '-0x1.1066730a12ef4p-3', '-0x1.d1ff9daf89ffcp-2',
]


@pytest.mark.parametrize('use_scale, expected', [(True, SCALED_QUERY_GRADIENT), (False, PLAIN_QUERY_GRADIENT)],
                         ids=['scaled', 'plain'])
def test_float64_query_gradient_has_tf_bits(use_scale, expected):
    rs = np.random.RandomState(21)
    value = rs.randn(2, 4, 3)
    query = tf.constant(rs.randn(2, 4, 3))
    layer = keras.layers.Attention(use_scale=use_scale, dtype='float64')
    layer([query, tf.constant(value)])
    if use_scale:
        layer.set_weights([np.array(0.75)])
    with tf.GradientTape() as tape:
        tape.watch(query)
        y = layer([query, tf.constant(value)])
        total = tf.reduce_sum(y * np.cos(np.arange(24) * 0.7 + 0.3).reshape(2, 4, 3))
    assert [v.hex() for v in tape.gradient(total, query).numpy().ravel().tolist()] == expected


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_mismatched_depths_name_the_swapped_key():
    # TF 2.21's BatchMatMulV2 text names the swapped key (2, 5, 4): Keras multiplies by ops.swapaxes(key, -2, -1)
    layer = keras.layers.Attention()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        layer([tf.zeros((2, 4, 3)), tf.zeros((2, 4, 5))])
    assert 'Matrix size-incompatible: In[0]: [2,4,3], In[1]: [2,5,4] 0 0 [Op:BatchMatMulV2] name: ' in str(info.value)
