"""tf.reduce_all / tf.reduce_any of a non-bool tensor: TF 2.21's eager wrapper meets the axis before the input's
dtype. A float / bool / string axis tensor is the Tidx registry error, a Python float 'Cannot convert 1.0 to
EagerTensor of dtype int32', and a Python list / tuple / string / numpy scalar axis sends the call down the slow
path, which converts the input to bool first (convert_to_tensor's ValueError); tapeflow always said 'cannot compute
All as input #0(zero-based) was expected to be a bool tensor ...'. And every reduction reads a Python list axis as
TF's conversion does: [True] is axis 1, [[1.0]] and [np.float32(1)] are float axes (the Tidx refusal); tapeflow
refused them in its own words."""
import numpy as np
import pytest

import framework as tf


def _tidx(kernel, dtype, named):
    return ("Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=input:bool, reduction_indices:Tidx -> output:bool; "
            "attr=keep_dims:bool,default=false; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s]%s"
            % (dtype, kernel, kernel, kernel, ' name: ' if named else ''))


OPS = [(tf.reduce_all, 'All'), (tf.math.reduce_any, 'Any')]


def _message(error_info):
    return str(error_info.value)


@pytest.mark.parametrize('op,kernel', OPS)
@pytest.mark.parametrize('axis,dtype', [(lambda: tf.constant([1.]), 'float'), (lambda: tf.constant(True), 'bool'),
                                        (lambda: tf.constant('a'), 'string')])
def test_axis_tensor_of_another_dtype_first(op, kernel, axis, dtype):
    # TF 2.21: the Tidx registry error with the ' name: ' tail, for an int32, float32 or variable input alike
    for x in (tf.constant([[1, 2], [3, 4]]), tf.constant([[1., 0.]]), tf.Variable([[1, 0]])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            op(x, axis())
        assert _message(info) == _tidx(kernel, dtype, True)


@pytest.mark.parametrize('op,kernel', OPS)
def test_python_float_axis_first(op, kernel):
    # TF 2.21: TypeError 'Cannot convert 1.0 to EagerTensor of dtype int32', positional or keyword
    for x in (tf.constant([[1, 2]]), tf.Variable([[1., 0.]])):
        with pytest.raises(TypeError) as info:
            op(x, 1.0)
        assert _message(info) == 'Cannot convert 1.0 to EagerTensor of dtype int32'
        with pytest.raises(TypeError) as info:
            op(x, axis=1.0, keepdims=True)
        assert _message(info) == 'Cannot convert 1.0 to EagerTensor of dtype int32'


@pytest.mark.parametrize('op,kernel', OPS)
@pytest.mark.parametrize('axis', [[1.0], [0, 1.5], (1.0,), 'a', ['a'], [1], [0, 1], (1,), [], [5], [True],
                                  np.int32(1), np.int64(1), np.bool_(True)], ids=repr)
def test_slow_path_axis_converts_the_input_first(op, kernel, axis):
    # TF 2.21: convert_to_tensor(x, bool)'s ValueError
    x = tf.constant([[1, 2], [3, 4]])
    with pytest.raises(ValueError) as info:
        op(x, axis)
    assert _message(info) == ('Tensor conversion requested dtype bool for Tensor with dtype int32: <tf.Tensor: '
                              'shape=(2, 2), dtype=int32, numpy=\narray([[1, 2],\n       [3, 4]], dtype=int32)>')
    with pytest.raises(ValueError) as info:
        op(tf.constant([['a']]), axis)
    assert _message(info) == ("Tensor conversion requested dtype bool for Tensor with dtype string: <tf.Tensor: "
                              "shape=(1, 1), dtype=string, numpy=array([[b'a']], dtype=object)>")


def test_slow_path_axis_of_a_variable():
    # TF 2.21: the variable's conversion error
    v = tf.Variable([[1, 0]])
    with pytest.raises(ValueError) as info:
        tf.reduce_all(v, [1])
    assert _message(info) == ("Incompatible type conversion requested to type bool for `tf.Variable of type int32. "
                              "(Variable: <tf.Variable 'Variable:0' shape=(1, 2) dtype=int32, "
                              "numpy=array([[1, 0]], dtype=int32)>)")


@pytest.mark.parametrize('op,kernel', OPS)
@pytest.mark.parametrize('axis', [None, 1, 5, tf.constant(1, tf.int64), np.array([1]), np.array(1), True])
def test_fast_path_axis_leaves_the_input_check(op, kernel, axis):
    # TF 2.21: the kernel's input check (an out-of-range axis too: the input is checked first)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        op(tf.constant([[1, 2], [3, 4]]), axis)
    assert _message(info) == ('cannot compute %s as input #0(zero-based) was expected to be a bool tensor but is a '
                              'int32 tensor [Op:%s] name: ' % (kernel, kernel))


def test_bool_list_axes_are_ints():
    # TF 2.21 reads [True] as axis 1 and [False, True] as axes 0 and 1
    b = tf.constant([[True, False]])
    assert tf.reduce_all(b, [True]).numpy().tolist() == [False]
    assert tf.reduce_any(b, [True]).numpy().tolist() == [True]
    assert bool(tf.reduce_all(b, [False, True]).numpy()) is False
    x = tf.constant([[1., 0.]])
    assert tf.reduce_sum(x, [True]).numpy().tolist() == [1.0]
    assert float(tf.reduce_max(x, [False, True]).numpy()) == 1.0
    assert tf.reduce_all(np.array([[1, 0]]), [tf.constant(1)]).numpy().tolist() == [False]


@pytest.mark.parametrize('axis', [[[1.0]], [np.float32(1)]], ids=repr)
def test_float_list_axes_are_tidx_refusals(axis):
    # TF 2.21: the kernel's Tidx refusal, no ' name: ' tail (the slow path)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.reduce_all(tf.constant([[True, False]]), axis)
    assert _message(info) == _tidx('All', 'float', False)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.reduce_sum(tf.constant([[1., 0.]]), axis)
    assert _message(info).startswith("Value for attr 'Tidx' of float is not in the list of allowed values: int32, "
                                     "int64\n\t; NodeDef: {{node Sum}}")
    assert _message(info).endswith('[Op:Sum]')
