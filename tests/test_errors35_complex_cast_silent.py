"""tf.cast from a complex dtype to a real one keeps the real part without a Python warning, as TF 2.21's Cast
kernel does (its Python wrapper only logs 'You are casting an input of type complex64 ...'): numpy's astype
raised ComplexWarning 'Casting complex values to real discards the imaginary part', which fit showed for
complex x or y (TF 2.21 trains silently). Values printed by TF 2.21 (progs/errors35/cast.py, fitdt.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

Z = tf.complex([0.0, 1.0, 2.7, -1.5, 300.0], [1.0, 0.0, 1.0, 3.0, 3.0])


@pytest.mark.parametrize('dtype, expected', [
    (tf.bool, [False, True, True, True, True]),     # the real part decides, as TF's Cast
    (tf.int32, [0, 1, 2, -1, 300]),
    (tf.uint8, [0, 1, 2, 255, 44]),
    (tf.float32, [0.0, 1.0, 2.700000047683716, -1.5, 300.0]),
    (tf.float16, [0.0, 1.0, 2.69921875, -1.5, 300.0]),
])
def test_complex_to_real_cast_keeps_the_real_part_silently(dtype, expected):
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = tf.cast(Z, dtype)
    assert out.numpy().tolist() == expected


def test_fit_on_complex_inputs_and_labels_warns_nothing():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        history = model.fit(np.ones((6, 4), 'complex64'), np.ones((6, 2), 'complex64'), verbose=0)
    assert np.isfinite(history.history['loss'][0])


def test_complex_cast_gradient_is_the_real_part():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.cast(tf.complex(x, x * 2), tf.float32))
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 1.0]       # TF 2.21
