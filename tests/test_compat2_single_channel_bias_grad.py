"""A bias of one channel: tf.nn.bias_add's gradient adds the rows one after another as TF 2.21's
BiasAddGrad does (numpy's reduce of the contiguous column is pairwise: an ulp off from 8 rows on), and
Keras's Conv2D(1, ...) bias is Keras's tf.add (a bias of one value squeezes to no vector), its gradient
AddV2's reduce_sum. TF values from /work/notes/progs/compat2/p16c.py, p16e.py (a TF 1-era regression with
tf.nn.xw_plus_b drifted from TF's Momentum trajectory at its 6th step, p16b.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _bias_grad(rng, shape):
    g = tf.constant(rng.randn(*shape).astype(np.float32))
    bias = tf.Variable(np.zeros(shape[-1], np.float32))
    with tf.GradientTape() as tape:
        out = tf.nn.bias_add(tf.zeros(shape), bias)
    return [float(v).hex() for v in tape.gradient(out, bias, output_gradients=g).numpy()]


def test_bias_add_grad_sums_rows_in_order():
    rng = np.random.RandomState(1)
    expected = {
        (8, 1): ['-0x1.0a84100000000p+0'],
        (8, 2): ['0x1.21b2620000000p+1', '-0x1.387bee0000000p+1'],
        (8, 3): ['-0x1.aa64c40000000p+1', '-0x1.7fa75c0000000p-4', '0x1.50c0280000000p+1'],
        (33, 1): ['0x1.7016240000000p+2'],
        (100, 1): ['0x1.1809820000000p+3'],
        (5, 1): ['0x1.61d4880000000p+0'],
        (17, 4): ['0x1.1d2a2c0000000p-1', '-0x1.9ccd440000000p+0', '-0x1.7e3daa0000000p+0', '0x1.94ea1c0000000p+2'],
        (64, 1): ['0x1.5b4ff80000000p+3'],
        (200, 3): ['-0x1.f6820c0000000p+1', '0x1.ffd8820000000p+3', '-0x1.3e13e00000000p-4'],
    }
    assert {shape: _bias_grad(rng, shape) for shape in expected} == expected


@pytest.mark.skipif(tf.config.threading.get_intra_op_parallelism_threads() not in (0, 2) or
                    len(__import__('os').sched_getaffinity(0)) != 2,
                    reason="the split of 50000 rows and more follows TF's pool of 2 threads, where TF's values came from")
def test_single_channel_over_many_rows_and_conv2d_with_one_filter():
    rng = np.random.RandomState(2)
    expected = {(9, 1): ['-0x1.59e3300000000p+2'], (1000, 1): ['-0x1.5060bc0000000p+5'],
                (50000, 1): ['0x1.2780120000000p+1'], (300000, 1): ['-0x1.84a3800000000p+9'],
                (4, 7, 7, 1): ['0x1.284c160000000p+4']}
    assert {shape: _bias_grad(rng, shape) for shape in expected} == expected
    conv = keras.layers.Conv2D(1, 3, padding='same')
    x = tf.constant(rng.randn(4, 12, 12, 2).astype(np.float32))
    with tf.GradientTape() as tape:
        y = conv(x)
        loss = tf.reduce_sum(y * tf.constant(rng.randn(4, 12, 12, 1).astype(np.float32)))
    assert [float(v).hex() for v in tape.gradient(loss, conv.bias).numpy()] == ['-0x1.468fc40000000p+3']
