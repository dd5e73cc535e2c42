"""tf.random.stateless_uniform's dtype and bounds, and tf.random.uniform's integer bounds, as TF 2.21.

Golden values and texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p06_sluni.py), e.g.
    tf.random.stateless_uniform([2, 3], seed=[1, 2], minval=[0., 1., 2.], maxval=4.)
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_vector_float_bounds_broadcast_over_the_draws():
    got = tf.random.stateless_uniform([2, 3], seed=[1, 2], minval=[0., 1., 2.], maxval=4.)
    np.testing.assert_array_equal(got.numpy(), np.array([[3.3762417, 1.576136, 3.9924464],
                                                         [0.6415496, 1.8159705, 3.298692]], np.float32))
    got = tf.random.stateless_uniform([2, 2], seed=[1, 2], minval=[[0.], [10.]], maxval=[[1.], [20.]])
    np.testing.assert_array_equal(got.numpy(), np.array([[0.8440604, 0.19204533], [19.962233, 11.603874]],
                                                        np.float32))


def test_float_bounds_of_another_shape_or_dtype_are_refused_in_tfs_words():
    with pytest.raises(InvalidArgumentError) as info:
        tf.random.stateless_uniform([2, 3], seed=[1, 2], minval=[0., 1.], maxval=4.)
    assert str(info.value) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Incompatible shapes: [2,3] vs. [2] [Op:Mul] name: ')
    with pytest.raises(ValueError) as info:
        tf.random.stateless_uniform([2], seed=[1, 2], minval=tf.constant(0., tf.float64), maxval=4.)
    assert str(info.value) == ('min: Tensor conversion requested dtype float32 for Tensor with dtype float64: '
                               '<tf.Tensor: shape=(), dtype=float64, numpy=0.0>')
    with pytest.raises(TypeError) as info:
        tf.random.stateless_uniform([2], seed=[1, 2], minval='a', maxval=4.)
    assert str(info.value) == "Cannot convert 'a' to EagerTensor of dtype float"


@pytest.mark.parametrize('dtype', [tf.int8, tf.int16, tf.uint8, tf.bool, tf.complex64, tf.string])
def test_dtypes_outside_tfs_list_are_refused_first(dtype):
    text = ("Argument `dtype` got invalid value <dtype: '%s'>. Accepted dtypes are (tf.float16, tf.bfloat16, "
            "tf.float32, tf.float64, tf.int32, tf.int64, tf.uint32, tf.uint64)." % dtype.name)
    for bounds in ({'maxval': 5}, {}):
        with pytest.raises(ValueError) as info:
            tf.random.stateless_uniform([2], seed=[1, 2], dtype=dtype, **bounds)
        assert str(info.value) == text


def test_integer_bounds_convert_to_the_dtype_and_meet_the_kernels_checks():
    kernel = '{{function_node __wrapped__StatelessRandomUniformIntV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    cases = [(dict(minval=0, maxval=3.5, dtype=tf.int32), TypeError, 'Cannot convert 3.5 to EagerTensor of dtype int32'),
             (dict(minval=0.5, maxval=3, dtype=tf.int64), TypeError, 'Cannot convert 0.5 to EagerTensor of dtype int64'),
             (dict(minval=tf.constant(0, tf.int64), maxval=3, dtype=tf.int32), ValueError,
              'min: Tensor conversion requested dtype int32 for Tensor with dtype int64: '
              '<tf.Tensor: shape=(), dtype=int64, numpy=0>'),
             (dict(minval=[0, 1, 2], maxval=[5, 5, 5], dtype=tf.int32), InvalidArgumentError,
              kernel + 'minval must be 0-D, got shape [3] [Op:StatelessRandomUniformIntV2] name: '),
             (dict(minval=0, maxval=[5, 5], dtype=tf.int32), InvalidArgumentError,
              kernel + 'maxval must be 0-D, got shape [2] [Op:StatelessRandomUniformIntV2] name: '),
             (dict(minval=tf.constant(5), maxval=tf.constant(2), dtype=tf.int32), InvalidArgumentError,
              kernel + 'Need minval < maxval, got 5 >= 2 [Op:StatelessRandomUniformIntV2] name: '),
             (dict(minval=7, maxval=7, dtype=tf.int64), InvalidArgumentError,
              kernel + 'Need minval < maxval, got 7 >= 7 [Op:StatelessRandomUniformIntV2] name: ')]
    for kwargs, error, text in cases:
        with pytest.raises(error) as info:
            tf.random.stateless_uniform([3], seed=[1, 2], **kwargs)
        assert str(info.value) == text, kwargs
    got = tf.random.stateless_uniform([3], seed=[1, 2], minval=np.int64(0), maxval=np.int64(9), dtype=tf.int32)
    assert got.dtype == tf.int32 and got.numpy().tolist() == [1, 2, 0]


def test_stateful_integer_uniform_refuses_vector_and_mistyped_bounds():
    kernel = '{{function_node __wrapped__RandomUniformInt_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    with pytest.raises(InvalidArgumentError) as info:
        tf.random.uniform([3], minval=[0, 1, 2], maxval=5, dtype=tf.int32, seed=1)
    assert str(info.value) == kernel + 'minval must be 0-D, got shape [3] [Op:RandomUniformInt] name: '
    with pytest.raises(InvalidArgumentError) as info:
        tf.random.uniform([3], minval=0, maxval=[5, 5], dtype=tf.int64)
    assert str(info.value) == kernel + 'maxval must be 0-D, got shape [2] [Op:RandomUniformInt] name: '
    with pytest.raises(ValueError) as info:
        tf.random.uniform([3], minval=tf.constant(1), maxval=5, dtype=tf.int64)
    assert str(info.value) == ('min: Tensor conversion requested dtype int64 for Tensor with dtype int32: '
                               '<tf.Tensor: shape=(), dtype=int32, numpy=1>')
