"""fit with a loss scale (LossScaleOptimizer, loss_scale_factor): train_step scales the loss
through ``optimizer.scale_loss`` before differentiating, as Keras 3, so ``apply`` unscales once.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref): Sequential([Input((3,)), Dense(1)])
with the weights KERNEL, BIAS, compiled with 'mse', fit(X, Y, batch_size=4, epochs=3,
shuffle=False); history['loss'], the final weights (kernel, bias), the final dynamic scale and
iterations, printed with 8 significant digits. 'lso_overflow' trains on Y * 30 with
initial_scale 2**127: the scaled loss overflows, so Keras skips 4 steps (halving the scale each
time, to 2**123) and applies 2.
"""
import numpy as np
import pytest

import optim
from framework import keras

X = (np.arange(24, dtype='float32').reshape(8, 3) % 5 - 2) / 2
Y = np.arange(8, dtype='float32').reshape(8, 1) % 3 - 1
KERNEL = np.array([[0.5], [-0.25], [0.75]], 'float32')
BIAS = np.array([0.1], 'float32')

SGD_HISTORY = [0.78809303, 0.71142137, 0.65459222]
SGD_WEIGHTS = [0.21265186, -0.10626547, 0.72539556, 0.0007679332]
CASES = {   # name: (optimizer, targets, history, weights, final scale or None, iterations)
    'lso_sgd': (lambda: optim.LossScaleOptimizer(optim.SGD(0.1)), Y, SGD_HISTORY, SGD_WEIGHTS, 2.0 ** 15, 6),
    'lso_adam_growth': (
        lambda: optim.LossScaleOptimizer(optim.Adam(0.05), initial_scale=4.0, dynamic_growth_steps=2), Y,
        [0.76289052, 0.67616856, 0.62069774], [0.21757957, -0.11188308, 0.75065559, -0.073962368], 32.0, 6),
    'lso_overflow': (
        lambda: optim.LossScaleOptimizer(optim.SGD(0.1), initial_scale=2.0 ** 127), Y * 30,
        [559.73108, 559.73108, 567.16943], [-2.5842187, -0.21601558, 3.5495706, -1.2823439], 2.0 ** 123, 2),
    'sgd_loss_scale_factor': (lambda: optim.SGD(0.1, loss_scale_factor=8.0), Y, SGD_HISTORY, SGD_WEIGHTS, None, 6),
}


def model():
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.set_weights([KERNEL, BIAS])
    return m


@pytest.mark.filterwarnings('ignore:invalid value encountered:RuntimeWarning')  # the overflowing loss
@pytest.mark.parametrize('name', sorted(CASES))
def test_fit_matches_keras(name):
    make, targets, history, weights, scale, iterations = CASES[name]
    m, optimizer = model(), make()
    m.compile(optimizer, 'mse')
    logs = m.fit(X, targets, batch_size=4, epochs=3, shuffle=False, verbose=0).history
    np.testing.assert_allclose(logs['loss'], history, rtol=1e-6)
    np.testing.assert_allclose(np.concatenate([w.ravel() for w in m.get_weights()]), weights, rtol=0, atol=1e-6)
    if scale is not None:
        assert float(optimizer.dynamic_scale.numpy()) == scale
    assert int(optimizer.iterations.numpy()) == iterations


def test_scale_loss_is_the_identity_without_a_factor():
    assert optim.SGD(0.1).scale_loss(3.0) == 3.0
    assert float(optim.SGD(0.1, loss_scale_factor=4.0).scale_loss(keras.ops.convert_to_tensor(3.0))) == 12.0


def test_train_on_batch_scales_the_loss_too():
    m, plain = model(), model()
    m.compile(optim.LossScaleOptimizer(optim.SGD(0.1)), 'mse')
    plain.compile(optim.SGD(0.1), 'mse')
    m.train_on_batch(X, Y)
    plain.train_on_batch(X, Y)
    for a, b in zip(m.get_weights(), plain.get_weights()):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-7)
