"""An unrolled SimpleRNN / LSTM / GRU (last output) in a traced step (tf.function, fit) sums its
weights' gradients as TF 2.21's graph does: one AddN per weight of the steps' terms, sorted by the steps' scope names
('<cell>_1', '<cell>_11', '<cell>_3', ...). Values printed by TF 2.21 (progs/rnnparity/r16_testgen.py);
before, tapeflow added them last step first (eager order) and differed in last bits in all six cases."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _traced_gradients(kind, go_backwards=False, mask=False):
    rng = np.random.RandomState(0)
    x = rng.randn(4, 6, 3).astype('float32')
    if mask:
        x[1, 4:] = 0.0
    w = rng.randn(4, 2).astype('float32')
    rnn = getattr(layers, kind)(2, unroll=True, go_backwards=go_backwards)
    model = keras.Sequential([layers.Input((6, 3))] + ([layers.Masking(0.0)] if mask else []) + [rnn])
    model.set_weights([np.random.RandomState(i + 1).randn(*v.shape).astype('float32') * 0.5
                       for i, v in enumerate(model.get_weights())])

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x) * w)
        return tape.gradient(loss, model.trainable_weights)
    return [[float(v).hex() for v in np.asarray(g).ravel()] for g in step(tf.constant(x))]


EXPECTED = {
    ('SimpleRNN',): [
        ['-0x1.5a5b340000000p-1', '0x1.641bcc0000000p-3', '0x1.0fa35a0000000p-1',
         '-0x1.3ccbf60000000p-1', '0x1.e7317e0000000p-1', '0x1.faa6f00000000p-3'],
        ['0x1.81a5e60000000p+0', '-0x1.a064640000000p-1', '-0x1.4b52320000000p+0',
         '0x1.8942f80000000p-1'],
        ['-0x1.77df320000000p-1', '-0x1.321ec80000000p+0'],
    ],
    ('SimpleRNN', True, True): [
        ['-0x1.a1ab0c0000000p-1', '-0x1.624ca00000000p+0', '-0x1.950f780000000p+0',
         '-0x1.9c989c0000000p-1', '-0x1.e3b5840000000p-1', '0x1.d453340000000p-2'],
        ['0x1.ec4a6a0000000p-3', '-0x1.33a52c0000000p-1', '-0x1.bb38f40000000p-1',
         '0x1.0941a80000000p-5'],
        ['-0x1.cca0d00000000p-2', '-0x1.4334980000000p+0'],
    ],
    ('LSTM',): [
        ['-0x1.5b5f000000000p-5', '0x1.d017d60000000p-3', '-0x1.fa17e00000000p-6',
         '-0x1.1344d60000000p-4', '0x1.04a8180000000p-1', '0x1.3ea0900000000p-5',
         '-0x1.9c24500000000p-9', '0x1.607c360000000p-3', '0x1.144bb80000000p-7',
         '0x1.3eaa5c0000000p-4', '-0x1.a1db380000000p-6', '0x1.0cf8560000000p-5',
         '0x1.0414000000000p+0', '-0x1.92f6fe0000000p-4', '0x1.21bffe0000000p-6',
         '0x1.04bd780000000p-3', '0x1.0b82700000000p-6', '-0x1.88127c0000000p-4',
         '-0x1.6f66f00000000p-6', '0x1.3531e20000000p-4', '0x1.3be5b00000000p-3',
         '0x1.b14ac60000000p-4', '0x1.daeee20000000p-4', '-0x1.0c2b080000000p-5'],
        ['-0x1.ac5db40000000p-8', '-0x1.3495260000000p-6', '0x1.6f9f7e0000000p-7',
         '0x1.08ce700000000p-7', '-0x1.3593e20000000p-4', '0x1.ea60ca0000000p-7',
         '-0x1.0b4b660000000p-9', '-0x1.5f18a20000000p-7', '-0x1.4bc3c00000000p-9',
         '0x1.24fae80000000p-6', '0x1.107fd40000000p-6', '-0x1.0afb160000000p-5',
         '-0x1.8d47660000000p-3', '-0x1.6d33a60000000p-7', '-0x1.6dd84e0000000p-6',
         '0x1.0e73ba0000000p-8'],
        ['-0x1.d0c3f40000000p-7', '0x1.17985a0000000p-7', '0x1.16c59e0000000p-7',
         '-0x1.7d3c440000000p-6', '0x1.fffd340000000p-2', '-0x1.b96c2c0000000p-3',
         '-0x1.13ee440000000p-4', '0x1.d883d40000000p-7'],
    ],
    ('LSTM', True, True): [
        ['-0x1.1679800000000p-3', '0x1.201d980000000p-3', '0x1.0f85aa0000000p-2',
         '0x1.fb852c0000000p-6', '0x1.37acc00000000p-1', '-0x1.1cb54a0000000p-7',
         '-0x1.4538900000000p-3', '0x1.999a800000000p-3', '0x1.72ab100000000p-6',
         '0x1.7c63ac0000000p-5', '-0x1.0e0d240000000p-6', '0x1.ac42c00000000p-12',
         '-0x1.2091b80000000p-2', '0x1.408df00000000p-6', '-0x1.bdd5a20000000p-3',
         '-0x1.180fba0000000p-6', '0x1.177ee00000000p-6', '-0x1.63d2c60000000p-6',
         '0x1.16df380000000p-3', '-0x1.c459240000000p-7', '0x1.027cc00000000p+0',
         '0x1.4d23700000000p-5', '-0x1.4d0df80000000p-4', '-0x1.cf02620000000p-3'],
        ['-0x1.41eff60000000p-6', '0x1.2c70620000000p-5', '0x1.ac4cac0000000p-4',
         '0x1.bcc3900000000p-7', '0x1.ad49a20000000p-2', '-0x1.6300f60000000p-9',
         '-0x1.c26fb20000000p-7', '0x1.28d98c0000000p-4', '0x1.2b6ce80000000p-10',
         '-0x1.7b5d980000000p-8', '0x1.ccba8e0000000p-9', '-0x1.64c1e80000000p-9',
         '-0x1.1411540000000p-5', '-0x1.0742980000000p-9', '0x1.c9c0080000000p-9',
         '-0x1.868df60000000p-7'],
        ['-0x1.2c39520000000p-4', '0x1.95df840000000p-4', '0x1.72f0920000000p-3',
         '0x1.8de7400000000p-6', '-0x1.72eef40000000p-3', '-0x1.d2e7f20000000p-6',
         '-0x1.a38dbc0000000p-5', '0x1.c4ee860000000p-3'],
    ],
    ('GRU',): [
        ['-0x1.face540000000p-5', '-0x1.569ca40000000p-1', '-0x1.dd083c0000000p-5',
         '0x1.08ed9e0000000p-8', '0x1.8272560000000p-1', '-0x1.0abab00000000p-5',
         '-0x1.d6a90a0000000p-4', '-0x1.0d5a100000000p-2', '-0x1.3604880000000p-6',
         '0x1.829c2c0000000p-6', '0x1.bb41ce0000000p-3', '-0x1.68d6f00000000p-3',
         '0x1.873ee80000000p-7', '-0x1.05f3d60000000p-3', '-0x1.075c940000000p-5',
         '0x1.3197d60000000p-5', '0x1.8262fc0000000p-1', '0x1.9141820000000p-2'],
        ['-0x1.12ba980000000p-4', '-0x1.5f67300000000p-4', '0x1.e332540000000p-7',
         '0x1.ceb3440000000p-6', '0x1.2c293e0000000p-3', '0x1.cfe0b20000000p-5',
         '0x1.f4585c0000000p-10', '-0x1.5a73920000000p-3', '0x1.3ad9ba0000000p-4',
         '-0x1.852d280000000p-5', '-0x1.df14c20000000p-2', '0x1.45f4b80000000p-4'],
        ['0x1.7960a20000000p-3', '0x1.600be20000000p-2', '-0x1.a25c380000000p-4',
         '-0x1.1a91760000000p-6', '0x1.e44d180000000p-6', '-0x1.5d77880000000p-1',
         '0x1.7960a20000000p-3', '0x1.600be20000000p-2', '-0x1.a25c380000000p-4',
         '-0x1.1a91760000000p-6', '0x1.7c6a600000000p-4', '-0x1.7e9e3e0000000p-3'],
    ],
    ('GRU', True, True): [
        ['-0x1.32a8880000000p-8', '-0x1.fcbc740000000p-3', '-0x1.d4c2b40000000p-4',
         '0x1.47a5800000000p-6', '0x1.a31f240000000p-1', '-0x1.0910880000000p-3',
         '0x1.25cb1e0000000p-3', '-0x1.d09fe60000000p-2', '0x1.a80d600000000p-11',
         '-0x1.19faf80000000p-6', '0x1.4620f40000000p-3', '0x1.e1acc00000000p-9',
         '-0x1.fda4400000000p-8', '-0x1.0280280000000p-1', '-0x1.1eef900000000p-6',
         '-0x1.03b4380000000p-6', '0x1.94d4c40000000p-2', '0x1.7a78180000000p-3'],
        ['-0x1.c255600000000p-5', '0x1.8c01ba0000000p-4', '0x1.f171c60000000p-8',
         '0x1.0b2dd00000000p-9', '0x1.721e860000000p-4', '0x1.589c9a0000000p-8',
         '-0x1.5305000000000p-7', '-0x1.d2eda40000000p-3', '0x1.85b16e0000000p-4',
         '-0x1.c7c7c80000000p-7', '-0x1.b8501a0000000p-2', '0x1.75997e0000000p-5'],
        ['0x1.40ac3a0000000p-3', '-0x1.f3ccac0000000p-6', '-0x1.d97b740000000p-4',
         '0x1.55aaee0000000p-7', '0x1.f5a8500000000p-3', '-0x1.6befae0000000p-3',
         '0x1.40ac3a0000000p-3', '-0x1.f3ccac0000000p-6', '-0x1.d97b740000000p-4',
         '0x1.55aaee0000000p-7', '0x1.7357f60000000p-3', '-0x1.01aa920000000p-4'],
    ],
}


@pytest.mark.parametrize('args', list(EXPECTED))
def test_unrolled_traced_weight_gradients_add_in_graph_order(args):
    assert _traced_gradients(*args) == EXPECTED[args]
