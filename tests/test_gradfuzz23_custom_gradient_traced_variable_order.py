"""Inside a tf.function, TF 2.21's custom_gradient hands grad_fn its variables sorted by name (its graph
decorator: ``sorted(..., key=lambda v: v.name)``), so gradients returned in another order land on the
variables in that sorted order. Goldens printed by TF 2.21 (/opt/tfref) with progs/gradfuzz23/t3.py and
p3.py (cg_dense_fn); tapeflow gave the variables in the order they were created."""
import numpy as np

import framework as tf
from framework import keras


def _traced_gradients(f, x, sources, weights=1.0):
    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(f(x) * weights)
        return tape.gradient(y, sources)
    return step(x)


def test_tf_variables_come_sorted_by_name_in_a_function():
    zeta = tf.Variable([2.0, 3.0], name='zeta')
    alpha = tf.Variable([5.0, 7.0], name='alpha')
    mid = tf.Variable([1.0, -1.0], name='mid')
    seen = []

    @tf.custom_gradient
    def f(x):
        def grad(dy, variables=None):
            seen.append([v.name for v in variables])
            return dy * zeta * alpha, [tf.ones_like(v) * (i + 1) for i, v in enumerate(variables)]
        return x * zeta * alpha + mid, grad     # read zeta, alpha, mid

    grads = _traced_gradients(f, tf.constant([1.0, 2.0]), [zeta, alpha, mid])
    # TF 2.21: fn [[3.0, 3.0], [1.0, 1.0], [2.0, 2.0]] ['alpha:0', 'mid:0', 'zeta:0']
    assert seen[-1] == ['alpha:0', 'mid:0', 'zeta:0']
    assert [g.numpy().tolist() for g in grads] == [[3.0, 3.0], [1.0, 1.0], [2.0, 2.0]]


def test_a_dense_layers_bias_sorts_before_its_kernel_in_a_function():
    keras.backend.clear_session()
    dense = keras.layers.Dense(2)
    x = tf.constant([[0.5, -1.0, 2.0]])
    dense(x)
    dense.set_weights([np.arange(6.0, dtype='float32').reshape(3, 2) * 0.25, np.array([0.5, -0.5], 'float32')])

    @tf.custom_gradient
    def f(x):
        def grad(dy, variables):
            # answers as if the variables were [kernel, bias]; TF passes [bias, kernel] ('dense/bias:0' first)
            return (tf.matmul(dy, dense.kernel, transpose_b=True),
                    [tf.matmul(x, dy, transpose_a=True) * 2.0, tf.reduce_sum(dy, 0) * 3.0])
        return dense(x), grad

    _, g_kernel, g_bias = _traced_gradients(f, x, [x] + dense.trainable_weights, tf.constant([[1.0, -2.0]]))
    # TF 2.21 (p3.py cg_dense_fn): the kernel gets float32[2] [3, -6], the bias float32[3, 2]
    np.testing.assert_array_equal(g_kernel.numpy(), [3.0, -6.0])
    np.testing.assert_array_equal(g_bias.numpy(), [[1.0, -2.0], [-2.0, 4.0], [4.0, -8.0]])


def test_eager_calls_keep_the_variables_order_of_creation():
    keras.backend.clear_session()
    dense = keras.layers.Dense(2)
    x = tf.constant([[0.5, -1.0, 2.0]])
    dense(x)
    seen = []

    @tf.custom_gradient
    def f(x):
        def grad(dy, variables):
            seen.append([tuple(v.shape) for v in variables])
            return dy[:, :1] * tf.ones_like(x), [tf.zeros_like(v) for v in variables]
        return dense(x), grad

    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x))
    tape.gradient(y, x)
    assert seen[-1] == [(3, 2), (2,)]
