"""A traced Dense elu where TF runs Eigen (oneDNN off, as on an AVX2 CPU) is Eigen's fused MatMul output kernel's:
TF 2.21's remapper makes MatMul + bias Add + Elu one _FusedMatMul, whose output kernel takes elu row by row (each
row's units a vector: packets of 8, C's expf for the last units % 8), where an eager Elu runs over the whole tensor.
The Dense's own elu, Activation('elu') and ELU() after a linear Dense, and tf.nn.elu of a traced Dense output fuse
alike. tapeflow took the eager elu: 1 of 20 values of a tf.function Dense(5, 'elu') on 4 rows an ulp off, and fits
drifted (fuzz seeds 1, 2). TF 2.21 values: /work/notes/progs/modelfuzz19/e2.py, e5.py (AVX2 EPYC)."""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf
from framework import keras
from framework.ops import eigen_math

L = keras.layers


@pytest.fixture(autouse=True)
def eigen_kernels(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def hexes(values):
    return [float(v).hex() for v in np.asarray(values).ravel()]


def elu_of_each_row(z):
    # Eigen's output kernel: one evaluation per row, as if each row were a tensor of its own
    return np.stack([np.where(r < 0, eigen_math.exp(np.minimum(r, 0)) - np.float32(1), r) for r in z])


def dense(units, activation='elu'):
    keras.utils.set_random_seed(2)
    layer = L.Dense(units, activation=activation)
    layer.build((None, 4))
    return layer


X = np.random.default_rng(2).normal(size=(12, 4)).astype('float32')


@pytest.mark.parametrize('units', [5, 8, 11, 16, 21])
@pytest.mark.parametrize('rows', [1, 4, 9])
def test_traced_dense_elu_is_taken_row_by_row(units, rows):
    layer = dense(units)
    linear = dense(units, None)
    z = linear(X[:rows]).numpy()
    assert hexes(tf.function(lambda x: layer(x))(X[:rows])) == hexes(elu_of_each_row(z))
    # eager: TF's Elu op over the whole tensor
    whole = np.where(z < 0, eigen_math.exp(np.minimum(z, 0)) - np.float32(1), z)
    assert hexes(layer(X[:rows])) == hexes(whole)


# TF 2.21 gives for Dense(5, 'elu') on X[8:12] (seed 2): eager, and in a tf.function (index 1 differs)
EAGER = ['0x1.1649260000000p+0', '-0x1.5fe03c0000000p-2', '-0x1.2e68e80000000p-3', '-0x1.3b4c400000000p-6',
         '0x1.67c6180000000p-3', '0x1.451df40000000p-2', '0x1.79cf6c0000000p+0', '-0x1.569a880000000p-1',
         '-0x1.1fd5e00000000p-2', '0x1.a632a60000000p-1', '0x1.fb0b000000000p-1', '0x1.7a421c0000000p+0',
         '-0x1.2145f40000000p-1', '-0x1.b33da80000000p-3', '0x1.d107a20000000p-1', '0x1.7f49dc0000000p-1',
         '0x1.6389600000000p+0', '-0x1.96bc1c0000000p-1', '-0x1.691c940000000p-1', '-0x1.415f360000000p-1']
TRACED = EAGER[:1] + ['-0x1.5fe0400000000p-2'] + EAGER[2:]


def test_dense_elu_as_tf():
    layer = dense(5)
    assert hexes_as_tf(hexes(layer(X[8:12])), EAGER)
    assert hexes_as_tf(hexes(tf.function(lambda x: layer(x))(X[8:12])), TRACED)

    def with_gradient(x):
        with tf.GradientTape() as tape:
            y = layer(x)
            loss = tf.reduce_sum(y * y)
        return y, tape.gradient(loss, layer.trainable_variables)
    assert hexes_as_tf(hexes(tf.function(with_gradient)(X[8:12])[0]), TRACED)


R = np.random.default_rng(7)
XF, YF = R.normal(size=(20, 6)).astype('float32'), R.normal(size=(20, 3)).astype('float32')
# TF 2.21: fit(batch_size=4, epochs=2, shuffle=False) of Dense(5) + elu + Dense(3), SGD(0.1): the losses and
# the first two rows of the first kernel, alike for the Dense's own elu, Activation('elu') and ELU()
FIT_LOSSES = ['0x1.8d7db00000000p+0', '0x1.e88e0c0000000p-1']
FIT_KERNEL = ['0x1.9d75960000000p-5', '-0x1.095e100000000p-1', '0x1.84328a0000000p-2', '-0x1.87f65c0000000p-2',
              '0x1.0b211a0000000p-1', '-0x1.70bc720000000p-2', '0x1.b783700000000p-4', '0x1.c2dc1e0000000p-2',
              '0x1.6860220000000p-3', '-0x1.92e0f20000000p-2']
PREDICT = ['-0x1.d1a0740000000p-4', '-0x1.1d3d000000000p-6', '0x1.fc65cc0000000p-2', '-0x1.2ed1400000000p-7',
           '-0x1.b0335c0000000p-2', '-0x1.a315000000000p-9', '-0x1.1dfdd00000000p-1', '0x1.d6f6000000000p-4',
           '0x1.1162e80000000p-1', '0x1.0f91b00000000p-4', '-0x1.6d04700000000p-2', '-0x1.4bee500000000p-1']


@pytest.mark.parametrize('elu', [lambda: [L.Dense(5, activation='elu')], lambda: [L.Dense(5), L.Activation('elu')],
                                 lambda: [L.Dense(5), L.ELU()]], ids=['dense', 'activation', 'ELU'])
def test_fit_and_predict_as_tf(elu):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((6,))] + elu() + [L.Dense(3)])
    model.compile(keras.optimizers.SGD(0.1), 'mse')
    history = model.fit(XF, YF, batch_size=4, epochs=2, verbose=0, shuffle=False)
    assert hexes_as_tf(hexes(history.history['loss']), FIT_LOSSES)
    assert hexes_as_tf(hexes(model.get_weights()[0][:2]), FIT_KERNEL)
    assert hexes_as_tf(hexes(model.predict(XF, batch_size=8, verbose=0)[:4]), PREDICT)


def test_rank_3_and_bias_free_dense_keep_the_whole_tensor():
    # a rank-3 input's MatMul takes no fused bias (fusable_outputs.onednn_fuses), nor does a Dense without one
    keras.utils.set_random_seed(2)
    layer = L.Dense(5, activation='elu')
    x3 = X[:6].reshape(2, 3, 4)
    whole = layer(x3).numpy()
    assert hexes(tf.function(lambda x: layer(x))(x3)) == hexes(whole)
    free = L.Dense(5, activation='elu', use_bias=False)
    free.build((None, 4))
    assert hexes(tf.function(lambda x: free(x))(X[:4])) == hexes(free(X[:4]))
