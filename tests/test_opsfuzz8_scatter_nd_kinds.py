"""tf.scatter_nd of bools and strings, and the tensor_scatter_nd_* index-dtype refusals' tails, as TF 2.21.

Values and texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p11_index.py), e.g.
    tf.scatter_nd([[0, 1], [0, 1], [1, 0]], ['x', 'y', 'z'], [2, 2])
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_scatter_nd_ors_bools_and_joins_strings_in_index_order():
    got = tf.scatter_nd([[1], [1]], [False, True], [4])
    assert got.dtype == tf.bool and got.numpy().tolist() == [False, True, False, False]
    assert tf.scatter_nd([[1], [1]], [False, False], [4]).numpy().tolist() == [False] * 4
    got = tf.scatter_nd([[0, 1], [0, 1], [1, 0]], ['x', 'y', 'z'], [2, 2])
    assert got.dtype == tf.string and got.numpy().tolist() == [[b'', b'xy'], [b'z', b'']]
    got = tf.scatter_nd([[0], [0]], [[True, False], [False, False]], [2, 2])
    assert got.numpy().tolist() == [[True, False], [False, False]]


@pytest.mark.parametrize('op, kernel', [(tf.tensor_scatter_nd_add, 'TensorScatterAdd'),
                                        (tf.tensor_scatter_nd_update, 'TensorScatterUpdate'),
                                        (tf.tensor_scatter_nd_min, 'TensorScatterMin')])
def test_float_indices_in_a_list_print_no_name_tail(op, kernel):
    with pytest.raises(InvalidArgumentError) as info:
        op(tf.zeros([4], tf.int32), [[1.]], [5])
    assert str(info.value).startswith("Value for attr 'Tindices' of float is not in the list of allowed values: ")
    assert str(info.value).endswith('attr=bad_indices_policy:string,default=""> [Op:%s]' % kernel)
    with pytest.raises(InvalidArgumentError) as info:
        op(tf.zeros([4], tf.int32), tf.constant([[1.]]), tf.constant([5]))
    assert str(info.value).endswith('[Op:%s] name: ' % kernel)
