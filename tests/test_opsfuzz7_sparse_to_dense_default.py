"""tf.sparse.to_dense's default_value and a full sparse reduction, as TF 2.21 (golden values and texts
printed by tensorflow-cpu 2.21 with the same calls). Before: a float default for int values was cast
(7.5 -> 7), a float64 tensor default cast, a vector default broadcast (numpy's error), and
reduce_sum(sp, output_is_sparse=True) over every axis raised 'Dimensions 0 and 1 are not compatible'."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _floats():
    return tf.sparse.SparseTensor([[0, 1], [1, 0], [2, 3]], [1., -2., 3.], [3, 4])


def _ints():
    return tf.sparse.SparseTensor([[0], [1]], [1, -2], [3])


@pytest.mark.parametrize('make, default, text', [
    (_ints, 7., "Cannot convert 7.0 to EagerTensor of dtype int32"),
    (_ints, 'z', "Cannot convert 'z' to EagerTensor of dtype int32"),
    (_floats, 'z', "Cannot convert 'z' to EagerTensor of dtype float"),
])
def test_python_defaults_the_fast_path_refuses(make, default, text):
    with pytest.raises(TypeError) as caught:
        tf.sparse.to_dense(make(), default_value=default)
    assert str(caught.value) == text


def test_kernel_refusals_of_default_value():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.sparse.to_dense(_floats(), default_value=tf.constant(2., tf.float64))
    assert str(caught.value) == ('cannot compute SparseToDense as input #3(zero-based) was expected to be a float '
                                 'tensor but is a double tensor [Op:SparseToDense] name: ')
    prefix = '{{function_node __wrapped__SparseToDense_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    with pytest.raises(InvalidArgumentError) as caught:
        tf.sparse.to_dense(_floats(), default_value=[1., 2.])
    assert str(caught.value) == prefix + 'default_value should be a scalar. [Op:SparseToDense]'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.sparse.to_dense(_ints(), default_value=tf.constant([7]))
    assert str(caught.value) == prefix + 'default_value should be a scalar. [Op:SparseToDense] name: '


def test_defaults_tf_converts():
    assert tf.sparse.to_dense(_ints(), default_value=True).numpy().tolist() == [1, -2, 1]
    assert tf.sparse.to_dense(_ints(), default_value=2 ** 40).numpy().tolist() == [1, -2, 0]
    assert tf.sparse.to_dense(_ints(), default_value=np.int64(3)).numpy().tolist() == [1, -2, 3]
    assert tf.sparse.to_dense(_floats(), default_value=7).numpy()[0].tolist() == [7., 1., 7., 7.]
    strings = tf.sparse.SparseTensor([[0]], ['a'], [2])
    assert tf.sparse.to_dense(strings, default_value=b'y').numpy().tolist() == [b'a', b'y']
    assert tf.sparse.to_dense(strings, default_value=tf.constant('q')).numpy().tolist() == [b'a', b'q']


def test_full_reduction_to_a_rank_0_sparse_tensor():
    out = tf.sparse.reduce_sum(_floats(), output_is_sparse=True)
    assert out.indices.shape == (1, 0) and out.values.numpy().tolist() == [2.0] and out.dense_shape.shape == (0,)
    assert tf.sparse.to_dense(out).numpy() == 2.0
    assert tf.sparse.reduce_max(_floats(), output_is_sparse=True).values.numpy().tolist() == [3.0]


def test_from_dense_of_a_scalar_is_where_kernel_error():
    # TF 2.21's from_dense runs tf.where, whose kernel refuses rank 0 (printed for from_dense(5))
    for scalar in (5, tf.constant(0.)):
        with pytest.raises(InvalidArgumentError) as caught:
            tf.sparse.from_dense(scalar)
        assert str(caught.value) == ('{{function_node __wrapped__Where_device_/job:localhost/replica:0/task:0/'
                                     'device:CPU:0}} WhereOp : Unhandled input dimensions: 0 [Op:Where] name: ')
