"""keras.io's "WGAN-GP" draws ``tf.random.normal`` without op seeds in a custom ``train_step``,
which Keras 3 runs as a traced function. In a graph TensorFlow seeds such an op with (global
seed, n), n counting the graph's unseeded random ops from 0, and gives each op its own kernel
that carries on from call to call; tapeflow took every seed from the eager stream, so the
example's losses differed from the first step (d_loss 6.0736 vs TF's 5.9942). The same holds
for any ``tf.function``; ``run_eagerly=True`` keeps eager seeds, as in TensorFlow.
Expected values: TensorFlow 2.21 / Keras 3.15 running /work/notes/progs/kexamples2/g7_graph_random.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_tf_function_random_ops_take_graph_seeds_and_own_kernels():
    tf.random.set_seed(5)

    @tf.function
    def f():
        return tf.random.normal((2,))

    @tf.function
    def g(x):
        return tf.random.normal((2,)) + tf.random.uniform((1,), seed=3) + x

    np.testing.assert_allclose(f().numpy(), [-1.7138785123825073, -0.6787022948265076], rtol=1e-6)
    np.testing.assert_allclose(f().numpy(), [-0.29508689045906067, -0.21065662801265717], rtol=1e-6)
    np.testing.assert_allclose(g(tf.constant(1.0)).numpy(), [-0.42520010471343994, 0.6099761128425598], rtol=1e-6)
    np.testing.assert_allclose(g(tf.constant(1.0)).numpy(), [1.152414083480835, 1.2368443012237549], rtol=1e-6)
    # a new trace is a new graph: its kernels start afresh
    np.testing.assert_allclose(g(tf.constant([1.0, 2.0])).numpy(), [-0.42520010471343994, 1.609976053237915],
                               rtol=1e-6)
    # the graphs took nothing from the eager stream
    np.testing.assert_allclose(tf.random.normal((2,)).numpy(), [-0.18030665814876556, -0.9502862691879272],
                               rtol=1e-6)


class Noisy(keras.Model):
    def train_step(self, data):
        x, y = data[:2]       # train_on_batch hands (x, y, None), as Keras 3 does
        x = x + tf.random.normal(tf.shape(x), stddev=0.1)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        return {'loss': loss, 'noise': tf.reduce_sum(tf.random.uniform((3,)))}


@pytest.mark.parametrize('run_eagerly, loss, noise', [
    (False, [3.282299041748047, 2.822138547897339], [1.2605812549591064, 1.5819603204727173]),
    (True, [3.446338653564453, 3.3887810707092285], [1.073063850402832, 1.5939618349075317]),
])
def test_fit_custom_step_random_ops_as_keras_traced_or_eager_step(run_eagerly, loss, noise):
    keras.utils.set_random_seed(2)
    inputs = keras.Input((3,))
    model = Noisy(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer='sgd', run_eagerly=run_eagerly)
    assert model.run_eagerly is run_eagerly
    x = np.linspace(-1, 1, 24, dtype='float32').reshape(8, 3)
    history = model.fit(x, x.sum(axis=1, keepdims=True), batch_size=4, epochs=2, verbose=0, shuffle=False)
    np.testing.assert_allclose(history.history['loss'], loss, rtol=1e-5)
    np.testing.assert_allclose(history.history['noise'], noise, rtol=1e-5)


def test_a_function_called_inside_another_has_kernels_per_call_site():
    # TensorFlow inlines the callee: each call site, and the callee called directly, has its own kernels
    tf.random.set_seed(3)

    @tf.function
    def inner(x):
        return x + tf.random.normal((2,))

    @tf.function
    def outer(x):
        return tf.stack([inner(x), inner(x)])

    first, second = [-0.864717960357666, 1.802644968032837], [0.5877070426940918, 0.7482603788375854]
    np.testing.assert_allclose(outer(tf.constant(1.0)).numpy(), [first, first], rtol=1e-6)
    np.testing.assert_allclose(outer(tf.constant(1.0)).numpy(), [second, second], rtol=1e-6)
    np.testing.assert_allclose(inner(tf.constant(1.0)).numpy(), first, rtol=1e-6)
    np.testing.assert_allclose(inner(tf.constant(1.0)).numpy(), second, rtol=1e-6)


def test_cond_branches_and_loop_bodies_are_graphs_of_their_own():
    # unseeded ops in a branch or loop body count from 0 in that graph; a body's kernel carries on
    tf.random.set_seed(7)

    @tf.function
    def f(n):
        a = tf.random.uniform(())
        _, acc = tf.while_loop(lambda i, acc: i < n, lambda i, acc: (i + 1, acc + tf.random.normal(())), (0, 0.0))
        b = tf.cond(a > 0.5, lambda: tf.random.normal((2,)), lambda: tf.random.uniform((2,)))
        d = keras.ops.fori_loop(0, 2, lambda i, total: total + tf.random.normal(()), 0.0)
        return a, acc, b, tf.random.uniform(()), d

    expected = [
        [0.7537285089492798, -1.4830293655395508, [0.35369110107421875, 0.6635876893997192], 0.4603748321533203,
         -0.2359384298324585],
        [0.5876015424728394, -1.4057977199554443, [-1.2470909357070923, -0.5402684211730957], 0.5189735889434814,
         -1.2905302047729492],
        [0.39710164070129395, 0.09626102447509766, [0.7537285089492798, 0.07793760299682617], 0.7407518625259399,
         -1.3623584508895874]]
    for want in expected:
        got = f(tf.constant(3))
        assert len(got) == len(want)
        for value, target in zip(got, want):
            np.testing.assert_allclose(value.numpy(), target, rtol=1e-5)
    np.testing.assert_allclose(tf.random.normal(()).numpy(), 0.5983449, rtol=1e-6)


def test_train_and_test_on_batch_draw_from_the_one_step_function_called_directly():
    # Keras calls its one-step function directly there: kernels apart from those fit's multi-step
    # function inlines, carrying on from call to call (values: g8_on_batch.py on TF 2.21)
    keras.utils.set_random_seed(2)
    inputs = keras.Input((3,))
    model = Noisy(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer='sgd')
    x = np.linspace(-1, 1, 24, dtype='float32').reshape(8, 3)
    y = x.sum(axis=1, keepdims=True)
    first = model.train_on_batch(x[:4], y[:4], return_dict=True)
    second = model.train_on_batch(x[:4], y[:4], return_dict=True)
    np.testing.assert_allclose([first['loss'], first['noise']], [3.2705154418945312, 1.1812487840652466], rtol=1e-5)
    np.testing.assert_allclose([second['loss'], second['noise']], [3.2814724445343018, 1.2605812549591064],
                               rtol=1e-5)
    history = model.fit(x, y, batch_size=4, epochs=1, verbose=0, shuffle=False)
    np.testing.assert_allclose(history.history['noise'], [1.2605812549591064], rtol=1e-6)
    np.testing.assert_allclose(tf.random.uniform(()).numpy(), 0.1469024419784546, rtol=1e-6)
