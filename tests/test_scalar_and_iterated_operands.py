"""Scalars and tensors-as-lists where TensorFlow 2.21 computes a value and tapeflow used to fail.

Found by progs/me19/scalars.py (every tf.math / tf.nn function on a 0-d and a 1-element tensor,
values and gradients, TF vs tapeflow) and progs/me19/edge.py / binc.py; the expected values are TF's
printed ones.
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('value, expected', [(0.3, 0.574442516811659), (-0.3, 0.425557483188341), (0.0, 0.5),
                                             (50.0, 1.0), (-50.0, 1.9287498479639178e-22)])
def test_float64_sigmoid_of_a_scalar(value, expected):
    # numpy hands a 0-d array's ufunc results back as scalars, which the sigmoid's in-place divide
    # could not write to: TypeError 'return arrays must be of ArrayType'
    out = tf.sigmoid(tf.constant(value, tf.float64))
    assert out.shape == () and out.dtype == tf.float64
    assert float(out) == expected
    assert float(out) == float(tf.sigmoid(tf.constant([value], tf.float64))[0])


def test_second_derivative_of_a_float64_softplus_of_a_norm():
    # the fuzz case: softplus's gradient is a sigmoid of the (scalar) norm
    x = tf.Variable(tf.constant(0.3, tf.float64))
    y = tf.Variable(tf.constant([[0.5], [-0.2], [1.0]], tf.float64))
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            out = tf.nn.softplus(tf.norm(tf.minimum(x, y)))
        gx = inner.gradient(out, x)
        gs = tf.reduce_sum(gx * gx)
    np.testing.assert_allclose([float(out), float(gx), float(outer.gradient(gs, x))],
                               [0.95492, 0.78691, 1.36027], atol=5e-6)


@pytest.mark.parametrize('axis', [[-1], [0], []])
def test_reverse_passes_a_scalar_through(axis):
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = tf.reverse(x, axis) * 3.0
    assert float(y) == 6.0 and float(tape.gradient(y, x)) == 3.0


def test_pad_of_a_scalar():
    zero = np.zeros((0, 2), int)
    assert float(tf.pad(tf.constant(1.0), zero)) == 1.0
    assert float(tf.pad(tf.constant(1.0), zero, mode='REFLECT')) == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.pad(tf.constant(1.5, tf.float64), [])
    assert 'paddings must be a matrix with 2 columns: [0] [Op:Pad]' in str(caught.value)


def test_add_n_of_a_tensor_sums_its_rows():
    m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.add_n(m) * tf.constant([1.0, 10.0])
    assert y.numpy().tolist() == [4.0, 60.0]
    assert tape.gradient(y, m).numpy().tolist() == [[1.0, 10.0], [1.0, 10.0]]
    assert float(tf.add_n(tf.constant([1.0, 2.0]))) == 3.0
    with pytest.raises(TypeError) as caught:
        tf.add_n(tf.constant(1.0))
    assert str(caught.value) == 'Cannot iterate over a scalar tensor.'


@pytest.mark.parametrize('arr, expected', [
    (tf.constant([0.7, 1.2, 2.9, 2.1]), [1, 1, 2]), (tf.constant([0.7, 1.2, 2.9], tf.float64), [1, 1, 1]),
    (tf.constant([-0.5, 1.2]), [1, 1]), ([0.5, 1.7], [1, 1]), (tf.constant([True, False]), [1, 1])])
def test_bincount_casts_other_dtypes_to_int32(arr, expected):
    out = tf.math.bincount(arr)
    assert out.dtype == tf.int32 and out.numpy().tolist() == expected


def test_bincount_of_floats_with_weights_and_rows():
    out = tf.math.bincount(tf.constant([0.7, 1.2]), weights=[2.0, 3.0])
    assert out.dtype == tf.float32 and out.numpy().tolist() == [2.0, 3.0]
    assert tf.math.bincount(tf.constant([[0.7, 1.2]]), axis=-1).numpy().tolist() == [[1, 1]]
