"""A toy regression's Dense(1) head trains with TensorFlow's bits: under a tape its product is summed
in oneDNN's matrix-vector order (ops/column_product.py) for inputs of up to 512 values, so the
history, the weights and the predictions after five epochs are TF 2.21's to the bit. Before, the
training step used BLAS's sgemv there and the third epoch's loss was already an ulp off.

Golden values: TF 2.21 + Keras 3 (oneDNN on, x86-64) running this same program."""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy
from framework.ops import column_product

# The goldens are oneDNN's sums: TensorFlow runs oneDNN where onednn_policy says so
pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')


def test_toy_regression_history_weights_and_predictions_are_tensorflows():
    rng = np.random.RandomState(4)
    x = rng.rand(64, 5).astype('float32')
    y = (x.sum(1) / 5).astype('float32')[:, None]
    weights = [rng.randn(5, 8).astype('float32') * 0.5, np.zeros(8, 'float32'),
               rng.randn(8, 1).astype('float32') * 0.5, np.zeros(1, 'float32')]
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation='relu'), keras.layers.Dense(1)])
    model.set_weights(weights)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    history = model.fit(x, y, batch_size=16, epochs=5, verbose=0, shuffle=False)
    assert [float(v) for v in history.history['loss']] == [
        0.1352139562368393, 0.0762145146727562, 0.049700140953063965, 0.034792523831129074, 0.025890957564115524]
    kernel, bias = model.get_weights()[2:]
    assert kernel.ravel().view(np.uint32).tolist() == [3188406116, 1032360320, 1053155792, 1059500594, 1050652817,
                                                       3195138154, 3179134166, 1064768137]
    assert bias.view(np.uint32).tolist() == [1019643869]
    assert [float(v) for v in model.predict(x[:3], verbose=0).ravel()] == [
        0.6429758667945862, 0.28791576623916626, 0.4177284836769104]


def test_taped_products_past_the_cap_keep_blas():
    # under a tape: a (16, 32) input (512 values) is summed in oneDNN's order, the seed's (32, 30)
    # stays BLAS's sgemv (21 us of numpy calls otherwise); outside a tape both are summed so
    small, seed = np.ones((16, 32), np.float32), np.ones((32, 30), np.float32)
    with tf.GradientTape():
        assert column_product.wanted(small, np.ones((32, 1), np.float32), np)
        assert not column_product.wanted(seed, np.ones((30, 1), np.float32), np)
    assert column_product.wanted(seed, np.ones((30, 1), np.float32), np)
