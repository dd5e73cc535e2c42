"""A layer that does not support masking hands no mask to its symbolic outputs, as Keras 3 on TF 2.21,
even when its call returns a tensor carrying one (progs/layers11/maskprop.py, lamid.py, supm.py):
    i = keras.Input((4,)); e = keras.layers.Embedding(6, 4, mask_zero=True)(i)
    y = keras.layers.Lambda(lambda t: t)(e)         # TF: y._keras_mask is None (and a warning), so a later
                                                    # LSTM runs unmasked
"""
import warnings

import numpy as np

import framework as tf
from framework import keras

L = keras.layers
TOKENS = np.array([[0, 3, 2, 0], [1, 0, 4, 5]])


class SetsMask(L.Layer):
    def call(self, t):
        out = t * 1.
        out._keras_mask = tf.ones(tf.shape(t)[:2], 'bool')
        return out


def _embedded():
    i = keras.Input((4,))
    return i, L.Embedding(6, 4, mask_zero=True)(i)


def test_identity_lambda_drops_the_symbolic_mask():
    _, e = _embedded()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        y = L.Lambda(lambda t: t)(e)
    assert e._keras_mask is not None and getattr(y, '_keras_mask', None) is None
    # a Lambda given mask= supports masking and hands it on
    z = L.Lambda(lambda t: t, mask=lambda inputs, mask: mask)(e)
    assert tuple(z._keras_mask.shape) == (None, 4)


def test_custom_layer_setting_a_mask_in_call_gives_none_symbolically():
    y = SetsMask()(keras.Input((4, 3)))
    assert getattr(y, '_keras_mask', None) is None
    eager = SetsMask()(np.ones((2, 4, 3), 'float32'))       # eagerly the tensor keeps what call set
    assert eager._keras_mask is not None


def test_lstm_after_identity_lambda_runs_unmasked(cpu_kind):
    # printed by TF 2.21 (progs/layers11/lamid2.py): the LSTM sees no mask after the Lambda
    keras.utils.set_random_seed(1)
    i, e = _embedded()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        model = keras.Model(i, L.LSTM(2)(L.Lambda(lambda t: t)(e)))
    expected = np.array([[0.011146385222673416, -0.0012023107847198844],
                         [0.012196170166134834, -0.013184268958866596]], np.float32)
    if cpu_kind == 'avx2':      # TF 2.21 on an AVX2 AMD EPYC (Eigen's product order)
        expected[1] = [0.012196172960102558, -0.013184268027544022]
    np.testing.assert_array_equal(model(TOKENS).numpy(), expected)
