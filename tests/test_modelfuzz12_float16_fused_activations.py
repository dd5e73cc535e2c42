"""A float16 Dense layer's fused tanh / elu / sigmoid in a traced step, as TF 2.21's oneDNN kernel computes them.

TF's fused MatMul + BiasAdd + activation sums in float32 and, for float16, applies oneDNN's reference
formulas with the C library's tanhf / expm1f / expf before rounding once (ops/half_fused_activations.py).
Golden values printed by TF 2.21 (/work/notes/progs/modelfuzz12/p18.py):
    keras.mixed_precision.set_global_policy('mixed_float16'); r = np.random.RandomState(0)
    x0 = r.randn(512, 8); k0 = r.randn(8, 64) * 0.6; b0 = r.randn(64) * 0.2       (float32)
    layer = keras.layers.Dense(64, activation=act); layer.build((None, 8)); layer.set_weights([k0, b0])
    tf.function(lambda a: layer(a))(x0)[i, j]
tapeflow's vectorized float32 kernel gave the other neighbour of a float16 midpoint there (tanh -0.5546875 at
[62, 16]); an Activation layer after a linear Dense rounded the sum first (4561 of 32768 tanh values off;
TF gives the Dense(activation=...) values, in bfloat16 too: p19.py, p20.py). The mixed_float16 fit of
p14.py moved from its fifth step (kernel [0, 2]: TF 0.92368734, tapeflow 0.92368776)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN = {
    'tanh': {(62, 16): -0.55517578125, (259, 25): -0.0003521442413330078},
    'elu': {(45, 9): -0.355224609375, (308, 12): -0.8544921875, (465, 62): -0.00040650367736816406},
    'sigmoid': {(24, 16): 0.0777587890625, (281, 14): 0.10284423828125, (357, 31): 0.1824951171875},
}
# no tape (predict): gelu of the float32 sum (C library's erff), silu and mish in float32 of the rounded sum
# (TF 2.21, p18.py / p24.py); tapeflow's 16-bit ops gave e.g. 2.3046875, 2.12109375, 2.291015625 at [0, 0]
# (16702 / 15045 / 14320 of 32768 values off)
GOLDEN_PREDICT = {
    'gelu': {(0, 0): 2.306640625, (0, 3): -0.15966796875, (0, 4): -0.00016295909881591797},
    'silu': {(0, 0): 2.123046875, (0, 3): -0.26806640625, (0, 6): 1.662109375},
    'mish': {(0, 0): 2.29296875, (0, 3): -0.302734375, (0, 4): -0.07611083984375},
}


@pytest.fixture
def policy():
    def use(name):
        keras.mixed_precision.set_global_policy(name)
    yield use
    keras.mixed_precision.set_global_policy('float32')


def _operands():
    r = np.random.RandomState(0)
    x0 = r.randn(512, 8).astype('float32')
    return x0, r.randn(8, 64).astype('float32') * 0.6, r.randn(64).astype('float32') * 0.2


def _traced(layers, x, kernel, bias):
    layers[0].build((None, 8))
    layers[0].set_weights([kernel, bias])

    def call(a):
        for layer in layers:
            a = layer(a)
        return a
    return np.asarray(tf.cast(tf.function(call)(tf.constant(x)), tf.float32))


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('activation', ['tanh', 'elu', 'sigmoid'])
def test_dense_activation_matches_tf(activation, policy):
    policy('mixed_float16')
    x, kernel, bias = _operands()
    out = _traced([keras.layers.Dense(64, activation=activation)], x, kernel, bias)
    for (i, j), value in GOLDEN[activation].items():
        assert out[i, j] == np.float32(value), (activation, i, j, out[i, j])


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('activation', ['gelu', 'silu', 'mish'])
def test_dense_activation_without_tape_matches_tf(activation, policy):
    policy('mixed_float16')
    x, kernel, bias = _operands()
    out = _traced([keras.layers.Dense(64, activation=activation)], x, kernel, bias)
    for (i, j), value in GOLDEN_PREDICT[activation].items():
        assert out[i, j] == np.float32(value), (activation, i, j, out[i, j])


@pytest.mark.parametrize('dtype_policy', ['mixed_float16', 'mixed_bfloat16'])
@pytest.mark.parametrize('activation', ['tanh', 'elu', 'sigmoid', 'gelu', 'silu', 'mish'])
def test_activation_layer_after_dense_fuses_as_the_dense_activation(activation, dtype_policy, policy):
    policy(dtype_policy)
    x, kernel, bias = _operands()
    fused = _traced([keras.layers.Dense(64, activation=activation)], x, kernel, bias)
    separate = _traced([keras.layers.Dense(64), keras.layers.Activation(activation)], x, kernel, bias)
    np.testing.assert_array_equal(separate, fused)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_mixed_float16_fit_keeps_tf_weights(policy):
    policy('mixed_float16')
    r = np.random.RandomState(0)
    x = r.rand(48, 4).astype('float32')
    y = x @ np.array([[1.], [-2.], [0.5], [3.]], 'float32')
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation='tanh'), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.05), 'mse')
    model.fit(x[:36], y[:36], batch_size=8, epochs=1, verbose=0)
    # TF 2.21: [0.92368734 -0.57603705 0.4076138 0.25574028] and [0.85075474] (p14.py)
    np.testing.assert_array_equal(model.weights[0].numpy()[:, 2],
                                  np.float32([0.92368734, -0.57603705, 0.4076138, 0.25574028]))
    assert model.weights[2].numpy()[2, 0] == np.float32(0.85075474)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_float16_silu_fit_keeps_tf_history(policy):
    """A fit step's 16-bit silu is s / (1 + expf(-s)) in float32 of the rounded sum (traced_swish), a tape
    recording it or not. TF 2.21 (p23.py) history [0.3341374099254608, 0.16120174527168274]; tapeflow's
    16-bit ops gave 0.33413147926330566 at the first epoch."""
    policy('mixed_float16')
    x = np.random.RandomState(0).randn(256, 8).astype('float32')
    y = (x[:, :1] > 0).astype('float32')
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32, activation='silu'), keras.layers.Dense(16),
                              keras.layers.Activation('silu'), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.01), 'mse')
    history = model.fit(x, y, batch_size=32, epochs=2, verbose=0)
    assert history.history['loss'] == [np.float32(0.3341374099254608), np.float32(0.16120174527168274)]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_float16_conv_elu_takes_the_float32_sum(policy):
    """A float16 Conv2D's elu in a traced call fuses with its bias add: expm1f of the float32 sum, rounded once
    (TF 2.21, p29.py: x = RandomState(0).randn(16, 8, 8, 3), kernel randn(3, 3, 3, 8) * 0.5, bias randn(8) * 0.3,
    Conv2D(8, 3, activation='elu'), all 4608 values); tapeflow took the elu of the rounded sum (505 values off,
    -0.89501953125 at [0, 0, 0, 7])."""
    policy('mixed_float16')
    r = np.random.RandomState(0)
    x = r.randn(16, 8, 8, 3).astype('float32')
    kernel, bias = (r.randn(3, 3, 3, 8) * 0.5).astype('float32'), (r.randn(8) * 0.3).astype('float32')
    conv = keras.layers.Conv2D(8, 3, activation='elu')
    conv.build((None, 8, 8, 3))
    conv.set_weights([kernel, bias])
    out = np.asarray(tf.cast(tf.function(lambda t: conv(t))(tf.constant(x)), tf.float32))
    assert out[0, 0, 0, 7] == np.float32(-0.89453125)
    assert out[0, 1, 0, 4] == np.float32(-0.58642578125)
    assert out[0, 1, 5, 6] == np.float32(-0.38330078125)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('activation', [None, 'relu', 'elu', 'tanh', 'sigmoid'])
def test_bfloat16_conv_without_tape_rounds_the_float32_sum_once(activation, policy):
    """mixed_bfloat16 Conv2D in a traced call without a tape (predict): TF 2.21 fuses its bias add (and relu /
    elu) into one float32 sum rounded once, tanh and sigmoid then on the rounded value (p30.py: every one of
    4608 values per activation; eager rounding left 521 to 1158 off, as tapeflow did)."""
    policy('mixed_bfloat16')
    r = np.random.RandomState(0)
    x = r.randn(16, 8, 8, 3).astype('float32')
    kernel, bias = (r.randn(3, 3, 3, 8) * 0.5).astype('float32'), (r.randn(8) * 0.3).astype('float32')
    conv = keras.layers.Conv2D(8, 3, activation=activation)
    conv.build((None, 8, 8, 3))
    conv.set_weights([kernel, bias])
    out = np.asarray(tf.cast(tf.function(lambda t: conv(t))(tf.constant(x)), tf.float32))
    bf16 = tf.bfloat16.as_numpy_dtype
    wide = np.asarray(tf.nn.conv2d(tf.constant(x.astype(bf16).astype('float32')),
                                   tf.constant(kernel.astype(bf16).astype('float32')), 1, 'VALID'))
    wide = wide + bias.astype(bf16).astype('float32')
    if activation is None:
        np.testing.assert_array_equal(out, wide.astype(bf16).astype('float32'))
    # TF 2.21's values where eager rounding differs (p30.py; eager: 3.6875, -1.125, -0.67578125, ...)
    golden = {None: {(0, 0, 1, 2): 3.703125, (0, 0, 1, 7): -1.1171875},
              'relu': {(0, 0, 1, 2): 3.703125, (0, 0, 2, 3): 0.033935546875},
              'elu': {(0, 0, 1, 2): 3.703125, (0, 0, 1, 7): -0.671875},
              'tanh': {(0, 0, 1, 7): -0.8046875, (0, 0, 2, 3): 0.033935546875},
              'sigmoid': {(0, 0, 1, 7): 0.2470703125, (0, 0, 3, 2): 0.1318359375}}[activation]
    for index, value in golden.items():
        assert out[index] == np.float32(value), (activation, index, out[index])


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_float16_simple_rnn_step_sums_in_float32_once(policy):
    """A float16 SimpleRNN (tanh) in a trace on static shapes: each step's (x_t @ kernel + h @ recurrent_kernel)
    + bias is one float32 sum rounded once (the recurrent product rounded first), as TF 2.21 (p31.py: SimpleRNN(5,
    return_sequences=True) over RandomState(0).randn(16, 6, 4), weights drawn after an LSTM's and a GRU's; every
    output equal, where the half-precision sum of rounded terms left 121 of 480 off). The weights are TF's,
    printed by p31.py; two outputs pinned."""
    policy('mixed_float16')
    r = np.random.RandomState(0)
    x = r.randn(16, 6, 4).astype('float32')
    for shapes in ([(4, 20), (5, 20), (20,)], [(4, 15), (5, 15), (2, 15)]):       # the LSTM's, the GRU's draws
        for shape in shapes:
            r.randn(*shape)
    layer = keras.layers.SimpleRNN(5, return_sequences=True)
    layer.build((None, 6, 4))
    layer.set_weights([(r.randn(*w.shape) * 0.5).astype('float32') for w in layer.weights])
    traced = np.asarray(tf.cast(tf.function(lambda t: layer(t))(tf.constant(x)), tf.float32))
    eager = np.asarray(tf.cast(layer(tf.constant(x)), tf.float32))
    assert (traced != eager).sum() == 175          # TF 2.21: 175 of 480 traced outputs differ from eager
