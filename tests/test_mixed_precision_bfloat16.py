"""tf.bfloat16 (numpy's through ml_dtypes, as TensorFlow's own) and the half-precision kernels whose
rounding TensorFlow fixes: softmax in float32, sigmoid in float16 steps. Expected values were
printed by TensorFlow 2.21 on the same inputs (/work/notes/progs/mixedprec/bf_tf.py, gold_tf.py)."""
import numpy as np
import pytest

import framework as tf

pytest.importorskip('ml_dtypes')


def test_bfloat16_is_a_dtype_of_its_own():
    b = tf.bfloat16
    assert (str(b), repr(b), b.name, b.is_floating, b.size, b.as_datatype_enum) == \
        ("<dtype: 'bfloat16'>", 'tf.bfloat16', 'bfloat16', True, 2, 14)
    assert b is tf.as_dtype('bfloat16') is tf.dtypes.bfloat16 and b == 'bfloat16' and b != tf.float32
    assert (float(b.min), float(b.max)) == (-3.3895313892515355e+38, 3.3895313892515355e+38)
    assert b.as_numpy_dtype.__name__ == 'bfloat16'


def test_cast_to_bfloat16_rounds_and_prints_as_tensorflow():
    y = tf.cast(tf.constant([1.1, 2.5, -3.14159, 1e-3, 65504.0, 3e38]), tf.bfloat16)
    assert str(y).replace('tapeflow.', 'tf.') == \
        'tf.Tensor([1.10156 2.5 -3.14062 0.000999451 65536 3.00406e+38], shape=(6,), dtype=bfloat16)'
    assert y.dtype == tf.bfloat16 and y.numpy().dtype.name == 'bfloat16'
    assert tf.cast(y, tf.float32).numpy().tolist() == [1.1015625, 2.5, -3.140625, 0.00099945068359375, 65536.0,
                                                       3.00405527047391e+38]
    assert str(y + y).replace('tapeflow.', 'tf.') == \
        'tf.Tensor([2.20312 5 -6.28125 0.0019989 131072 inf], shape=(6,), dtype=bfloat16)'
    assert tf.constant([1.5, 2.25], dtype=tf.bfloat16).dtype == tf.bfloat16


def test_bfloat16_matmul_rounds_the_float32_product_once():
    m = tf.cast([[1.1, 2.2], [3.3, 4.4]], tf.bfloat16)
    product = tf.matmul(m, m)
    assert product.dtype == tf.bfloat16
    assert product.numpy().astype(np.float32).tolist() == [[8.5, 12.125], [18.125, 26.625]]


def test_bfloat16_softmax_and_variables():
    m = tf.cast([[1.1, 2.2], [3.3, 4.4]], tf.bfloat16)
    assert tf.nn.softmax(m).numpy().astype(np.float32).tolist() == [[0.2490234375, 0.75], [0.248046875, 0.75390625]]
    v = tf.Variable(m)
    assert v.dtype == tf.bfloat16 and "dtype=bfloat16, numpy=\narray([[1.10156, 2.20312]" in repr(v)


def test_float16_softmax_is_computed_in_float32():
    f = tf.constant([[0.3, -1.7, 2.9, 0.001], [5.5, 6.25, -3.0, 0.5]], dtype='float16')
    assert tf.nn.softmax(f).numpy().tolist() == [[0.065185546875, 0.008819580078125, 0.8779296875,
                                                  0.048309326171875],
                                                 [0.320068359375, 0.677734375, 6.514787673950195e-05,
                                                  0.0021572113037109375]]


def test_float16_sigmoid_rounds_each_step_as_tensorflow():
    f = tf.constant([[0.3, -1.7, 2.9, 0.001], [5.5, 6.25, -3.0, 0.5]], dtype='float16')
    assert tf.sigmoid(f).numpy().tolist() == [[0.57421875, 0.1544189453125, 0.94775390625, 0.50048828125],
                                              [0.99609375, 0.998046875, 0.04742431640625, 0.62255859375]]
    extremes = np.array([-30, -16, -12, 9, 12, 30, np.inf, -np.inf, np.nan], np.float16)
    got = tf.sigmoid(extremes).numpy().tolist()
    assert got[:-1] == [0.0, 1.1920928955078125e-07, 6.139278411865234e-06, 1.0, 1.0, 1.0, 1.0, 0.0]
    assert np.isnan(got[-1])


def test_bfloat16_floatx_makes_bfloat16_layers():
    from framework import keras
    keras.backend.set_floatx('bfloat16')
    try:
        assert keras.mixed_precision.global_policy().name == 'bfloat16'
    finally:
        keras.backend.set_floatx('float32')
