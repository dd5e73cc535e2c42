"""tf.one_hot's depth as TF 2.21's eager conversion to OneHot's int32 depth input takes it: a Python list of floats
or strings is refused ('Cannot convert [2.0] to EagerTensor of dtype int32'; tapeflow OneHot's 'depth must be a
scalar'), with list indices (the slow path) a tensor or variable depth of another dtype is convert_to_tensor's
ValueError (tapeflow the shape error), numpy values and bools are cast (np.array(2.0) and True compute; tapeflow
refused them), and a 1-D numpy depth's shape error carries the fast path's ' name: ' tail."""
import numpy as np
import pytest

import framework as tf

SCALAR = '{{function_node __wrapped__OneHot_device_/job:localhost/replica:0/task:0/device:CPU:0}} depth must be a ' \
         'scalar, but got: [%s] [Op:OneHot]%s'


def _indices():
    return [tf.constant([0, 1]), [0, 1], np.array([0, 1]), tf.constant([0, 1], tf.int64)]


@pytest.mark.parametrize('depth', [[2.0], (2.0,), [2, 2.0], [[2.0]], ['a'], [1j]], ids=repr)
def test_list_of_floats_or_strings(depth):
    # TF 2.21: TypeError 'Cannot convert [2.0] to EagerTensor of dtype int32', whatever the indices
    for indices in _indices():
        with pytest.raises(TypeError) as info:
            tf.one_hot(indices, depth)
        assert str(info.value) == 'Cannot convert %r to EagerTensor of dtype int32' % (depth,)


def test_ragged_or_none_list():
    # TF 2.21: the conversion's own ValueErrors
    with pytest.raises(ValueError) as info:
        tf.one_hot(tf.constant([0, 1]), [1, [2]])
    assert str(info.value) == "Can't convert Python sequence with mixed types to Tensor."
    with pytest.raises(ValueError) as info:
        tf.one_hot([0, 1], [None])
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a " \
                              "Tensor."


@pytest.mark.parametrize('depth', [[], (), [2], [True]], ids=repr)
def test_int_lists_meet_the_kernel(depth):
    # TF 2.21: OneHot's shape check, without the ' name: ' tail (a list sends the call down the slow path)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.one_hot(tf.constant([0, 1]), depth)
    assert str(info.value) == SCALAR % (len(depth), '')


@pytest.mark.parametrize('make,dtype', [
    (lambda: tf.constant(2.), 'float32'), (lambda: tf.constant([2.]), 'float32'), (lambda: tf.constant(True), 'bool'),
    (lambda: tf.constant(2, tf.int64), 'int64'), (lambda: tf.constant([2], tf.int64), 'int64')])
def test_list_indices_convert_a_tensor_depth(make, dtype):
    # TF 2.21: the slow path converts depth to int32 first: convert_to_tensor's ValueError
    depth = make()
    with pytest.raises(ValueError) as info:
        tf.one_hot([0, 1], depth)
    assert str(info.value) == 'Tensor conversion requested dtype int32 for Tensor with dtype %s: %r' % (dtype, depth)


def test_list_indices_convert_a_variable_depth():
    # TF 2.21: the variable's conversion error; an int32 variable computes
    with pytest.raises(ValueError) as info:
        tf.one_hot([0, 1], tf.Variable(2.))
    assert str(info.value) == ("Incompatible type conversion requested to type int32 for `tf.Variable of type float32. "
                               "(Variable: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>)")
    assert tf.one_hot([0, 1], tf.Variable(2)).numpy().tolist() == [[1., 0.], [0., 1.]]


@pytest.mark.parametrize('depth', [np.array(2.0), np.array(2), np.array(2.7), np.float32(2.5), np.complex64(2), True,
                                   np.bool_(True), np.array(True)], ids=repr)
def test_numpy_and_bool_depths_are_cast(depth):
    # TF 2.21 casts them to int32 (2.7 is 2, True is 1) and computes
    expected = [[1., 0.], [0., 1.]] if int(np.real(depth)) == 2 else [[1.], [0.]]
    for indices in _indices():
        out = tf.one_hot(indices, depth)
        assert out.dtype == tf.float32 and out.numpy().tolist() == expected


def test_one_dimensional_numpy_depth():
    # TF 2.21: OneHot's shape error, with the ' name: ' tail where the indices take the fast path
    for depth in (np.array([2.0]), np.array([2]), np.array([2.5])):
        for indices in (tf.constant([0, 1]), np.array([0, 1])):
            with pytest.raises(tf.errors.InvalidArgumentError) as info:
                tf.one_hot(indices, depth)
            assert str(info.value) == SCALAR % (1, ' name: ')
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.one_hot([0, 1], depth)
        assert str(info.value) == SCALAR % (1, '')
