"""ScheduleFreeAdamW on IndexedSlices gradients, and loss_scale_factor meeting one, against Keras 3.15.

Golden values: /work/notes/progs/optimtraj/gold_sf_sparse.py run with /opt/tfref/bin/python (TensorFlow
2.21, Keras 3.15), the same program as ``_train`` below: six ``apply_gradients`` of an IndexedSlices
whose first and third rows share an index, eager and inside a tf.function; float.hex of the weights
and of the optimizer's z ('momentum') after the last step. Keras on TensorFlow squares each row
before a repeated index's rows are summed into the velocity, and scatter-subtracts each row's
``lr * g / denominator`` from z on its own; before, tapeflow summed the rows first (the dense step),
which moved the repeated row's weights by several ulps from step one.
"""
import math

import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN = {
    ('eager', 0): (
        [
            '0x1.0129220000000p+0', '0x1.c550280000000p-1', '0x1.19e2880000000p-1', '0x1.ec342e0000000p-1',
            '0x1.8034260000000p-1', '0x1.6b9a540000000p-2', '0x1.cefda00000000p-1', '0x1.36c6860000000p-1',
            '0x1.42d13c0000000p-3', '0x1.a247d20000000p-1', '0x1.ce275e0000000p-2', '-0x1.ac6f840000000p-6',
            '0x1.5e28860000000p-1', '0x1.071a540000000p-2', '-0x1.e17f7a0000000p-3',
        ],
        [
            '0x1.037b600000000p+0', '0x1.cd4b780000000p-1', '0x1.24628c0000000p-1', '0x1.f09ba00000000p-1',
            '0x1.879fc00000000p-1', '0x1.7e5ab40000000p-2', '0x1.d34f5a0000000p-1', '0x1.3bdb000000000p-1',
            '0x1.592baa0000000p-3', '0x1.9fcbde0000000p-1', '0x1.cdaf5e0000000p-2', '-0x1.76e5040000000p-6',
            '0x1.5c6dc20000000p-1', '0x1.05f0520000000p-2', '-0x1.de61d80000000p-3',
        ]),
    ('eager', 3): (
        [
            '0x1.0129220000000p+0', '0x1.c550280000000p-1', '0x1.19e2880000000p-1', '0x1.f100780000000p-1',
            '0x1.84bd9e0000000p-1', '0x1.72bd7e0000000p-2', '0x1.d3e8e40000000p-1', '0x1.3b5d380000000p-1',
            '0x1.53b0260000000p-3', '0x1.a247d20000000p-1', '0x1.ce275e0000000p-2', '-0x1.ac6f840000000p-6',
            '0x1.602b500000000p-1', '0x1.0b1fd60000000p-2', '-0x1.d974660000000p-3',
        ],
        [
            '0x1.037b600000000p+0', '0x1.cd4b780000000p-1', '0x1.24628c0000000p-1', '0x1.f567ec0000000p-1',
            '0x1.8c29380000000p-1', '0x1.857de00000000p-2', '0x1.d887b40000000p-1', '0x1.40addc0000000p-1',
            '0x1.6aaf4c0000000p-3', '0x1.9fcbde0000000p-1', '0x1.cdaf5e0000000p-2', '-0x1.76e5040000000p-6',
            '0x1.5ed77c0000000p-1', '0x1.0ac3c40000000p-2', '-0x1.d4baf40000000p-3',
        ]),
    ('function', 0): (
        [
            '0x1.29205a0000000p-8', '0x1.fed3e60000000p-8', '0x1.5000fc0000000p-7', '-0x1.32e3a00000000p-6',
            '-0x1.d94ffe0000000p-7', '-0x1.dce5560000000p-8', '-0x1.12f5a20000000p-6', '-0x1.df48e80000000p-7',
            '-0x1.9467e20000000p-7', '-0x1.12a45c0000000p-7', '-0x1.2a10800000000p-9', '0x1.8fc1400000000p-9',
            '-0x1.a38d9c0000000p-7', '-0x1.5a1c7c0000000p-7', '-0x1.0302700000000p-7',
        ],
        [
            '0x1.bdb0860000000p-7', '0x1.7f1eec0000000p-6', '0x1.f801780000000p-6', '-0x1.4bea080000000p-7',
            '0x1.964c000000000p-15', '0x1.6999900000000p-7', '-0x1.117cea0000000p-7', '-0x1.34553c0000000p-8',
            '-0x1.7608100000000p-10', '-0x1.b1a1b40000000p-7', '-0x1.6610fc0000000p-9', '0x1.9e0a9c0000000p-8',
            '-0x1.091f560000000p-6', '-0x1.7f5c720000000p-7', '-0x1.a250b00000000p-8',
        ]),
    ('function', 3): (
        [
            '0x1.29205a0000000p-8', '0x1.fed3e60000000p-8', '0x1.5000fc0000000p-7', '-0x1.32b4a80000000p-7',
            '-0x1.6de47e0000000p-8', '-0x1.419f580000000p-12', '-0x1.d6349e0000000p-8', '-0x1.7339fc0000000p-8',
            '-0x1.0cf3040000000p-8', '-0x1.12a45c0000000p-7', '-0x1.2a10800000000p-9', '0x1.8fc1400000000p-9',
            '-0x1.22dc660000000p-7', '-0x1.b2d68c0000000p-8', '-0x1.04a2720000000p-8',
        ],
        [
            '0x1.bdb0860000000p-7', '0x1.7f1eec0000000p-6', '0x1.f801780000000p-6', '-0x1.8d77400000000p-11',
            '0x1.23f4100000000p-7', '0x1.26ff9e0000000p-6', '0x1.e4ce900000000p-10', '0x1.3518e80000000p-8',
            '0x1.d2f20c0000000p-8', '-0x1.b1a1b40000000p-7', '-0x1.6610fc0000000p-9', '0x1.9e0a9c0000000p-8',
            '-0x1.77d06c0000000p-7', '-0x1.c9dc640000000p-8', '-0x1.b5d0c00000000p-10',
        ]),
}


def _train(mode, warmup_steps):
    opt = keras.optimizers.ScheduleFreeAdamW(0.01, warmup_steps=warmup_steps)
    v = tf.Variable(np.array([[math.cos(0.2 * r + 0.5 * c) for c in range(3)] for r in range(5)], 'float32'))

    def body(vals, idx):
        opt.apply_gradients([(tf.IndexedSlices(vals, idx, tf.constant([5, 3], dtype=tf.int64)), v)])
    step = tf.function(body) if mode == 'function' else body
    for s in range(1, 7):
        idx = np.array([s % 5, (s * 2) % 5, s % 5], np.int64)
        vals = np.array([[2.0 * math.sin(0.5 * s + r + 0.3 * c) for c in range(3)] for r in range(3)], 'float32')
        step(tf.constant(vals), tf.constant(idx))
    return ([float(x).hex() for x in v.numpy().ravel()],
            [float(x).hex() for x in opt.variables[2].numpy().ravel()])


@pytest.mark.parametrize('mode, warmup_steps', sorted(GOLDEN))
def test_schedule_free_adamw_sparse_rows_match_keras_bits(mode, warmup_steps):
    weights, z = _train(mode, warmup_steps)
    expected_weights, expected_z = GOLDEN[mode, warmup_steps]
    assert z == expected_z
    assert weights == expected_weights


def test_loss_scale_factor_refuses_indexed_slices_after_building():
    """Keras divides each gradient by loss_scale_factor with Python's ``/``, which tf.IndexedSlices
    does not define: TF 2.21 raises this TypeError (its exact words, the factor's type named),
    with the optimizer already built and nothing updated (paths and messages printed by TF 2.21
    running this test's calls); before, tapeflow divided the rows and trained on."""
    opt = keras.optimizers.Adam(0.01, loss_scale_factor=4.0, name='scaled')
    v = tf.Variable(np.ones((4, 2), 'float32'))
    grad = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([4, 2]))
    with pytest.raises(TypeError, match=r"^unsupported operand type\(s\) for /: 'IndexedSlices' and 'float'$"):
        opt.apply_gradients([(grad, v)])
    assert [w.path for w in opt.variables] == ['scaled/iteration', 'scaled/learning_rate',
                                               'scaled/Variable_0_momentum', 'scaled/Variable_0_velocity']
    assert int(opt.iterations) == 0
    assert np.array_equal(v.numpy(), np.ones((4, 2), 'float32'))
    with pytest.raises(TypeError, match=r"for /: 'IndexedSlices' and 'int'$"):
        keras.optimizers.SGD(0.1, loss_scale_factor=2).apply_gradients([(grad, v)])
