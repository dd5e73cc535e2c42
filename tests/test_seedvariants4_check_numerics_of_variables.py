"""tf.debugging.check_numerics of a variable returns a tensor of its value (TF 2.21's CheckNumerics op
output), not the variable; gradients still pass through to the variable.

Golden values printed by TF 2.21 (notes/progs/seedvariants4/cn29.py, kv28.py):
    v = tf.Variable([1.0, 2.0], name='v')
    tf.debugging.check_numerics(v, 'bad')       # tf.Tensor([1. 2.], shape=(2,), dtype=float32)
    gradient of reduce_sum(check_numerics(v) * 3.0) w.r.t. v: tf.Tensor([3. 3.], shape=(2,), dtype=float32)
    tf.debugging.check_numerics(dense.kernel, 'bad')   # a tf.Tensor of shape (2, 1), not the Keras variable
"""
import framework as tf
from framework import keras


def test_check_numerics_of_a_variable_is_a_tensor():
    v = tf.Variable([1.0, 2.0], name='v')
    out = tf.debugging.check_numerics(v, 'bad')
    assert not isinstance(out, tf.Variable)
    assert str(out) == 'tf.Tensor([1. 2.], shape=(2,), dtype=float32)'
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.debugging.check_numerics(v, 'bad') * 3.0)
    assert str(tape.gradient(y, v)) == 'tf.Tensor([3. 3.], shape=(2,), dtype=float32)'


def test_check_numerics_of_a_keras_kernel():
    dense = keras.layers.Dense(1)
    dense.build((None, 2))
    out = tf.debugging.check_numerics(dense.kernel, 'bad')
    assert str(out).startswith('tf.Tensor(') and out.shape == (2, 1)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.debugging.check_numerics(dense.kernel, 'bad'))
    assert tape.gradient(y, dense.kernel).numpy().tolist() == [[1.0], [1.0]]
