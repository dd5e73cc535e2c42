"""silu in a traced train step takes oneDNN's values where TF 2.21's graph fuses it.

1. silu and mish of a tensor no tape tracks, inside a traced train step, take oneDNN's values.

TF's tape records no custom gradient for tf.nn.silu(x) / mish(x) when x is not watched (a model's input,
as Activation('swish') on the features), so grappler fuses the forward into oneDNN's swish / mish as in a
call no tape sees; tapeflow kept the eager x * sigmoid(x) whenever a tape was active. Measured on TF 2.21:
20 of 32 silu values and 19 of 32 mish values differ from eager; a watched operand keeps eager's
(progs/modelfuzz2/t_swish_tape2.py). Values: TF 2.21 (progs/modelfuzz2/t_swish_pin.py).
2. silu of any tensor in a Keras fit step (a BatchNormalization's, a LayerNormalization's, a convolution's own
activation, a Dense output given to an Activation layer): TF's custom gradient recomputes the sigmoid behind a
control dependency on the loss's gradient, so the forward sigmoid + product fuse into oneDNN's swish. tapeflow
did so for a 2-D Dense's own activation only. Values: TF 2.21 (progs/modelfuzz2/t_swish_fit.py, t_dense_act.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

TF_SILU = [
    '0x1.12f4320000000p-2', '-0x1.1b44000000000p-3', '0x1.1dfb320000000p+1', '-0x1.c38d2e0000000p-4',
    '0x1.d98aec0000000p-5', '0x1.5010ca0000000p+0', '-0x1.0b5bce0000000p-2', '-0x1.afab620000000p-3',
    '0x1.a425500000000p-4', '-0x1.1a92e00000000p-3', '-0x1.1c4c000000000p-2', '-0x1.78c14c0000000p-4',
    '-0x1.2e370c0000000p-3', '0x1.8f7a200000000p-2', '-0x1.0f425c0000000p-2', '-0x1.dbc0320000000p-3',
    '0x1.bfe4040000000p-1', '0x1.9b47d00000000p+0', '-0x1.17b9120000000p-2', '0x1.b112860000000p-2',
    '-0x1.11e6b20000000p-2', '-0x1.0577ce0000000p-2', '-0x1.07415c0000000p-2', '-0x1.5695d80000000p-3',
    '0x1.749cac0000000p-1', '0x1.e975f80000000p-2', '0x1.f2d55a0000000p-6', '-0x1.312ec60000000p-3',
    '0x1.afc8ba0000000p-10', '-0x1.9aee700000000p-5', '0x1.178e2c0000000p-1', '-0x1.c107980000000p-3',
]

TF_MISH = [
    '0x1.4bbfe20000000p-2', '-0x1.4ebe5c0000000p-3', '0x1.3318ca0000000p+1', '-0x1.0bf8da0000000p-3',
    '0x1.1d02dc0000000p-4', '0x1.7e3dd00000000p+0', '-0x1.2fa5900000000p-2', '-0x1.f5a9a80000000p-3',
    '0x1.fa85220000000p-4', '-0x1.4df1fc0000000p-3', '-0x1.3c416c0000000p-2', '-0x1.c0409e0000000p-4',
    '-0x1.648d7c0000000p-3', '0x1.e0a2500000000p-2', '-0x1.2485400000000p-2', '-0x1.12553a0000000p-2',
    '0x1.06970e0000000p+0', '0x1.ca73c60000000p+0', '-0x1.3082ac0000000p-2', '0x1.043c300000000p-1',
    '-0x1.35707a0000000p-2', '-0x1.2a1be00000000p-2', '-0x1.2bd04a0000000p-2', '-0x1.929d580000000p-3',
    '0x1.b904d00000000p-1', '0x1.257bac0000000p-1', '0x1.2bd8100000000p-5', '-0x1.67f5400000000p-3',
    '0x1.0319480000000p-9', '-0x1.eb25100000000p-5', '0x1.4e35740000000p-1', '-0x1.0431460000000p-2',
]

TF_FIT_KERNEL = [
    '-0x1.3948fe0000000p-2', '0x1.27d56e0000000p-1', '0x1.7e3b3c0000000p-1', '-0x1.0a23d40000000p-2',
    '-0x1.6df13e0000000p-1', '-0x1.1375be0000000p-1', '0x1.c41a2c0000000p-5', '-0x1.7e5bb60000000p-1',
]


def _data():
    rng = np.random.RandomState(5)
    x = rng.normal(size=(4, 8)).astype('float32')
    w = rng.normal(size=(4, 8)).astype('float32')
    return rng, x, w


def _hex(a):
    return [float(v).hex() for v in np.ravel(np.asarray(a))]


@pytest.mark.parametrize('name', ['silu', 'mish'])
def test_activation_of_unwatched_input_in_traced_tape_step(name):
    _, x, w = _data()
    x, w = tf.constant(x), tf.Variable(w)
    f = tf.nn.silu if name == 'silu' else keras.activations.mish

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            y = f(x)
            loss = tf.reduce_sum(y * w)
        return y, tape.gradient(loss, w)

    y, _ = step(x)
    assert _hex(y) == (TF_SILU if name == 'silu' else TF_MISH)


def test_swish_layer_on_the_input_in_fit():
    rng, _, _ = _data()
    keras.utils.set_random_seed(1)
    xs = rng.normal(size=(16, 8)).astype('float32')
    ys = rng.normal(size=(16, 1)).astype('float32')
    model = keras.Sequential([keras.Input((8,)), keras.layers.Activation('swish'), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    model.fit(xs, ys, batch_size=16, epochs=1, verbose=0)
    assert _hex(model.layers[-1].kernel.numpy()) == TF_FIT_KERNEL


L = keras.layers
# name: (layers between the input and Flatten + Dense(1), TF 2.21's loss history, first weight's float64 sum)
FIT_CASES = {
    'bn_swish': (lambda: [L.Conv2D(3, 2, use_bias=False), L.BatchNormalization(), L.Activation('swish')],
                 ['0x1.1371740000000p+0', '0x1.ab5c800000000p-2'], '-0x1.4a05810000000p+0'),
    'ln_swish': (lambda: [L.Conv2D(3, 2), L.LayerNormalization(), L.Activation('swish')],
                 ['0x1.b49be00000000p+0', '0x1.631edc0000000p-1'], '-0x1.83c1c1ac00000p+0'),
    'nobias_swish': (lambda: [L.Conv2D(3, 2, use_bias=False, activation='swish')],
                     ['0x1.0b6cdc0000000p+0', '0x1.fa26800000000p-2'], '-0x1.5a2fbae000000p+0'),
}


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
@pytest.mark.parametrize('name', sorted(FIT_CASES))
def test_swish_of_any_tensor_in_fit(name, exact_math):
    make, losses, weight_sum = FIT_CASES[name]
    rng = np.random.RandomState(4)
    xs = rng.normal(size=(16, 6, 6, 2)).astype('float32')
    ys = rng.normal(size=(16, 1)).astype('float32')
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((6, 6, 2))] + make() + [L.Flatten(), L.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    history = model.fit(xs, ys, batch_size=16, epochs=2, verbose=0)
    assert [float(v).hex() for v in history.history['loss']] == losses
    assert np.asarray(model.weights[0].numpy(), 'float64').sum().hex() == float.fromhex(weight_sum).hex()


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_swish_layer_after_dense_in_fit():
    # the Dense output's fusable mark must not reach the gradient's sigmoid (Eigen's in TF's custom gradient)
    rng = np.random.RandomState(3)
    xs = rng.normal(size=(16, 8)).astype('float32')
    ys = rng.normal(size=(16, 1)).astype('float32')
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((8,)), L.Dense(8), L.Activation('swish'), L.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    model.fit(xs, ys, batch_size=16, epochs=2, verbose=0)
    assert np.asarray(model.layers[0].kernel.numpy(), 'float64').sum().hex() == float.fromhex('-0x1.052ee5e400000p+1').hex()
    assert _hex(model.predict(xs[:2], verbose=0)) == ['-0x1.59b8f40000000p-2', '-0x1.b675b00000000p-6']
