"""keras.ops argmax / argmin, sort / argsort and where as Keras 3.15 runs them on TF 2.21.

- argmax / argmin of floats: Keras makes each -0.0 (and, as TF's CPU reads denormals as zeros, each
  negative denormal) -tiny first, so argmax([-0., 0.]) is 1 and argmin([0., -0.]) is 1; tapeflow gave 0.
- sort(axis=None) sorts the flattened tensor (tapeflow: 'too many values to unpack'); bools sort through
  int8 and argsort bools through uint8 (tapeflow: Neg's refusal); argsort of a scalar is [0].
- where(cond, None, y): Keras's ValueError words.

Goldens: /work/notes/progs/kerasops/g_argmax.py and c8.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

ops = tf.keras.ops


@pytest.mark.parametrize('call, expected', [
    (lambda: ops.argmax(np.array([-0., 0.], 'float32')), 1),
    (lambda: ops.argmin(np.array([0., -0.], 'float32')), 1),
    (lambda: ops.argmax(np.array([[-0., 0.], [0., -0.]], 'float16'), axis=1), [1, 0]),
    (lambda: ops.argmin(np.array([[-0., 0.], [0., -0.]], 'float64'), axis=0, keepdims=True), [[0, 1]]),
    (lambda: ops.argmax(np.array([-0., -1e-45, -0.], 'float32')), 0),
    (lambda: ops.argmax(np.array([np.nan, 0.], 'float32')), 1),
    (lambda: ops.argmax(np.array([-0., 0.], 'float32').reshape(1, 2), keepdims=True), [[1]]),
])
def test_argmax_takes_positive_zero_over_negative_zero(call, expected):
    out = call()
    assert out.dtype == tf.int32
    assert out.numpy().tolist() == expected


def test_sort_of_the_flattened_tensor():
    out = ops.sort(np.array([[3, 1], [0, 2]]), axis=None)
    assert out.dtype == tf.int64 and out.numpy().tolist() == [0, 1, 2, 3]


def test_sort_and_argsort_of_bools():
    out = ops.sort(np.array([True, False, True]), axis=None)
    assert out.dtype == tf.bool and out.numpy().tolist() == [False, True, True]
    out = ops.argsort(np.array([True, False, True]))
    assert out.dtype == tf.int32 and out.numpy().tolist() == [1, 0, 2]


def test_argsort_of_a_scalar():
    out = ops.argsort(np.float32(3.))
    assert out.dtype == tf.int32 and out.numpy().tolist() == [0]


def test_where_with_one_branch_missing():
    with pytest.raises(ValueError) as caught:
        ops.where(np.array([True]), None, 1)
    assert str(caught.value) == '`x1` and `x2` either both should be `None` or both should have non-None value.'
