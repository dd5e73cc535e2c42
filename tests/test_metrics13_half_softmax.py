"""float16 softmax / log-softmax and long float16 row sums as TF 2.21 computes them without oneDNN.

TF's Eigen Softmax kernel rounds each step of its expression to half (the shift, the exp, the row sum in
Packet8h accumulators, the reciprocal or log, the last product or difference); tapeflow computed in float32
and rounded once, another last bit in about a third of the values (6 of 12 below, and Keras's float16
CategoricalFocalCrossentropy from logits 3 of 4). Eigen's tree reduction splits float16 rows past 200
packets (1,600 values; 8,192 for float32). Values printed by TF 2.21 on an AVX2 CPU without oneDNN
(/work/notes/progs/metrics13/sm16.py, sm16r.py, rs16.py); the oneDNN path keeps the float32 rounding its
goldens pin (tests/test_mixed_precision_bfloat16.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def eigen_kernels(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def _bits(t):
    return np.asarray(t).view('uint16').ravel().tolist()


F = [[0.3, -1.7, 2.9, 0.001], [5.5, 6.25, -3.0, 0.5]]


def test_float16_softmax_rounds_each_step():
    f = tf.constant(F, dtype='float16')
    # TF 2.21 gives these bits; float32-then-round gave [11308, 8324, 15110, 10799, 13599, 14700, 1093, 6251]
    assert _bits(tf.nn.softmax(f)) == [11309, 8323, 15111, 10802, 13599, 14700, 1093, 6251]
    assert _bits(tf.nn.softmax(f, axis=0)) == [7583, 3528, 15354, 13834, 15348, 15360, 6555, 14586]
    assert _bits(keras.ops.softmax(np.arange(12, dtype='float16').reshape(3, 4) / 3)) == [
        12424, 12883, 13418, 13865, 12423, 12883, 13418, 13865, 12424, 12883, 13418, 13864]


def test_float16_log_softmax_rounds_each_step():
    assert _bits(tf.nn.log_softmax(tf.constant(F, dtype='float16'))) == [
        49526, 50363, 45096, 49678, 48270, 46650, 51410, 50724]


def test_float16_focal_and_categorical_crossentropy():
    rs = np.random.RandomState(3)
    logits = rs.randn(4, 3).astype('float32')
    y = np.eye(3, dtype='float32')[[0, 2, 1, 1]]
    focal = keras.losses.CategoricalFocalCrossentropy(from_logits=True, reduction=None, dtype='float16')
    assert _bits(focal(y, logits)) == [8297, 11333, 13134, 14398]
    probabilities = tf.nn.softmax(logits.astype('float16'))
    cce = keras.losses.CategoricalCrossentropy(reduction=None, dtype='float16')
    assert _bits(cce(y, probabilities)) == [13788, 15020, 15879, 16646]


def test_float16_rows_past_the_half_leaf_split_in_eigen_tree():
    rs = np.random.RandomState(3)
    rs.randn(4, 3)
    x = np.abs(rs.randn(2, 5000) * 0.3).astype('float16')
    assert _bits(tf.reduce_sum(x, axis=1)) == [25771, 25772]       # one packet-accumulated leaf: [25771, 25771]
    y = (rs.randn(1, 3000) * 2).astype('float16')
    assert _bits(tf.nn.softmax(y)[0, :6]) == [2955, 1432, 184, 174, 3844, 82]
    assert _bits(tf.nn.log_softmax(y)[0, :6]) == [51248, 51375, 51638, 51645, 51138, 51742]


def test_float16_softmax_gradient_and_empty_rows():
    v = tf.Variable(np.array(F, 'float16'))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.softmax(v) * np.arange(4, dtype='float16'))
    assert tape.gradient(loss, v).dtype == tf.float16
    assert tf.nn.softmax(np.zeros((0, 3), 'float16')).shape == (0, 3)
    assert tf.nn.log_softmax(np.zeros((2, 0), 'float16')).shape == (2, 0)
