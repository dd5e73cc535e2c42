"""errors19: shape ops refuse bad arguments in their TF 2.21 kernels' words, with the ' name: ' tail where TF's
eager fast path adds it (texts printed by TF 2.21, /work/notes/progs/errors19/q8.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly


def _kernel(node, text, op=None, tail=''):
    return ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]%s'
            % (node, text, op or node, tail))


_TSHAPE = ("Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: "
           "{{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; "
           "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Reshape]")


@pytest.mark.parametrize('call, text', [
    (lambda: tf.unstack(tf.ones((2, 3)), num=3),
     _kernel('Unpack_num_3', 'Input shape axis 0 must equal 3, got shape [2,3]', 'Unpack', ' name: unstack')),
    (lambda: tf.unstack(tf.ones((2, 3)), num=2, axis=1),
     _kernel('Unpack_num_2', 'Input shape axis 1 must equal 2, got shape [2,3]', 'Unpack', ' name: unstack')),
    (lambda: tf.split(tf.ones(6), [2, -1, -1]),
     _kernel('SplitV_num_split_3', 'There can only be one -1 in the input.', 'SplitV', ' name: split')),
    (lambda: tf.squeeze(tf.ones((2, 1)), axis=0),
     _kernel('Squeeze', 'Can not squeeze dim[0], expected a dimension of 1, got 2', tail=' name: ')),
    (lambda: tf.squeeze([[1.], [2.]], axis=0), _kernel('Squeeze', 'Can not squeeze dim[0], expected a dimension of 1, '
                                                                  'got 2')),
    (lambda: tf.gather_nd(tf.ones((2, 2)), [[0, 0, 0]]),
     _kernel('GatherNd', 'index innermost dimension length must be <= params rank; saw: 3 vs. 2')),
    (lambda: tf.gather_nd(tf.ones((2, 2)), tf.constant([[0, 0, 0]])),
     _kernel('GatherNd', 'index innermost dimension length must be <= params rank; saw: 3 vs. 2', tail=' name: ')),
    (lambda: tf.pad(tf.ones(2), [[-1, 1]]), _kernel('Pad', 'Paddings must be non-negative: -1 1')),
    (lambda: tf.pad(tf.ones((2, 2)), [[0, 0], [1, -2]]), _kernel('Pad', 'Paddings must be non-negative: 1 -2')),
    (lambda: tf.pad(tf.ones(2), tf.constant([[-1, 1]])),
     _kernel('Pad', 'Paddings must be non-negative: -1 1', tail=' name: ')),
    (lambda: tf.pad(tf.ones(2), [[3, 3]], mode='REFLECT'),
     _kernel('MirrorPad', 'paddings must be less than the dimension size: 3, 3 not less than 2')),
    (lambda: tf.pad(tf.ones(2), tf.constant([[3, 3]]), mode='REFLECT'),
     _kernel('MirrorPad', 'paddings must be less than the dimension size: 3, 3 not less than 2', tail=' name: ')),
    (lambda: tf.pad(tf.ones((3, 2)), [[0, 0], [0, 5]], mode='symmetric'),
     _kernel('MirrorPad', 'paddings must be no greater than the dimension size: 0, 5 greater than 2')),
    (lambda: tf.reshape(tf.range(6), 'a'), _TSHAPE),
    (lambda: tf.reshape([1, 2], [['a']]), _TSHAPE),
    (lambda: tf.reshape(tf.range(6), [[2, 3]]), _kernel('Reshape', 'sizes input must be 1-D, not [1,2]')),
    (lambda: tf.reshape(tf.range(6), np.array([[2, 3]])),
     _kernel('Reshape', 'sizes input must be 1-D, not [1,2]', tail=' name: ')),
    (lambda: tf.one_hot([0, 1], [3]), _kernel('OneHot', 'depth must be a scalar, but got: [1]')),
    (lambda: tf.one_hot([0, 1], tf.constant([3])), _kernel('OneHot', 'depth must be a scalar, but got: [1]')),
    (lambda: tf.one_hot([0, 1], np.array([3, 4])), _kernel('OneHot', 'depth must be a scalar, but got: [2]')),
])
def test_shape_kernel_texts(call, text):
    # tapeflow raised the same class with its own sentence (now a note)
    assert_raises_exactly(call, InvalidArgumentError, text)


def test_stack_axis_of_text_is_pythons_comparison_error():
    # TF's stack compares the axis with the rank in Python; tapeflow raised its own InvalidArgumentError
    assert_raises_exactly(lambda: tf.stack([tf.ones(2), tf.ones(2)], axis='a'), TypeError,
                          "'<' not supported between instances of 'str' and 'int'")
