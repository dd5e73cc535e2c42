"""tf.linalg.diag_part / diag / set_diag with a band k=(lower, upper) and TensorFlow's aligns.

Expected values were printed by TensorFlow 2.21 (/opt/tfref) for the inputs below; before,
tapeflow refused a pair k with TypeError.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients

L = tf.linalg
X = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
Y = np.arange(1, 13, dtype=np.float32).reshape(4, 3)
V = np.arange(1, 10, dtype=np.float32).reshape(3, 3)


@pytest.mark.parametrize('call, expected', [
    (lambda: L.diag_part(X, k=(-1, 1)), [[2.0, 7.0, 12.0], [1.0, 6.0, 11.0], [5.0, 10.0, 0.0]]),
    (lambda: L.diag_part(X, k=(-1, 2), align='LEFT_LEFT', padding_value=9),
     [[3.0, 8.0, 9.0], [2.0, 7.0, 12.0], [1.0, 6.0, 11.0], [5.0, 10.0, 9.0]]),
    (lambda: L.diag_part(Y, k=(-2, 0), align='LEFT_RIGHT'), [[1.0, 5.0, 9.0], [4.0, 8.0, 12.0], [0.0, 7.0, 11.0]]),
    (lambda: L.diag_part(Y, k=(1, 2), align='RIGHT_RIGHT'), [[0.0, 3.0], [2.0, 6.0]]),
    (lambda: L.diag_part(np.stack([X, -X]), k=(0, 1)),
     [[[2.0, 7.0, 12.0], [1.0, 6.0, 11.0]], [[-2.0, -7.0, -12.0], [-1.0, -6.0, -11.0]]]),
    (lambda: L.diag(V, k=(-1, 1)), [[4.0, 2.0, 0.0], [7.0, 5.0, 3.0], [0.0, 8.0, 6.0]]),
    (lambda: L.diag(V, k=(-1, 1), padding_value=7, align='LEFT_RIGHT'),
     [[4.0, 1.0, 7.0], [8.0, 5.0, 2.0], [7.0, 9.0, 6.0]]),
    (lambda: L.diag(V[:2], k=(0, 1), num_rows=3, num_cols=4),
     [[4.0, 1.0, 0.0, 0.0], [0.0, 5.0, 2.0, 0.0], [0.0, 0.0, 6.0, 3.0]]),
    (lambda: L.diag(V[:2, :2], k=(1, 2)), [[0.0, 4.0, 2.0], [0.0, 0.0, 5.0], [0.0, 0.0, 0.0]]),
    (lambda: L.set_diag(X, V[:, :3] * 10, k=(-1, 1)),
     [[40.0, 10.0, 3.0, 4.0], [70.0, 50.0, 20.0, 8.0], [9.0, 80.0, 60.0, 30.0]]),
    (lambda: L.set_diag(X, V[:2, :3] * 10, k=(0, 1), align='LEFT_LEFT'),
     [[40.0, 10.0, 3.0, 4.0], [5.0, 50.0, 20.0, 8.0], [9.0, 10.0, 60.0, 30.0]]),
])
def test_bands_match_tensorflow(call, expected):
    np.testing.assert_array_equal(call().numpy(), expected)


def test_lower_above_upper_is_refused():
    with pytest.raises(InvalidArgumentError, match='lower_diag_index must not be larger'):
        L.diag_part(X, k=(1, -1))


RNG = np.random.default_rng(2)


@pytest.mark.parametrize('fn, xs', [
    (lambda x: L.diag_part(x, k=(-1, 2)), [RNG.normal(size=(2, 3, 4))]),
    (lambda v: L.diag(v, k=(-1, 1), align='LEFT_RIGHT'), [RNG.normal(size=(3, 3))]),
    (lambda x, v: L.set_diag(x, v, k=(0, 1)), [RNG.normal(size=(3, 4)), RNG.normal(size=(2, 3))]),
])
def test_band_gradients_match_central_differences(fn, xs):
    check_gradients(fn, xs)
