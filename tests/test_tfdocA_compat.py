"""TensorFlow 2.21's docstring examples of TF 1 names and graph-only behaviour that an eager program still
meets: tf.compat.v1 initializers, placeholder_with_default, executing_eagerly_outside_functions, a
TensorArray read twice inside a tf.function, tf.test.experimental.sync_devices. Golden values printed by
TF 2.21 (/opt/tfref) running the same calls."""
import pytest

import framework as tf


def test_tensor_array_in_a_tf_function_reads_an_element_twice():
    # TF 2.21: the TensorArray docstring's fibonacci(7) -> [0, 1, 1, 2, 3, 5, 8] (graph TensorArrays never clear)
    @tf.function
    def fibonacci(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        ta = ta.unstack([0., 1.])
        for i in range(2, n):
            ta = ta.write(i, ta.read(i - 1) + ta.read(i - 2))
        return ta.stack()
    assert fibonacci(7).numpy().tolist() == [0., 1., 1., 2., 3., 5., 8.]
    eager = tf.TensorArray(tf.float32, size=1).write(0, 1.)
    eager.read(0)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Could not read index 0 twice'):
        eager.read(0)


def test_v1_constant_initializer():
    # TF 2.21: the init_ops Constant docstring, eagerly
    value = [0, 1, 2, 3, 4, 5, 6, 7]
    init = tf.compat.v1.constant_initializer(value)
    assert init(shape=[2, 4]).numpy().tolist() == [[0., 1., 2., 3.], [4., 5., 6., 7.]]
    assert init(shape=[2, 4], dtype=tf.int32).dtype == tf.int32
    with pytest.raises(TypeError, match='Eager execution of tf.constant with unsupported shape'):
        init(shape=[3, 4])
    with pytest.raises(TypeError) as caught:
        tf.compat.v1.constant_initializer([1., 2., 3., 4.], dtype=tf.float32, verify_shape=True)(shape=[2, 2])
    assert str(caught.value) == ('Expected Tensor [1. 2. 3. 4.] (converted from [1.0, 2.0, 3.0, 4.0]) with shape '
                                 '(2, 2), but got shape (4,).')
    flexible = tf.compat.v1.constant_initializer([1., 2., 3., 4.], dtype=tf.float32, verify_shape=False)
    assert tf.Variable(flexible(shape=[2, 2])).numpy().tolist() == [[1., 2.], [3., 4.]]
    assert tf.compat.v1.constant_initializer(3, dtype=tf.int64)(shape=[2]).numpy().tolist() == [3, 3]
    assert tf.compat.v1.constant_initializer(3).get_config() == {'value': 3, 'dtype': 'float32'}


def test_v1_zeros_and_ones_initializers_take_a_dtype():
    # TF 2.21: the init_ops Zeros docstring
    initializer = tf.compat.v1.zeros_initializer(dtype=tf.float32)
    assert tf.Variable(initializer(shape=[3])).numpy().tolist() == [0., 0., 0.]
    assert tf.compat.v1.zeros_initializer()(shape=[2], dtype=tf.int32).dtype == tf.int32
    assert tf.compat.v1.zeros_initializer(dtype=tf.int64).get_config() == {'dtype': 'int64'}
    ones = tf.compat.v1.ones_initializer(dtype=tf.float64)(shape=[2])
    assert ones.dtype == tf.float64 and ones.numpy().tolist() == [1., 1.]


def test_placeholder_with_default_is_its_input_eagerly():
    # TF 2.21: eagerly the default comes back (shape not checked)
    assert tf.compat.v1.placeholder_with_default([1, 2], [2]).numpy().tolist() == [1, 2]
    x = tf.constant([1., 2.])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.compat.v1.placeholder_with_default(x, [None]) * 3.
    assert tape.gradient(y, x).numpy().tolist() == [3., 3.]


def test_executing_eagerly_outside_functions():
    # TF 2.21: the ops.py docstring: True inside a tf.function whose caller is eager
    @tf.function
    def func():
        assert not tf.executing_eagerly()
        return tf.compat.v1.executing_eagerly_outside_functions()
    assert func().numpy() and tf.compat.v1.executing_eagerly_outside_functions()


def test_sync_devices():
    assert tf.test.experimental.sync_devices() is None


def test_v1_assign_ops():
    # TF 2.21: the state_ops docstrings, eagerly
    a = tf.Variable([1], shape=tf.TensorShape(None))
    assert repr(tf.compat.v1.assign(a, [2, 3])) == ("<tf.Variable 'UnreadVariable' shape=<unknown> dtype=int32, "
                                                    "numpy=array([2, 3], dtype=int32)>")
    b = tf.Variable(0, dtype=tf.int64)
    assert tf.compat.v1.assign_add(b, 1).numpy() == 1 and tf.compat.v1.assign_sub(b, 1).numpy() == 0
    with pytest.raises(ValueError, match='Shape mismatch'):
        tf.compat.v1.assign(tf.Variable([1., 2.]), [1., 2., 3.])
