"""Sums over leading axes in TF 2.21's order for float64 and where the kept values straddle packets
(values printed by TF 2.21; probes: /work/notes/progs/optimtraj/osum_golden.py, osum_grad_golden.py).

Eigen reduces such a sum in packets of the flattened result: 8 floats or 4 doubles, four row
accumulators each once there are 16 rows or more. tapeflow took that order for float32 only, with a
packet split per kept row: float64 sums (a float64 bias's gradient, Adafactor's column means of a
float64 kernel, a channels-first mean) were numpy's, and a float32 mean over the middle axis whose
rows are no whole number of packets (GlobalAveragePooling1D of (4, 20, 50)) took the lanes' order
in packets that TensorFlow adds one value at a time.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CASES = [
    # dtype, shape, axes, op, flat indices where numpy's order differs from TF's, TF's values there
    ('float32', (4, 20, 50), [1], 'mean', [50, 52, 54, 55, 97, 100],
     ['-0x1.ad1c90p-2', '0x1.d49c54p-4', '-0x1.7989e4p-5', '0x1.80c51cp-2', '0x1.3fc390p-2', '0x1.08e612p-2']),
    ('float64', (17, 33), [0], 'sum', [1, 4, 5, 6, 7, 9],
     ['-0x1.951307616bf9fp-1', '0x1.7ad2889fe9884p+0', '-0x1.7f74dd2772a2fp+1', '-0x1.d17b459c45f50p+1',
      '0x1.4c569cfdc76a3p+0', '-0x1.a6ed9bfdc975ep+2']),
    ('float64', (2, 16, 12), [1], 'sum', [1, 2, 3, 6, 7, 9],
     ['-0x1.1e7c287e5e30ep+1', '0x1.6b499c8dc2920p-4', '0x1.7082d3f87b05fp+0', '0x1.1c5675d819d91p+0',
      '-0x1.7f309ee38c284p-2', '-0x1.76d80d765a0aep+1']),
    ('float64', (4, 8, 25), [0, 2], 'mean', [0, 1, 2, 3, 4, 5],
     ['-0x1.f4aa50c8610c9p-4', '0x1.71291c26c770ep-4', '0x1.6925ab150122ep-5', '0x1.2ae25cd141156p-4',
      '-0x1.216f2f6fa4276p-9', '-0x1.73ebea5df5edcp-5']),
    ('float64', (64, 10), [0], 'mean', [0, 2, 3, 5, 6, 7],
     ['0x1.5becdb2fd3901p-5', '-0x1.c0be14edb8b99p-3', '-0x1.8f62b439de92ep-4', '0x1.652abb2cb1ec4p-6',
      '0x1.0045b492f2a7ep-2', '0x1.939fd7d7759b8p-3']),
]


def _hex(values):
    return [float(v).hex() for v in values]


@pytest.mark.parametrize('dtype, shape, axes, op, indices, expected', CASES)
def test_reductions_take_tf_order(dtype, shape, axes, op, indices, expected):
    x = np.random.RandomState(sum(shape)).randn(*shape).astype(dtype)
    reduce = tf.reduce_mean if op == 'mean' else tf.reduce_sum
    flat = reduce(tf.constant(x), axis=axes).numpy().ravel()
    assert _hex(flat[indices]) == _hex(map(float.fromhex, expected))


def test_global_average_pooling_1d_rows_past_the_first():
    # Keras's GlobalAveragePooling1D is ops.mean over the steps: the same sums as case 0
    x = np.random.RandomState(74).randn(4, 20, 50).astype('float32')
    flat = keras.layers.GlobalAveragePooling1D()(x).numpy().ravel()
    assert _hex(flat[[50, 52, 54, 55, 97, 100]]) == _hex(map(float.fromhex, CASES[0][5]))


def test_float64_bias_gradient():
    # the gradient of a broadcast x + b sums the upstream gradient over the batch
    c = np.random.RandomState(74).randn(64, 10)
    b = tf.Variable(np.zeros(10))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum((tf.constant(np.zeros((64, 10))) + b) * tf.constant(c))
    assert _hex(tape.gradient(y, b).numpy()) == [
        '0x1.5becdb2fd3901p+1', '0x1.9763144d3f21dp+2', '-0x1.c0be14edb8b99p+3', '-0x1.8f62b439de92ep+2',
        '0x1.2169001eca478p+3', '0x1.652abb2cb1ec4p+0', '0x1.0045b492f2a7ep+4', '0x1.939fd7d7759b8p+3',
        '0x1.24f0b519bdb94p+3', '-0x1.edabf8e0e7ef5p-2']
