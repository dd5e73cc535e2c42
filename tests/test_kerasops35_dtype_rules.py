"""Keras 3.15's dtype rules for keras.ops on TF 2.21, where tapeflow differed.

- power / sign of uint8, uint16, uint32: TF's Pow and Sign have no unsigned kernels; Keras computes in
  int32 and casts back (tapeflow raised the kernels' InvalidArgumentError).
- uint64 meeting int64: Keras's lattice gives its weak float, floatx (float32); numpy's rule float64.
- matmul(bool, int8): int8 (Keras's int8 -> int32 rule needs both operands int8); tapeflow gave int32.

Goldens: /work/notes/progs/kerasops/g_dt.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

ops = tf.keras.ops


@pytest.mark.parametrize('call, dtype, expected', [
    (lambda: ops.power(np.array([2, 3, 20], 'uint8'), 2), 'uint8', [4, 9, 144]),
    (lambda: ops.power(np.array([2, 3], 'uint16'), np.array([3, 2], 'uint16')), 'uint16', [8, 9]),
    (lambda: ops.power(np.array([2, 3], 'uint32'), np.array([3, 2], 'int8')), 'int64', [8, 9]),
    (lambda: ops.sign(np.array([0, 3], 'uint8')), 'uint8', [0, 1]),
    (lambda: ops.sign(np.array([0, 7], 'uint32')), 'uint32', [0, 1]),
    (lambda: ops.add(np.array([1, 2], 'uint64'), np.array([3, -4], 'int64')), 'float32', [4.0, -2.0]),
    (lambda: ops.matmul(np.ones((2, 2), 'bool'), np.full((2, 2), 100, 'int8')), 'int8', [[-56, -56], [-56, -56]]),
])
def test_keras_dtype_rules(call, dtype, expected):
    out = call()
    assert out.dtype.name == dtype
    assert np.asarray(out).tolist() == expected
