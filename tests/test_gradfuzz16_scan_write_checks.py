"""tf.scan checks fn's result as TF 2.21 does: nest.assert_same_structure against elems (or initializer),
then each leaf's write into a TensorArray of the first accumulator's dtype and shape.

Golden texts printed by TF 2.21 (notes/progs/gradfuzz16/t7.py); tapeflow raised Pack's
'Shapes of all inputs must match' / dtype errors from its final stack, or mapped mismatched structures.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = np.array([0.3, -1.2, 2.5], np.float32)


def test_scan_shape_change_is_the_tensor_array_write_error():
    with pytest.raises(ValueError, match=r'^Incompatible shape for value \(\(2,\)\), expected \(\(\)\)\n'):
        tf.scan(lambda acc, e: acc + tf.ones([2]), tf.constant(X))
    with pytest.raises(ValueError, match=r'^Incompatible shape for value \(\(2,\)\), expected \(\(\)\)\n'):
        tf.scan(lambda acc, e: tf.stack([acc, acc]), tf.constant(X), initializer=tf.constant(0.))


def test_traced_scan_shape_change_is_the_tensor_list_error():
    @tf.function
    def run(x):
        return tf.scan(lambda acc, e: acc + tf.ones([2]), x)
    with pytest.raises(ValueError) as info:
        run(tf.constant(X))
    assert str(info.value).endswith('    ValueError: Inconsistent shapes: saw (2,) but expected () \n')


def test_scan_dtype_change_is_the_tensor_array_write_error():
    with pytest.raises(InvalidArgumentError) as info:
        tf.scan(lambda acc, e: tf.cast(acc, tf.float64), tf.constant(X))
    assert str(info.value) == 'TensorArray dtype is float32 but Op is trying to write dtype float64 '
    # a Python number takes the array's dtype, as TF's write converts it
    assert tf.scan(lambda acc, e: 1, tf.constant(X)).numpy().tolist() == [np.float32(0.3), 1.0, 1.0]


def test_scan_structure_is_checked_against_initializer_or_elems():
    with pytest.raises(TypeError, match="The two namedtuples don't have the same sequence type"):
        tf.scan(lambda acc, e: [acc[0] + e, acc[1]], tf.constant(X), initializer=(tf.constant(0.), tf.constant(1.)))
    with pytest.raises(ValueError) as info:
        tf.scan(lambda acc, e: (acc + e, acc), tf.constant(X))
    assert str(info.value).startswith("The two structures don't have the same nested structure.\n\n"
                                      'First structure: type=EagerTensor str=tf.Tensor([ 0.3 -1.2  2.5], shape=(3,), '
                                      'dtype=float32)\n\nSecond structure: type=tuple str=(<tf.Tensor: shape=(), '
                                      'dtype=float32, numpy=-0.9000000357627869>, ')
    with pytest.raises(ValueError, match="The two structures don't have the same nested structure"):
        tf.scan(lambda acc, e: acc[0] + e[0], (tf.constant(X), tf.constant(X)))


def test_scan_values_and_gradients_unchanged():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        a, b = tf.scan(lambda acc, e: (acc[0] + e, acc[1] * e), x, initializer=(tf.constant(0.), tf.constant(1.)))
        total = tf.reduce_sum(a) + tf.reduce_sum(b)
    assert np.allclose(a.numpy(), np.cumsum(X)) and np.allclose(b.numpy(), np.cumprod(X))
    assert tape.gradient(total, x) is not None
