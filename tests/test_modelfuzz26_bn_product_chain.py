"""BatchNormalization at inference after a hard_sigmoid / hard_silu, in predict and evaluate: TF's graph
multiplies the chain of products in grappler's order (layers/activation_products.py).

hard_sigmoid ends in ``relu6(x + 3) * (1 / 6)`` once constant folding rewrote its division, and the
normalization multiplies that product by ``inv``: MinimizeBroadcasts computes ``((1 / 6) * inv) * relu6``
(hard_silu: ``((1 / 6) * inv) * (x * relu6)``), where eager code and tapeflow before multiplied in the
written order (fuzz seed 45: its first val_loss an ulp off, 22 of 40 predictions). The model's direct call
keeps the written order in both. Values: TensorFlow 2.21 on this AMD EPYC, notes
progs/modelfuzz26/red/gold_chain.py (7 rows in batches of 4: a trace on fixed shapes, then one on a None
batch for the last 3 rows).
"""
import numpy as np

from conftest import hexes_as_tf
from framework import keras
import pytest


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""


X = np.array([[1.7, -2.3, 0.4], [-0.6, 2.9, -1.8], [4.2, 1.1, -3.3], [0.3, -0.7, 2.2],
              [-1.4, 0.9, 0.05], [2.6, -3.1, 1.3], [-0.2, 1.6, -2.7]], 'float32')
KERNEL = np.array([[0.9, -1.3, 0.45, 2.1], [-0.35, 0.8, 1.7, -0.6], [1.25, 0.15, -0.95, 0.5]], 'float32')
BN = [np.array(v, 'float32') for v in ([1.3, 0.7, -1.1, 2.4], [0.1, -0.4, 0.25, 0.9], [0.3, 0.45, -0.2, 0.6],
                                        [0.05, 0.9, 1.7, 0.33])]

HARD_SIGMOID_PREDICT = [
    '0x1.084a820000000p+2', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.48c8840000000p+1',
    '-0x1.a07fba0000000p+0', '-0x1.c3f4000000000p-6', '-0x1.86317c0000000p-1', '-0x1.9a59920000000p+0',
    '0x1.7c516c0000000p-1', '-0x1.76b5ac0000000p-1', '-0x1.86317c0000000p-1', '0x1.48c8840000000p+1',
    '0x1.084a820000000p+2', '-0x1.ce75f40000000p-2', '0x1.ae15e40000000p-5', '0x1.fa47460000000p+0',
    '-0x1.03fe000000000p-7', '-0x1.fe6b000000000p-5', '-0x1.04d32c0000000p-1', '-0x1.9a59920000000p+0',
    '0x1.084a820000000p+2', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.48c8840000000p+1',
    '-0x1.a07fba0000000p+0', '-0x1.e328040000000p-3', '-0x1.86317c0000000p-1', '-0x1.6a4b2c0000000p+0']
HARD_SIGMOID_EVALUATE = '0x1.a362600000000p+1'
HARD_SIGMOID_EAGER = [
    '0x1.084a820000000p+2', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.48c8840000000p+1',
    '-0x1.a07fba0000000p+0', '-0x1.c3f4000000000p-6', '-0x1.86317a0000000p-1', '-0x1.9a59920000000p+0',
    '0x1.7c51640000000p-1', '-0x1.76b5ac0000000p-1', '-0x1.86317a0000000p-1', '0x1.48c8840000000p+1',
    '0x1.084a820000000p+2', '-0x1.ce75f40000000p-2', '0x1.ae15e40000000p-5', '0x1.fa47420000000p+0',
    '-0x1.03fe000000000p-7', '-0x1.fe6b000000000p-5', '-0x1.04d32a0000000p-1', '-0x1.9a59920000000p+0',
    '0x1.084a820000000p+2', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.48c8840000000p+1',
    '-0x1.a07fba0000000p+0', '-0x1.e3280c0000000p-3', '-0x1.86317a0000000p-1', '-0x1.6a4b2c0000000p+0']
HARD_SILU_PREDICT = [
    '0x1.fb02340000000p+3', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.3e16b40000000p+4',
    '-0x1.a07fba0000000p+0', '0x1.30d8640000000p+0', '-0x1.6587ee0000000p+2', '-0x1.9a59920000000p+0',
    '-0x1.71038e0000000p+1', '-0x1.76b5ac0000000p-1', '-0x1.81dea40000000p+2', '0x1.98dc8e0000000p+4',
    '0x1.251be80000000p+4', '-0x1.de03c60000000p-1', '0x1.4b7d200000000p-3', '0x1.8619a80000000p+2',
    '-0x1.e03e740000000p+1', '0x1.d050700000000p-1', '-0x1.4212a80000000p-1', '-0x1.9a59920000000p+0',
    '0x1.c983b40000000p+4', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.fa4f1a0000000p+4',
    '-0x1.a07fba0000000p+0', '-0x1.bf9b800000000p-3', '-0x1.261b360000000p+2', '-0x1.0ec58e0000000p+1']
HARD_SILU_EVALUATE = '0x1.02baae0000000p+7'
HARD_SILU_EAGER = [
    '0x1.fb02300000000p+3', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.3e16b40000000p+4',
    '-0x1.a07fba0000000p+0', '0x1.30d8640000000p+0', '-0x1.6587f00000000p+2', '-0x1.9a59920000000p+0',
    '-0x1.71038c0000000p+1', '-0x1.76b5ac0000000p-1', '-0x1.81dea20000000p+2', '0x1.98dc8c0000000p+4',
    '0x1.251be60000000p+4', '-0x1.de03c60000000p-1', '0x1.4b7d1e0000000p-3', '0x1.8619aa0000000p+2',
    '-0x1.e03e700000000p+1', '0x1.d050700000000p-1', '-0x1.4212a80000000p-1', '-0x1.9a59920000000p+0',
    '0x1.c983b40000000p+4', '-0x1.76b5ac0000000p-1', '0x1.4d135c0000000p-4', '0x1.fa4f160000000p+4',
    '-0x1.a07fba0000000p+0', '-0x1.bf9b880000000p-3', '-0x1.261b360000000p+2', '-0x1.0ec58e0000000p+1']


def _model(activation, activation_layer):
    if activation_layer:
        layers = [keras.layers.Dense(4, kernel_initializer='zeros'), keras.layers.Activation(activation)]
    else:
        layers = [keras.layers.Dense(4, activation=activation, kernel_initializer='zeros')]
    model = keras.Sequential([keras.Input((3,))] + layers + [keras.layers.BatchNormalization()])
    model.layers[0].kernel.assign(KERNEL)
    model.layers[0].bias.assign([0.2, -0.1, 0.35, 0.0])
    model.layers[-1].set_weights(BN)
    model.compile(loss='mse')
    return model


def _hexes(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_dense_hard_sigmoid_then_batch_normalization():
    model = _model('hard_sigmoid', activation_layer=False)
    assert hexes_as_tf(_hexes(model.predict(X, batch_size=4, verbose=0)), HARD_SIGMOID_PREDICT)
    assert hexes_as_tf([float(model.evaluate(X, np.zeros((7, 4), 'float32'), batch_size=7, verbose=0)).hex()],
                       [HARD_SIGMOID_EVALUATE])
    assert hexes_as_tf(_hexes(model(X)), HARD_SIGMOID_EAGER)


def test_activation_layer_hard_silu_then_batch_normalization():
    model = _model('hard_silu', activation_layer=True)
    assert hexes_as_tf(_hexes(model.predict(X, batch_size=4, verbose=0)), HARD_SILU_PREDICT)
    assert hexes_as_tf([float(model.evaluate(X, np.zeros((7, 4), 'float32'), batch_size=7, verbose=0)).hex()],
                       [HARD_SILU_EVALUATE])
    # the direct call multiplies as written: its first value is another float32 than predict's
    assert hexes_as_tf(_hexes(model(X)), HARD_SILU_EAGER)
    assert HARD_SILU_EAGER[0] != HARD_SILU_PREDICT[0]
