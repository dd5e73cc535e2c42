"""tf.cast from float64 / complex128 to float16 / bfloat16 rounds through float32, as TF 2.21's Cast kernel
(Eigen's half(double) and bfloat16(double) convert to float first). tapeflow rounded once, so float64 inputs
to mixed_float16 / float16 layers came out an ulp off. Golden values printed by TF 2.21
(/work/notes/progs/layers9/cast64b.py, dround2.py):

    x = tf.constant(np.array(VALUES, np.float64))
    print(tf.cast(x, tf.float16).numpy().astype('float64').tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

VALUES = [1 + 2.0 ** -11 + 2.0 ** -30, 1 + 2.0 ** -8 + 2.0 ** -30, 65519.99999, -(1 + 2.0 ** -11 + 2.0 ** -30),
          2.0 ** -25 + 2.0 ** -50, 3.0]
TF_FLOAT16 = [1.0, 1.00390625, np.inf, -1.0, 0.0, 3.0]
TF_BFLOAT16 = [1.0, 1.0, 65536.0, -1.0, 2.9802322387695312e-08, 3.0]


@pytest.mark.parametrize('dtype, golden', [(tf.float16, TF_FLOAT16), (tf.bfloat16, TF_BFLOAT16)])
@pytest.mark.parametrize('source', ['float64', 'complex128'])
def test_cast_rounds_through_float32(dtype, golden, source):
    x = tf.constant(np.array(VALUES, source))
    np.testing.assert_array_equal(tf.cast(x, dtype).numpy().astype('float64'), golden)


def test_cast_gradient_unchanged():
    x = tf.constant(np.array(VALUES, np.float64))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.cast(tf.cast(x, tf.float16), tf.float64) * 3)
    np.testing.assert_array_equal(tape.gradient(loss, x).numpy(), np.full(6, 3.0))


def test_float32_and_integer_targets_round_once():
    # float32 -> float16 and float64 -> int16 / float32 are single conversions in TF too
    assert tf.cast(tf.constant(np.float32(1 + 2.0 ** -11 + 2.0 ** -22)), tf.float16).numpy() == np.float16(1.0009765625)
    assert tf.cast(tf.constant(np.float64(3.9999999999)), tf.int16).numpy() == 3
    assert tf.cast(tf.constant(np.float64(1 + 2.0 ** -24 + 2.0 ** -50)), tf.float32).numpy() == np.float32(1 + 2.0 ** -23)


@pytest.mark.parametrize('make', [lambda: keras.layers.Activation('linear', dtype='mixed_float16'),
                                  lambda: keras.layers.Rescaling(1.0, dtype='float16'),
                                  lambda: keras.layers.RandomFlip(dtype='mixed_float16')])
def test_layers_under_half_policies_take_float64_inputs_as_tf(make):
    # TF 2.21: 1.0 for a numpy array and for a float64 tensor
    x = np.full((1, 2, 2, 1), 1 + 2.0 ** -11 + 2.0 ** -30)
    for inputs in (x, tf.constant(x)):
        y = make()(inputs, training=True)
        assert y.dtype == tf.float16
        np.testing.assert_array_equal(y.numpy(), np.ones((1, 2, 2, 1), 'float16'))
