"""float16 sums over leading axes take TensorFlow's order: Eigen's InnerMostDimPreserver adds rows 4k, 4k+1,
4k+2, 4k+3 into four packet accumulators (8 halves each, every add rounded to half), folds them in order, then
adds the remaining rows; tapeflow added row after row (numpy's order), a few float16 ulps off in most columns.
It shows in mixed precision: the gradient of AdditiveAttention's scale is such a sum (TF's _MulGrad reduces the
broadcast product over batch, Tq and Tv in float16), and a mixed_float16 Embedding -> AdditiveAttention ->
LayerNormalization fit left TF's losses in its second epoch (notes progs/layers15/mp1.py, mp5.py).

Expected values printed by TF 2.21 (notes progs/layers15/gold1.py, gold2.py):

    rs = np.random.RandomState(1)
    for shape, axes in CASES: a = (rs.randn(*shape) * 3).astype('float16')
        print(tf.reduce_sum(tf.constant(a), axis=axes).numpy().view('uint16').ravel().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CASES = [
    ((144, 8), [0], [21778, 19846, 47224, 19930, 53327, 52576, 16088, 20585]),
    ((4, 6, 6, 8), [0, 1, 2], [52363, 53400, 22068, 51999, 19096, 50224, 52674, 21654]),
    ((64, 33), [0], [51596, 51809, 16720, 53506, 18128, 18782, 50838, 53938, 48548, 19749, 52031, 19672, 48168,
                     19266, 54279, 19818, 18588, 52832, 50288, 49224, 53056, 20142, 20850, 11520, 52492, 19242,
                     19616, 20160, 17482, 52074, 51896, 21063, 19045]),
    ((3, 20, 12), [1], [48860, 51826, 53245, 19052, 19742, 19640, 19586, 20577, 20034, 51058, 19280, 19572, 50329,
                        20022, 19456, 17770, 51167, 18238, 13802, 47932, 17442, 17906, 19354, 16858, 19537, 47564,
                        18676, 50333, 16906, 50617, 12768, 50207, 19803, 51464, 50168, 51195]),
]


def test_reduce_sum_over_leading_axes_in_tf_order():
    rs = np.random.RandomState(1)
    for shape, axes, expected in CASES:
        a = (rs.randn(*shape) * 3).astype('float16')
        total = tf.reduce_sum(tf.constant(a), axis=axes)
        assert total.dtype == tf.float16
        assert total.numpy().view('uint16').ravel().tolist() == expected, (shape, axes)


@pytest.mark.parametrize('shape', [(5, 7), (17, 3), (15, 8)])
def test_short_or_narrow_sums_add_row_after_row_in_half(shape):
    # fewer than 16 rows, or fewer than a packet of columns: Eigen adds the rows one by one, each add rounded
    a = (np.random.RandomState(3).randn(*shape) * 3).astype('float16')
    expected = np.zeros(shape[1], np.float16)
    for row in a:
        expected = (expected.astype(np.float32) + row.astype(np.float32)).astype(np.float16)
    assert tf.reduce_sum(tf.constant(a), axis=0).numpy().view('uint16').tolist() == expected.view('uint16').tolist()


def test_additive_attention_scale_gradient_under_mixed_float16(onednn_on):
    # (the attention's float16 softmax as on the goldens' oneDNN CPU: tests/test_metrics13_half_softmax.py)
    rs = np.random.RandomState(4)
    q = rs.randn(4, 6, 8).astype('float16')
    w = np.cos(np.arange(192) * 0.3).reshape(4, 6, 8).astype('float32')
    layer = keras.layers.AdditiveAttention(dtype='mixed_float16')
    layer.build([q.shape, q.shape])
    layer.set_weights([np.linspace(-1, 1, 8).astype('float32')])
    with tf.GradientTape() as tape:
        y = layer([tf.constant(q), tf.constant(q)])
        loss = tf.reduce_sum(tf.cast(y, 'float32') * w)
    gradient = tape.gradient(loss, layer.scale)
    assert y.dtype == tf.float16
    assert [hex(v) for v in gradient.numpy().view('uint32').tolist()] == [
        '0xbf8f4000', '0xbfb98000', '0xc00e8000', '0x3f530000', '0xbf6c4000', '0x3f96c000', '0x3f9b4000', '0xc0260000']
