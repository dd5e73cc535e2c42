"""tf.squeeze / tf.expand_dims with axes TensorFlow 2.21 reads its own way: Squeeze takes its axis as a
list(int) attribute (a float is cut to an int, a string refused in the attribute's words, a scalar's
axis refused by the kernel), ExpandDims wants one value. Texts and values printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf

_SQUEEZE = '{{function_node __wrapped__Squeeze_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_EXPAND = '{{function_node __wrapped__ExpandDims_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_squeeze_float_axes_are_cut_to_ints():
    assert tf.squeeze(tf.ones((1, 2)), axis=0.0).numpy().tolist() == [1.0, 1.0]
    assert tf.squeeze(tf.ones((2, 1)), axis=1.0).numpy().tolist() == [1.0, 1.0]
    assert tf.squeeze(tf.ones((1, 2, 1)), axis=[0.0, 2.0]).numpy().tolist() == [1.0, 1.0]
    with pytest.raises(tf.errors.InvalidArgumentError) as info:      # (TF's slow path: no name tail)
        tf.squeeze(tf.ones((1, 2)), axis=1.0)
    assert str(info.value) == _SQUEEZE + 'Can not squeeze dim[1], expected a dimension of 1, got 2 [Op:Squeeze]'


def test_squeeze_string_axis_is_refused_as_an_int_attribute():
    with pytest.raises(TypeError) as info:
        tf.squeeze(tf.ones((1, 2)), axis='a')
    assert str(info.value) == "Expected int for argument 'axis' not 'a'."


@pytest.mark.parametrize('axis, index', [(0, 0), (-1, -1), ([0], 0)])
def test_squeeze_of_a_scalar_with_an_axis(axis, index):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.squeeze(tf.constant(1.0), axis=axis)
    assert str(info.value) == (_SQUEEZE + 'Tried to squeeze dim index %d for tensor with 0 dimensions. '
                                          '[Op:Squeeze] name: ' % index)
    assert tf.squeeze(tf.constant(1.0)).numpy() == 1.0


@pytest.mark.parametrize('axis', [[0, 1], []])
def test_expand_dims_takes_one_axis(axis):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.expand_dims(tf.ones((2, 3)), axis=axis)
    assert str(info.value) == _EXPAND + "'dim' must be a tensor with a single value [Op:ExpandDims]"
    assert tf.expand_dims(tf.ones((2, 3)), axis=[0]).shape.as_list() == [1, 2, 3]


# (transpose and argmax: the same question of TF's ' name: ' tail, by what the caller passed)
_TRANSPOSE = '{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('perm, tail', [
    (lambda: tf.constant([2, 0]), ' name: '), (lambda: np.array([2, 0]), ' name: '), (lambda: [2, 0], '')])
def test_transpose_perm_error_tail_follows_the_perm(perm, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.transpose(tf.ones((2, 3, 4)), perm=perm(), name='tt')      # (a name scope: the tail names none)
    assert str(info.value) == (_TRANSPOSE + 'transpose expects a vector of size 3. But input(1) is a vector of '
                                            'size 2 [Op:Transpose]' + tail)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.transpose([[1.0, 2.0]], perm=tf.constant([0, 0]))
    assert str(info.value) == _TRANSPOSE + '1 is missing from {0,0}. [Op:Transpose] name: '


@pytest.mark.parametrize('call, tail', [
    (lambda: tf.argmax(tf.constant(['a', 'b'])), ' name: '),
    (lambda: tf.argmax(np.array(['a', 'b']), axis=tf.constant(0)), ' name: '),
    (lambda: tf.argmax(tf.constant(['a', 'b']), name='am'), ' name: am'),
    (lambda: tf.argmax(['a', 'b']), ''),
    (lambda: tf.keras.ops.argmax(tf.constant(['a', 'b'])), ''),
])
def test_argmax_of_strings_tail(call, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value).endswith('allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> [Op:ArgMax]' + tail)
