"""keras.ops.lu_factor runs Keras 3's TF steps, tf.linalg.lu then tf.math.invert_permutation: a singular matrix is
Lu's "Input is not invertible." and a batch InvertPermutation's "invert_permutation expects a 1D vector." (tapeflow
factored both); tf.math.invert_permutation's kernel texts are TF's; tf.linalg.lu of a matrix holding inf computes on
in IEEE arithmetic as TF's kernel ([[inf, 1], [1, 2]] is [[inf, 1], [0, 2]]; tapeflow gave NaN).

Goldens: TF 2.21's outputs of /work/notes/progs/kerasops14/e3.py (21 of 21 lines equal after the fix, 2 differed),
e4.py (6 of 6, 6 differed) and its invert_permutation texts (7 of 7).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops
_A = np.array([[4., 2., 1.], [2., 3., 0.5], [1., 0.5, 5.]], 'float32')
_PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_one_matrix():
    lu, pivots = ops.lu_factor(_A)
    assert np.asarray(lu).tolist() == [[4.0, 2.0, 1.0], [0.5, 2.0, 0.0], [0.25, 0.0, 4.75]]
    assert pivots.dtype == 'int32' and np.asarray(pivots).tolist() == [0, 1, 2]


@pytest.mark.parametrize('x', [np.stack([_A, _A * 2]), [[[1., 2.], [3., 4.]]]])
def test_a_batch_is_invert_permutations_refusal(x):
    with pytest.raises(InvalidArgumentError) as caught:
        ops.lu_factor(x)
    assert str(caught.value) == (_PREFIX % 'InvertPermutation' + 'invert_permutation expects a 1D vector. '
                                 '[Op:InvertPermutation] name: ')


def test_a_singular_matrix_is_lus_refusal():
    with pytest.raises(InvalidArgumentError) as caught:
        ops.lu_factor(np.zeros((2, 2), 'float32'))
    assert str(caught.value) == _PREFIX % 'Lu' + 'Input is not invertible. [Op:Lu] name: '


@pytest.mark.parametrize('matrix, packed, order', [
    ([[np.inf, 1.], [1., 2.]], [[np.inf, 1.0], [0.0, 2.0]], [0, 1]),
    ([[1., np.inf], [1., 2.]], [[1.0, np.inf], [1.0, -np.inf]], [0, 1]),
    ([[1., 2.], [np.inf, 2.]], [[np.inf, 2.0], [0.0, 2.0]], [1, 0]),
    ([[np.inf, np.inf], [1., 2.]], [[np.inf, np.inf], [0.0, np.nan]], [0, 1]),
])
def test_infinite_entries_compute_on(matrix, packed, order):
    lu, p = tf.linalg.lu(tf.constant(matrix, tf.float32))
    np.testing.assert_array_equal(np.asarray(lu), np.array(packed, 'float32'))
    assert np.asarray(p).tolist() == order


@pytest.mark.parametrize('x, text, named', [
    (tf.constant([[0, 1]]), 'invert_permutation expects a 1D vector.', True),
    ([[0, 1]], 'invert_permutation expects a 1D vector.', False),
    (tf.constant([1, 1]), '1 is duplicated in the input.', True),
    (tf.constant([0, 5]), '5 is not between 0 and 2', True),
    ([0, 5], '5 is not between 0 and 2', False),
])
def test_invert_permutation_texts(x, text, named):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.invert_permutation(x)
    assert str(caught.value) == _PREFIX % 'InvertPermutation' + text + ' [Op:InvertPermutation]' + (
        ' name: ' if named else '')
