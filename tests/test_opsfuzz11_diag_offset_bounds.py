"""tf.linalg.diag_part / set_diag with a diagonal offset outside the matrix, as TF 2.21's MatrixDiagPartV3 /
MatrixSetDiagV3 (texts printed by TF 2.21, e.g. tf.linalg.diag_part(tf.reshape(tf.range(1., 13.), [3, 4]), k=4):
"... lower_diag_index is out of bound: 4. It must be between -3 and 4 [Op:MatrixDiagPartV3] name: diag_part")."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = np.arange(1., 13., dtype=np.float32).reshape(3, 4)
PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _text(f):
    with pytest.raises(InvalidArgumentError) as caught:
        f()
    return str(caught.value)


@pytest.mark.parametrize('k', [-4, -3, 4, 5])
def test_diag_part_offset_out_of_bound(k):
    expected = PREFIX % 'MatrixDiagPartV3' + ('lower_diag_index is out of bound: %d. It must be between -3 and 4 '
                                              '[Op:MatrixDiagPartV3] name: diag_part' % k)
    assert _text(lambda: tf.linalg.diag_part(tf.constant(X), k=k)) == expected
    assert _text(lambda: tf.linalg.diag_part(X, k=k)) == expected


@pytest.mark.parametrize('k, which, index, stop', [((-4, 0), 'lower', -4, '.'), ((0, 4), 'upper', 4, ''),
                                                   ((-3, 3), 'lower', -3, '.'), ((0, 5), 'upper', 5, '')])
def test_diag_part_band_out_of_bound_has_no_name_tail(k, which, index, stop):
    assert _text(lambda: tf.linalg.diag_part(tf.constant(X), k=k)) == PREFIX % 'MatrixDiagPartV3' + (
        '%s_diag_index is out of bound: %d%s It must be between -3 and 4 [Op:MatrixDiagPartV3]' % (which, index, stop))


def test_set_diag_offset_out_of_bound_comes_before_the_shape_check():
    assert _text(lambda: tf.linalg.set_diag(tf.constant(X), tf.ones([1]), k=-4)) == PREFIX % 'MatrixSetDiagV3' + (
        'lower_diag_index is out of bound: -4 It must be between -3 and 4 [Op:MatrixSetDiagV3] name: set_diag')
    assert _text(lambda: tf.linalg.set_diag(tf.constant(X), tf.ones([2, 1]), k=(0, 4))) == (
        PREFIX % 'MatrixSetDiagV3' + 'upper_diag_index is out of bound: 4 It must be between -3 and 4 '
                                     '[Op:MatrixSetDiagV3]')


def test_set_diag_list_diagonal_has_no_name_tail():
    assert _text(lambda: tf.linalg.set_diag(tf.constant(X), [9., 8])).endswith(
        'Expected diagonal shape: [3] [Op:MatrixSetDiagV3]')
    assert _text(lambda: tf.linalg.set_diag(X, np.ones([2], np.float32))).endswith(
        'Expected diagonal shape: [3] [Op:MatrixSetDiagV3] name: set_diag')


def test_in_bound_offsets_and_empty_matrices():
    assert tf.linalg.diag_part(X, k=3).numpy().tolist() == [4.0]
    assert tf.linalg.diag_part(X, k=-2).numpy().tolist() == [9.0]
    assert tf.linalg.diag_part(tf.zeros([0, 0]), k=0).numpy().tolist() == []
    assert 'It must be between 0 and 0' in _text(lambda: tf.linalg.diag_part(tf.zeros([0, 0]), k=1))
    assert tf.linalg.set_diag(X, [7.], k=3).numpy()[0, 3] == 7.0
