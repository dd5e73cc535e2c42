"""tf.one_hot / keras.ops.one_hot read ``axis`` as TF 2.21's op wrapper reads an int attribute (make_int):
int(axis), so 1.0 and 1.5 are axis 1 and 5.0 reaches the kernel's range check; a string is its TypeError.
tapeflow refused every float axis with its own InvalidArgumentError.

Golden values printed by TF 2.21 (progs/errors38/one_hot_axis.py, .tf.out), e.g.
    tf.one_hot(tf.constant([1, 0]), 3, axis=0.0)  -> shape (3, 2) [[0, 1], [1, 0], [0, 0]]
    tf.one_hot(tf.constant([1, 0]), 3, axis='1')  -> TypeError: Expected int for argument 'axis' not '1'.
    tf.one_hot(tf.constant([1, 0]), 3, axis=5.0)  -> InvalidArgumentError: ... Expected axis to be -1 or between
                                                     [0, 2).  But received: 5 [Op:OneHot] name:
"""
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

IDS = tf.constant([1, 0])


@pytest.mark.parametrize('one_hot', [tf.one_hot, keras.ops.one_hot])
@pytest.mark.parametrize('axis, expected', [(1.0, [[0., 1., 0.], [1., 0., 0.]]), (1.5, [[0., 1., 0.], [1., 0., 0.]]),
                                            (0.0, [[0., 1.], [1., 0.], [0., 0.]])])
def test_a_float_axis_is_truncated(one_hot, axis, expected):
    assert one_hot(IDS, 3, axis=axis).numpy().tolist() == expected


@pytest.mark.parametrize('one_hot', [tf.one_hot, keras.ops.one_hot])
def test_a_string_axis_and_one_out_of_range(one_hot):
    with pytest.raises(TypeError) as info:
        one_hot(IDS, 3, axis='1')
    assert str(info.value) == "Expected int for argument 'axis' not '1'."
    with pytest.raises(InvalidArgumentError) as info:
        one_hot(IDS, 3, axis=5.0)
    assert 'Expected axis to be -1 or between [0, 2).  But received: 5 [Op:OneHot]' in str(info.value)
