"""In a fit traced on static shapes, the gradient of an unweighted mse / mae over the last axis divides the
batch's constant per-sample gradient by the count, as TF 2.21's grappler folds it ((1/3) / 3), where a
gradient that depends on the data is multiplied by the count's reciprocal (kerasio41's p5e.py). Values
printed by TF 2.21:

    i = keras.Input((4,)); m = keras.Model(i, keras.layers.Dense(3)(i))
    rs = np.random.RandomState(7); m.set_weights([(0.3 * rs.standard_normal(w.shape)).astype('float32') ...])
    m.compile(optimizer=keras.optimizers.SGD(1.0), loss=loss); w0 = ...
    m.fit(X, Y[:, :3], epochs=1, batch_size=3, verbose=0, shuffle=False)   # the bias's step: w0 - w
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('loss, step', [
    ('mse', [0.9018864631652832, 0.277391254901886, 0.4238479733467102]),
    ('mae', [0.3333333432674408, 0.3333333432674408, 0.1111111119389534]),
])
def test_bias_step_of_a_traced_fit_on_a_batch_of_three(loss, step, cpu_kind):
    if loss == 'mse' and cpu_kind == 'avx2':
        step = [0.901886522769928] + step[1:]       # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's products)
    x = np.random.RandomState(1).standard_normal((3, 4)).astype('float32')
    y = np.random.RandomState(2).standard_normal((3, 4)).astype('float32')
    inputs = keras.Input((4,))
    model = keras.Model(inputs, keras.layers.Dense(3)(inputs))
    rs = np.random.RandomState(7)
    model.set_weights([(0.3 * rs.standard_normal(w.shape)).astype('float32') for w in model.weights])
    model.compile(optimizer=keras.optimizers.SGD(1.0), loss=loss)
    before = model.weights[1].numpy().copy()
    model.fit(x, y[:, :3], epochs=1, batch_size=3, verbose=0, shuffle=False)
    assert (before - model.weights[1].numpy()).tolist() == step
