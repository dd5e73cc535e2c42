"""Mean(dtype=int) gives a float32 mean, as Keras 3's divide_no_nan casts integer operands to float (TF 2.21 +
Keras 3.15 print these); Sum keeps the integer dtype; float dtypes keep theirs."""
import framework as tf
from framework import keras


def test_integer_means_are_float32():
    for dtype in ('int32', 'int64'):
        mean = keras.metrics.Mean(dtype=dtype)
        mean.update_state([1, 2, 4])
        assert repr(mean.result()) == '<tf.Tensor: shape=(), dtype=float32, numpy=2.3333332538604736>'
        assert mean.total.dtype == dtype and mean.count.dtype == dtype
        total = keras.metrics.Sum(dtype=dtype)
        total.update_state([1, 2, 4])
        assert repr(total.result()) == '<tf.Tensor: shape=(), dtype=%s, numpy=7>' % dtype
    empty = keras.metrics.Mean(dtype='int32')
    assert float(empty.result()) == 0.0 and empty.result().dtype == tf.float32


def test_float_means_keep_their_dtype():
    half = keras.metrics.Mean(dtype='float16')
    half.update_state([1, 2, 4])
    assert repr(half.result()) == '<tf.Tensor: shape=(), dtype=float16, numpy=2.333984375>'
    double = keras.metrics.Mean(dtype='float64')
    double.update_state([1, 2, 4])
    assert repr(double.result()) == '<tf.Tensor: shape=(), dtype=float64, numpy=2.3333333333333335>'
