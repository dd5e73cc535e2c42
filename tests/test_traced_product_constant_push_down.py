"""A traced ``(t * v) * C`` computes ``t * (C * v)``, as grappler's ConstantPushDown regroups it in TF 2.21
(framework/ops/product_push_down.py). Golden values printed by TF 2.21 (notes/progs/me39/push_golden.py,
notes/progs/kerasio41/p5b.py)."""
import pytest
import numpy as np

import framework as tf
from framework import keras


def _data():
    rs = np.random.RandomState(0)
    x = rs.standard_normal((5, 6)).astype('float32')
    t = rs.standard_normal((5, 3)).astype('float32')
    return x, t, rs.standard_normal(6).astype('float32'), rs.standard_normal((6, 3)).astype('float32')


def test_traced_product_with_a_variable_then_a_constant_regroups():
    x, _, g0, _ = _data()
    g = tf.Variable(g0)
    c = np.float32(1.7)
    for written in (lambda x: x * g * 1.7, lambda x: g * x * 1.7, lambda x: 1.7 * (x * g)):
        traced = tf.function(written)(tf.constant(x)).numpy()
        np.testing.assert_array_equal(traced, x * (c * g0))       # TF 2.21's value
        assert not np.array_equal(traced, (x * g0) * c)           # (12 of 30 values differ)
        np.testing.assert_array_equal(written(tf.constant(x)).numpy(), (x * g0) * c)     # eager: as written


def test_traced_quotient_by_a_constant_regroups_with_the_reciprocal():
    x, _, g0, _ = _data()
    g = tf.Variable(g0)
    r = np.float32(1) / np.float32(1.3)
    traced = tf.function(lambda x: x * g / 1.3)(tf.constant(x)).numpy()
    np.testing.assert_array_equal(traced, x * (r * g0))


def test_product_read_by_another_multiply_first_is_left_as_written():
    x, _, g0, _ = _data()
    g = tf.Variable(g0)
    y0 = np.float32(0.5) * x

    def f(x):
        t = x * g
        u = x * 0.5         # another product comes between: the rule only regroups the last one
        return t * 1.7 + u
    np.testing.assert_array_equal(tf.function(f)(tf.constant(x)).numpy(), (x * g0) * np.float32(1.7) + y0)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_traced_gradient_keeps_the_written_graph():
    x, t, g0, k0 = _data()
    g, k = tf.Variable(g0), tf.Variable(k0)

    @tf.function
    def body(x, t):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x * g * 1.7, k) - t))
        return loss, tape.gradient(loss, g)
    loss, grad = body(tf.constant(x), tf.constant(t))
    assert float(loss).hex() == '0x1.9350140000000p+3'
    assert [float(v).hex() for v in grad.numpy()] == [
        '-0x1.56c4d40000000p+2', '-0x1.28c24a0000000p-2', '0x1.233cfc0000000p+1', '-0x1.2d0e380000000p+2',
        '-0x1.bacd660000000p+2', '-0x1.b669de0000000p+2']


class _Scale(keras.layers.Layer):
    def build(self, input_shape):
        self.g = self.add_weight(shape=(input_shape[-1],), initializer='ones', name='g')

    def call(self, x):
        return x * self.g * 1.5


class _HalfMSE(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return 0.5 * keras.ops.mean(keras.ops.square(y_true - y_pred), axis=-1)


def test_fit_of_a_scale_layer_trains_as_tf():
    keras.backend.clear_session()
    rs = np.random.RandomState(1)
    x, y = rs.standard_normal((6, 4)).astype('float32'), rs.standard_normal((6, 3)).astype('float32')
    i = keras.Input((4,))
    m = keras.Model(i, keras.layers.Dense(3, activation=lambda h: h * keras.ops.sigmoid(h))(_Scale()(i)))
    rs = np.random.RandomState(7)
    m.set_weights([(0.3 * rs.standard_normal(w.shape)).astype('float32') for w in m.weights])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss=_HalfMSE())
    history = m.fit(x, y, epochs=2, batch_size=3, verbose=0, shuffle=False).history['loss']
    assert history == [0.289967805147171, 0.28553280234336853]
    assert [w.numpy().ravel()[:3].tolist() for w in m.weights] == [
        [0.505703330039978, -0.17153829336166382, 0.018711969256401062],
        [-0.23357006907463074, -0.011503060348331928, 0.002918119076639414],
        [0.14062930643558502, 0.010656663216650486, 0.08142061531543732]]


def test_the_constant_joins_the_smaller_operand():
    rs = np.random.RandomState(0)
    v0, x1 = rs.standard_normal((64, 1)).astype('float32'), rs.standard_normal((1, 16)).astype('float32')
    v, c = tf.Variable(v0), np.float32(1.7)
    traced = tf.function(lambda x: x * v * 1.7)(tf.constant(x1)).numpy()
    np.testing.assert_array_equal(traced, v0 * (c * x1))       # TF 2.21: the (1, 16) argument takes it
    a0, b0 = rs.standard_normal((64, 16)).astype('float32'), rs.standard_normal(16).astype('float32')
    traced = tf.function(lambda x, y: x * y * 1.7)(tf.constant(a0), tf.constant(b0)).numpy()
    np.testing.assert_array_equal(traced, a0 * (c * b0))


def test_of_equal_sizes_the_constant_joins_the_name_sorted_first():
    rs = np.random.RandomState(0)
    a0, w0 = rs.standard_normal((4, 5)).astype('float32'), rs.standard_normal((4, 5)).astype('float32')
    w, c = tf.Variable(w0), np.float32(1.7)

    def left(a):
        return w * a * 1.7         # 'ReadVariableOp' < 'a'

    def right(a):
        return a * w * 1.7         # 'a' < 'mul/ReadVariableOp'

    def right_zz(zz):
        return zz * w * 1.7        # 'mul/ReadVariableOp' < 'zz'

    def args(b, a):
        return b * a * 1.7         # 'a' < 'b'
    np.testing.assert_array_equal(tf.function(left)(tf.constant(a0)).numpy(), a0 * (c * w0))
    np.testing.assert_array_equal(tf.function(right)(tf.constant(a0)).numpy(), w0 * (c * a0))
    np.testing.assert_array_equal(tf.function(right_zz)(tf.constant(a0)).numpy(), a0 * (c * w0))
    np.testing.assert_array_equal(tf.function(args)(tf.constant(w0), tf.constant(a0)).numpy(), w0 * (c * a0))


def test_a_functions_later_calls_regroup_as_its_trace_did():
    rs = np.random.RandomState(0)
    a0, w0 = rs.standard_normal((4, 5)).astype('float32'), rs.standard_normal((4, 5)).astype('float32')
    w, c = tf.Variable(w0), np.float32(1.7)
    f = tf.function(lambda a: a * w * 1.7)
    for _ in range(3):      # (the names that decide a tie are known while tracing only)
        np.testing.assert_array_equal(f(tf.constant(a0)).numpy(), w0 * (c * a0))


class _PlainScale(keras.layers.Layer):
    def build(self, input_shape):
        self.g = self.add_weight(shape=(input_shape[-1],), initializer='ones', name='g')

    def call(self, x):
        return x * self.g * 1.5


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_fit_takes_the_weights_gradient_in_tfs_regrouped_order():
    # TF 2.21's fit: g's gradient is (1.5 * x) * upstream, its arithmetic optimizer's order of
    # Mul(x, Mul(upstream, 1.5)) (notes/progs/me39/scale_fit.py printed these after each step)
    keras.backend.clear_session()
    x = np.random.RandomState(1).standard_normal((6, 4)).astype('float32')
    y = np.random.RandomState(2).standard_normal((6, 3)).astype('float32')
    i = keras.Input((4,))
    m = keras.Model(i, keras.layers.Dense(3)(_PlainScale()(i)))
    rs = np.random.RandomState(7)
    m.set_weights([(0.3 * rs.standard_normal(w.shape)).astype('float32') for w in m.weights])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    m.fit(x, y, epochs=3, batch_size=3, verbose=0, shuffle=False)
    assert [float(v).hex() for v in m.weights[0].numpy()] == [
        '0x1.1b98960000000p-1', '0x1.01fdcc0000000p-2', '0x1.9b26780000000p-6', '-0x1.5135840000000p-5']
