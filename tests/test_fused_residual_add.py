"""An Add layer (or a + / tf.add) of a Dense output (read by the Add alone) and another tensor, in a traced step on static
shapes, sums as TF 2.21's fused MatMul + BiasAdd + Add: (x @ kernel + other) + bias. predict of
Add()([x, Dense(6)(x)]) and a fit on full batches give TF's bits; a Dense output also read elsewhere keeps
Keras's order. Values from TF 2.21 (notes progs/me32/fra/fra.py, modelfuzz3 t_dense_add_pred.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
pytestmark = pytest.mark.usefixtures('xeon_cpu')      # (TF fuses the Add where it runs oneDNN)

PREDICT = ['0x1.4fe2b80000000p-3', '0x1.9c548c0000000p+0', '0x1.19f4760000000p+1', '-0x1.d9ab840000000p+0', '-0x1.61105e0000000p+0', '-0x1.44947a0000000p+1', '-0x1.4c0b2e0000000p+0', '0x1.5e90760000000p-1', '-0x1.9a415c0000000p-1', '-0x1.2b10ec0000000p-2', '-0x1.7219160000000p+0', '0x1.4494400000000p+0', '0x1.3951ba0000000p+0', '0x1.8316e80000000p-1', '0x1.29d6ca0000000p+0', '0x1.3b86e80000000p-8', '0x1.8e8b6c0000000p-2', '-0x1.5019300000000p+1']
SHARED = ['0x1.4fe2c00000000p-3', '0x1.9c548c0000000p+0', '0x1.19f4760000000p+1', '-0x1.d9ab840000000p+0', '-0x1.61105e0000000p+0', '-0x1.44947a0000000p+1', '-0x1.4c0b2e0000000p+0', '0x1.5e90780000000p-1', '-0x1.9a415c0000000p-1', '-0x1.2b10ec0000000p-2', '-0x1.7219160000000p+0', '0x1.44943e0000000p+0', '0x1.3951b80000000p+0', '0x1.8316e80000000p-1', '0x1.29d6ca0000000p+0', '0x1.3b87000000000p-8', '0x1.8e8b6c0000000p-2', '-0x1.5019320000000p+1']
LOSS = ['0x1.7e70000000000p-1', '0x1.c2a9900000000p-3']
KERNEL = ['0x1.6741ba0000000p-3', '-0x1.ffe70c0000000p-2', '-0x1.2e445c0000000p-3', '-0x1.65fde80000000p-3', '-0x1.44eff40000000p-4', '0x1.137d560000000p-2']


def _hex(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_predict_of_a_residual_add():
    keras.utils.set_random_seed(1)
    x = np.random.RandomState(3).normal(size=(16, 6)).astype('float32')
    inp = keras.Input(shape=(6,))
    dense = keras.layers.Dense(6, bias_initializer='random_normal')
    model = keras.Model(inp, keras.layers.Add()([inp, dense(inp)]))
    assert _hex(model.predict(x, verbose=0)[:3]) == PREDICT
    z = dense(inp)
    both = keras.Model(inp, [keras.layers.Add()([inp, z]), z])      # z read twice: TF does not fuse
    assert _hex(both.predict(x, verbose=0)[0][:3]) == SHARED


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_fit_of_a_residual_add_on_full_batches():
    keras.utils.set_random_seed(6035)
    rng = np.random.RandomState(6035)
    x = rng.normal(size=(48, 6)).astype('float32')
    y = (x.sum(1, keepdims=True) > 0).astype('float32')
    inp = keras.Input(shape=(6,))
    h = keras.layers.Dense(6, activation='tanh')(inp)
    h = keras.layers.Add()([h, keras.layers.Dense(6)(h)])
    model = keras.Model(inp, keras.layers.Dense(1)(h))
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss='mse')
    history = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
    assert _hex(history.history['loss']) == LOSS
    assert _hex(model.layers[-1].kernel.numpy()) == KERNEL


class _Residual(keras.Model):
    def __init__(self):
        super().__init__()
        self.d0 = keras.layers.Dense(16, activation='relu')
        self.d1 = keras.layers.Dense(16)
        self.out = keras.layers.Dense(1)

    def call(self, x):
        h = self.d0(x)
        return self.out(h + self.d1(h))        # the operator: the same fused graph as an Add layer


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_fit_of_a_residual_sum_written_with_the_operator():
    # TF 2.21 (notes progs/me34/resid3.py): the bias's gradient is the Dense's BiasAddGrad, not a broadcast
    # add's row sum, and h + dense(h) fuses as Add()([h, dense(h)]) does
    keras.utils.set_random_seed(3)
    rs = np.random.RandomState(0)
    x, y = rs.randn(64, 8).astype('float32'), rs.randn(64, 1).astype('float32')
    model = _Residual()
    model.compile(keras.optimizers.SGD(0.01), 'mse')
    model.fit(x, y, batch_size=16, epochs=1, verbose=0, shuffle=False)
    assert model.d1.bias.numpy()[:6].tolist() == [
        -0.003876475850120187, -0.003617476671934128, 0.005529762711375952, -0.0007535284967161715,
        -0.0038425023667514324, 0.0012478319695219398]
    assert np.asarray(model.predict(x[:16], verbose=0)).ravel()[:6].tolist() == [
        -0.5343866944313049, -0.391871839761734, 0.575717568397522, -0.7140658497810364, 0.036351535469293594,
        -1.0545096397399902]
