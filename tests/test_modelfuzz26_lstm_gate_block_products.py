"""LSTM with recurrent dropout (Keras's implementation 1) multiplies each step by each gate's block of the
kernel apart, and on the AVX2 CPU those float32 products round otherwise than one product of the whole kernel.

TF 2.21 runs Eigen's contraction there: a product of M + K + N < 20 is its coefficient-based kernel, a larger
one gebp's fused multiply-adds, so (8, 2) @ (2, 3) per gate and (8, 2) @ (2, 12) whole differ in the last bit
(13 of 96 values). tapeflow took the whole product for float32 steps (per block for float64 only): fuzz seed
29's weights were 1-2 ulps off from the first step, eager or traced (layers/recurrent/sequence_projection.py,
regrouped_step_sum.py). Values: TensorFlow 2.21 on this AMD EPYC, notes progs/modelfuzz26/red/gold_lstm.py.
"""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf
from framework import keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""


X = np.array([[[0.7, -1.2], [1.9, 0.35]], [[-0.45, 2.2], [0.15, -1.6]], [[1.1, 0.8], [-2.3, 0.6]],
              [[-0.9, -0.25], [0.55, 1.4]], [[2.1, -0.7], [-0.3, -1.05]], [[0.4, 1.3], [1.2, -0.85]],
              [[-1.7, 0.5], [0.95, 2.4]], [[0.25, -2.0], [-1.35, 0.1]]], 'float32')
W = (np.arange(24, dtype='float32').reshape(8, 3) - 11.0) / 10

EAGER_OUT = [
    '0x1.8dca440000000p-5', '0x1.3abc080000000p-3', '0x1.67036e0000000p-4', '0x1.0230a40000000p-6',
    '-0x1.1f0e560000000p-3', '0x1.64896e0000000p-6', '-0x1.58b20e0000000p-3', '0x1.164ae00000000p-3',
    '0x1.105d3e0000000p-3', '0x1.750d180000000p-7', '0x1.8667a60000000p-4', '0x1.697cb80000000p-3',
    '-0x1.3f4e1e0000000p-5', '0x1.0943b80000000p-4', '-0x1.a69ed40000000p-9', '0x1.25b1280000000p-4',
    '0x1.f266740000000p-4', '0x1.e6e3740000000p-5', '0x1.7e1c4a0000000p-6', '0x1.097bd80000000p-3',
    '0x1.5859840000000p-2', '-0x1.3b30880000000p-2', '-0x1.551e4e0000000p-2', '-0x1.3b8cc40000000p-3']
EAGER_KERNEL_GRAD = [
    '0x1.2f14c00000000p-12', '0x1.5c1fa80000000p-5', '0x1.e0202e0000000p-5', '0x1.f4b20a0000000p-6',
    '0x1.d94fbc0000000p-4', '0x1.bdd89c0000000p-4', '-0x1.e2e98c0000000p-3', '-0x1.cbf8900000000p-4',
    '-0x1.3f3c5a0000000p-2', '0x1.d07eac0000000p-5', '0x1.c47dfc0000000p-4', '0x1.9751ac0000000p-4',
    '0x1.459d480000000p-3', '0x1.c9cc280000000p-4', '0x1.5ca03c0000000p-3', '-0x1.1854c80000000p-5',
    '-0x1.d72fa40000000p-5', '-0x1.3ac0fc0000000p-6', '-0x1.5dec120000000p-3', '-0x1.a5dbd40000000p-3',
    '-0x1.a7c0b80000000p-4', '0x1.12a1840000000p-10', '-0x1.7a88460000000p-4', '0x1.bbd6060000000p-3']
TRACED_OUT = [
    '0x1.8fb6e00000000p-5', '0x1.3b45ca0000000p-3', '0x1.6591340000000p-4', '0x1.b9d4d60000000p-7',
    '-0x1.2176660000000p-3', '0x1.5ee5960000000p-6', '-0x1.6618ec0000000p-3', '0x1.17ed6a0000000p-3',
    '0x1.110f880000000p-3', '0x1.a57d2c0000000p-7', '0x1.8690b20000000p-4', '0x1.6b38460000000p-3',
    '-0x1.5139ec0000000p-5', '0x1.04a8c20000000p-4', '-0x1.4af1b40000000p-9', '0x1.14db260000000p-4',
    '0x1.014d8c0000000p-3', '0x1.ebda3a0000000p-5', '0x1.49e5760000000p-6', '0x1.0ad5160000000p-3',
    '0x1.59b5de0000000p-2', '-0x1.4e2a740000000p-2', '-0x1.555b4a0000000p-2', '-0x1.4183120000000p-3']


def _model():
    keras.utils.set_random_seed(29)
    return keras.Sequential([keras.Input(shape=(2, 2)), keras.layers.LSTM(3, recurrent_dropout=0.1)])


def _hexes(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_eager_training_call_and_kernel_gradient():
    model = _model()
    with tf.GradientTape() as tape:
        out = model(X, training=True)
        loss = tf.reduce_sum(out * W)
    kernel_grad = tape.gradient(loss, model.trainable_variables)[0]
    assert hexes_as_tf(_hexes(out), EAGER_OUT)
    assert hexes_as_tf(_hexes(kernel_grad), EAGER_KERNEL_GRAD)


def test_traced_inference_call():
    model = _model()
    out = tf.function(lambda x: model(x, training=False))(tf.constant(X))
    assert hexes_as_tf(_hexes(out), TRACED_OUT)
