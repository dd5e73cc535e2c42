"""tf.linalg.diag's num_rows / num_cols checks in MatrixDiagV3's words (printed by TF 2.21 for each call)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

PREFIX = '{{function_node __wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('make, text', [
    (lambda: tf.linalg.diag([1, 2], num_rows=3, num_cols=4),
     'The number of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal. '
     '[Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag(tf.constant([1, 2]), num_rows=3, num_cols=4),
     'The number of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal. '
     '[Op:MatrixDiagV3] name: diag'),
    (lambda: tf.linalg.diag(tf.constant([1, 2]), k=1, num_rows=2, num_cols=2),
     'The number of columns is too small. [Op:MatrixDiagV3] name: diag'),
    (lambda: tf.linalg.diag(tf.constant([1, 2]), num_rows=1), 'The number of rows is too small. [Op:MatrixDiagV3] name: diag'),
])
def test_size_errors(make, text):
    with pytest.raises(InvalidArgumentError) as info:
        make()
    assert str(info.value) == PREFIX + text


def test_sizes_that_fit():
    # TF 2.21: a 3 x 2 matrix with [1, 2] on the diagonal, and [[0 1 0 0 0] [0 0 2 0 0]] for num_cols=5
    assert tf.linalg.diag(tf.constant([1, 2]), num_rows=3).numpy().tolist() == [[1, 0], [0, 2], [0, 0]]
    assert tf.linalg.diag(tf.constant([1, 2]), k=1).numpy().tolist() == [[0, 1, 0], [0, 0, 2], [0, 0, 0]]
    assert tf.linalg.diag(tf.constant([[1, 2]]), k=-1, num_rows=3, num_cols=2).numpy().tolist() == \
        [[[0, 0], [1, 0], [0, 2]]]
