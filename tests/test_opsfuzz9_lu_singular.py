"""tf.linalg.lu of a singular matrix is the Lu kernel's InvalidArgumentError, as in TF 2.21.

Expected texts printed by TF 2.21 (/work/notes/progs/opsfuzz9/p14_linalg2.py), e.g.
    try: tf.linalg.lu(tf.constant([[0., 0.], [0., 0.]]))
    except Exception as e: print(type(e).__name__, e)
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_TEXT = ('{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input is not invertible. '
         '[Op:Lu]')


@pytest.mark.parametrize('matrix', [
    [[0., 0.], [0., 0.]],
    [[1., 2.], [2., 4.]],                                   # an exact zero pivot after the row swap
    [[np.nan, 0.], [0., 1.]],                               # NaN pivots fail the kernel's |u_ii| > 0 test
    [[[1., 0.], [0., 1.]], [[0., 0.], [0., 0.]]],            # one singular matrix of a batch
])
def test_singular_input_is_refused(matrix):
    with pytest.raises(InvalidArgumentError) as info:
        tf.linalg.lu(tf.constant(matrix))
    assert str(info.value) == _TEXT + ' name: '


def test_a_list_goes_the_slow_path_and_tiny_pivots_pass():
    with pytest.raises(InvalidArgumentError) as info:
        tf.linalg.lu([[0., 0.], [0., 0.]])
    assert str(info.value) == _TEXT
    lu, p = tf.linalg.lu(tf.constant([[1e-30, 0.], [0., 1e-30]]))      # TF: lu = the input, p = [0, 1]
    np.testing.assert_array_equal(lu.numpy(), np.float32([[1e-30, 0.], [0., 1e-30]]))
    assert p.numpy().tolist() == [0, 1]
    assert tf.linalg.lu(tf.zeros([0, 0])).lu.shape == (0, 0)
