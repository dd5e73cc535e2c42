"""Dense(activation='silu') in a user's tf.function train step ("Writing a training loop from scratch"):
TF 2.21 (oneDNN on) fuses MatMul + BiasAdd + swish into oneDNN's kernel wherever the gradient reaching the
swish output is data: every layer whose output feeds another layer, in Sequential, functional and
subclassed models alike; a model's last silu layer differentiated through a plain sum keeps Eigen's values
(layers/silu_fusion.py). tapeflow fused only in Keras's own fit step, so such loops drifted by an ulp from
the second step (losses and weights).

Golden bits printed by TF 2.21 (/work/notes/progs/tutorials49/t49_silu.py, `import tensorflow as tf`): the
float32 bits of the 12 step losses (first six and last) and of the sum of the first kernel after them.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TF fuses the swish only where it runs oneDNN')

RNG = np.random.RandomState(1)
X = RNG.rand(64, 5).astype('float32') * 4 - 2
Y = RNG.rand(64, 1).astype('float32')


def _sequential(last_silu=False):
    keras.utils.set_random_seed(5)
    return keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation='silu'),
                             keras.layers.Dense(1, activation='silu' if last_silu else None)])


def _functional():
    keras.utils.set_random_seed(5)
    inputs = keras.Input((5,))
    hidden = keras.layers.Dense(8, activation='silu')(inputs)
    return keras.Model(inputs, keras.layers.Dense(1)(hidden))


class SubclassedModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation='silu')
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.hidden(x))


def _subclassed():
    keras.utils.set_random_seed(5)
    return SubclassedModel()


def _bits(value):
    return int(np.float32(value).view(np.uint32))


def _train(model, loss_kind):
    optimizer = keras.optimizers.SGD(0.1)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            out = model(x, training=True)
            loss = tf.reduce_mean(tf.square(out - y)) if loss_kind == 'mse' else tf.reduce_sum(out)
        optimizer.apply(tape.gradient(loss, model.trainable_variables), model.trainable_variables)
        return loss

    losses = [_bits(step(X[i:i + 16], Y[i:i + 16])) for _ in range(3) for i in range(0, 64, 16)]
    return losses[:6], losses[-1], _bits(tf.reduce_sum(model.trainable_variables[0]))


HIDDEN_MSE = ([1059711930, 1053912941, 1049133786, 1045575177, 1042085710, 1038153114], 1036124872, 1072362612)


@pytest.mark.parametrize('make', [_sequential, _functional, _subclassed], ids=['sequential', 'functional', 'subclassed'])
def test_a_hidden_silu_layer_takes_the_fused_swish(make):
    keras.backend.clear_session()
    assert _train(make(), 'mse') == HIDDEN_MSE


def test_a_hidden_silu_layer_fuses_under_a_plain_sum_too():
    keras.backend.clear_session()
    assert _train(_sequential(), 'sum') == (
        [1071398838, 3253059310, 3265972966, 3279973592, 3300216771, 3320595900], 3451943798, 1175550938)


def test_the_output_layer_summed_keeps_eigens_swish():
    keras.backend.clear_session()
    assert _train(_sequential(last_silu=True), 'sum') == (
        [1076880198, 3223514725, 3229862810, 3229978963, 3229480558, 3230344388], 3230554896, 1071899084)
