"""A NaN feature through the activations TF fuses with a traced Dense layer's MatMul + BiasAdd (oneDNN).

TF 2.21's fused kernel makes relu (and relu6) of a NaN 0, where the Relu op alone passes the NaN on: in
predict, and in fit, where the loss then stays finite (TerminateOnNaN does not stop; only the NaN
feature's kernel row turns NaN). Its fused tanh keeps a NaN NaN. tapeflow predicted NaN for the relu
(and the loss went NaN, so TerminateOnNaN stopped at batch 0), and 1.0 for the tanh.
Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/t2.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.dense_activation import affine_activation

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = np.array([[np.nan, 0.0], [np.inf, 0.0], [-np.inf, 0.0], [-1.0, 0.0], [7.0, 0.0]], 'float32')


def predict_and_call(*layers):
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2, kernel_initializer='ones')] + list(layers))
    return m.predict(X, verbose=0)[:, 0].tolist(), np.asarray(m(X))[:, 0].tolist()


def same(a, b):
    return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)


@pytest.mark.parametrize('layer, traced, eager', [
    (lambda: keras.layers.Activation('relu'), [0.0, np.inf, 0.0, 0.0, 7.0], [np.nan, np.inf, 0.0, 0.0, 7.0]),
    (lambda: keras.layers.Activation('relu6'), [0.0, 6.0, 0.0, 0.0, 6.0], [np.nan, 6.0, 0.0, 0.0, 6.0]),
    (lambda: keras.layers.ReLU(), [0.0, np.inf, 0.0, 0.0, 7.0], [np.nan, np.inf, 0.0, 0.0, 7.0]),
    (lambda: keras.layers.ReLU(max_value=3.0), [0.0, 3.0, 0.0, 0.0, 3.0], [np.nan, 3.0, 0.0, 0.0, 3.0]),
    # the leaky part is a second relu, of threshold - x, which TF does not fuse: NaN again
    (lambda: keras.layers.ReLU(negative_slope=0.5), [np.nan, np.inf, -np.inf, -0.5, 7.0],
     [np.nan, np.inf, -np.inf, -0.5, 7.0]),
], ids=['Activation relu', 'Activation relu6', 'ReLU', 'ReLU max_value', 'ReLU negative_slope'])
def test_relu_after_a_traced_dense_makes_nan_zero(layer, traced, eager):
    got_traced, got_eager = predict_and_call(layer())
    assert same(got_traced, traced)
    assert same(got_eager, eager)


def test_fused_tanh_keeps_nan():
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2, activation='tanh', kernel_initializer='ones')])
    assert same(m.predict(X, verbose=0)[:, 0], [np.nan, 1.0, -1.0, -0.7615941762924194, 0.9999983310699463])


def test_the_fused_dense_relu_value_makes_nan_zero():
    # what a Dense(activation='relu') layer computes when it asks for TF's fused kernel (onednn=True)
    x = tf.constant(X)
    kernel, bias = tf.ones((2, 2)), tf.zeros((2,))
    assert same(affine_activation(x, kernel, bias, 'relu', onednn=True).numpy()[:, 0], [0.0, np.inf, 0.0, 0.0, 7.0])
    assert same(affine_activation(x, kernel, bias, 'relu').numpy()[:, 0], [np.nan, np.inf, 0.0, 0.0, 7.0])


def test_fit_on_a_nan_feature_keeps_a_finite_loss():
    keras.utils.set_random_seed(3)
    x = np.random.rand(20, 2).astype('float32')
    x[3, 0] = np.nan
    y = x[:, 1:] * 2
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3), keras.layers.Activation('relu'),
                          keras.layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.1), 'mse')
    h = m.fit(x, y, epochs=2, batch_size=5, shuffle=False, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()])
    assert h.history == {'loss': [0.9014281034469604, 0.35314303636550903]}
    expected = [[[np.nan, np.nan, np.nan], [-0.8964764475822449, 0.8317083120346069, -0.35472819209098816]],
                [0.0, -0.08646833896636963, -0.04230644181370735],
                [[0.4250056743621826], [-0.5661264657974243], [-0.2010079324245453]], [0.8506072759628296]]
    for got, want in zip(m.get_weights(), expected):
        assert same(got, np.array(want, 'float32'))
