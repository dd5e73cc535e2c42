"""tf.norm with an axis out of range fails in the first op of TF 2.21's norm that meets it (texts printed by
TF 2.21 for y of shape [2, 3]: tf.norm(y, ord=np.inf, axis=5) -> '... Invalid reduction dimension (5 for input
with 2 dimension(s) [Op:Max] name: '; tf.norm(y, ord=2, axis=[0, 5]) -> '... transpose expects a vector of size
2. But input(1) is a vector of size 3 [Op:Transpose] name: ')."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

Y = tf.constant([[1., -2, 3], [-4, 5, -6]])


def _prefix(kernel):
    return '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} ' % kernel


@pytest.mark.parametrize('ord_, axis, kernel, dim, tail', [
    (np.inf, 5, 'Max', 5, ' name: '), (1.5, 5, 'Sum', 5, ''), (2, 5, 'Sum', 5, ''), ('euclidean', 5, 'Sum', 5, ''),
    (1, 5, 'Sum', 5, ' name: '), (3, -3, 'Sum', -3, ''),
    ('fro', [0, 5], 'Sum', 5, ''), ('fro', [5, 0], 'Sum', 5, ''),
    (np.inf, [0, 5], 'Sum', 5, ' name: '), (np.inf, [5, 0], 'Max', 5, ' name: '),
    (1, [0, 5], 'Max', 5, ' name: '), (1, [5, 0], 'Sum', 5, ' name: ')])
def test_reduction_errors(ord_, axis, kernel, dim, tail):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.norm(Y, ord=ord_, axis=axis)
    assert str(caught.value) == _prefix(kernel) + (
        'Invalid reduction dimension (%d for input with 2 dimension(s) [Op:%s]%s' % (dim, kernel, tail))


@pytest.mark.parametrize('axis', [[0, 5], [5, 0], [0, -3]])
def test_spectral_norm_fails_in_transpose(axis):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.norm(Y, ord=2, axis=axis)
    assert str(caught.value) == _prefix('Transpose') + (
        'transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose] name: ')
