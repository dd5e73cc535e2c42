"""Gradients of the actor-critic tutorial's episode loop as TF 2.21 computes them.

- A variable read in each turn of ``for t in tf.range(n)`` inside a tf.function (one tf.while_loop
  on TF) gets the turns' gradients added last turn first (framework/loop_reads.py). Checked on TF
  2.21 (progs/tutorials6/probe_loopgrad2.py): its gradient equals the per-turn gradients summed
  in reverse, bit for bit, for n = 3 to 37; tapeflow summed them first turn first.
- ``g @ W.T`` for one row and a depth of 2 to 7 (a single sample's input gradient through the
  actor's Dense(2)) is TF's sum of rounded products in pairs, pairs in order (602 of 602 float32
  shapes on TF 2.21, progs/tutorials6/probe_dotT9.py).
The tutorial itself (progs/tutorials6/p3_actor_critic.py, 12 episodes) now prints TF's bits with
TAPEFLOW_TF_EXACT_MATH=1.
"""
import numpy as np
import pytest

import framework as tf

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')


def _setup():
    tf.keras.utils.set_random_seed(1)
    common = tf.keras.layers.Dense(16, activation='relu')
    head = tf.keras.layers.Dense(2)
    xs = tf.constant(np.random.RandomState(0).normal(size=(40, 1, 4)).astype('float32'))
    return common, head, xs


def _bits(values):
    return [np.asarray(v).tobytes() for v in values]


@pytest.mark.parametrize('n', [3, 12, 37])
def test_traced_loop_adds_turn_gradients_last_first(n):
    common, head, xs = _setup()
    variables = lambda: common.trainable_variables + head.trainable_variables     # noqa: E731

    @tf.function
    def episode(steps):
        with tf.GradientTape() as tape:
            values = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
            for t in tf.range(steps):
                values = values.write(t, tf.squeeze(head(common(xs[t])))[0])
            values = values.stack()
            loss = tf.reduce_sum(values * values)
        return tape.gradient(loss, variables())

    def turn(t):
        with tf.GradientTape() as tape:
            v = tf.squeeze(head(common(xs[t])))[0]
            loss = v * v
        return [np.asarray(g) for g in tape.gradient(loss, variables())]

    got = episode(tf.constant(n))
    turns = [turn(t) for t in range(n)]
    want = []
    for k in range(len(turns[0])):
        total = turns[n - 1][k]
        for t in range(n - 2, -1, -1):
            total = total + turns[t][k]
        want.append(total)
    assert _bits(got) == _bits(want)


def test_a_loop_left_by_break_still_adds_last_first():
    common, head, xs = _setup()

    @tf.function
    def episode():
        with tf.GradientTape() as tape:
            total = tf.constant(0.0)
            for t in tf.range(10):
                v = tf.squeeze(head(common(xs[t])))[0]
                total += v * v
                if t >= 4:
                    break
        return tape.gradient(total, common.trainable_variables)

    def turn(t):
        with tf.GradientTape() as tape:
            v = tf.squeeze(head(common(xs[t])))[0]
            loss = v * v
        return [np.asarray(g) for g in tape.gradient(loss, common.trainable_variables)]
    turns = [turn(t) for t in range(5)]
    want = [turns[4][k] + turns[3][k] + turns[2][k] + turns[1][k] + turns[0][k] for k in range(2)]
    assert _bits(episode()) == _bits(want)


def test_one_row_transposed_product_of_depth_two_is_in_order():
    rng = np.random.RandomState(5)
    a = rng.normal(size=(1, 2)).astype(np.float32)
    b = rng.normal(size=(40, 2)).astype(np.float32)
    got = tf.matmul(a, b, transpose_b=True).numpy()
    np.testing.assert_array_equal(got, a[:, 0:1] * b[:, 0] + a[:, 1:2] * b[:, 1])
    # TF 2.21's first outputs for these draws (progs/tutorials6: tf.matmul(a, b, transpose_b=True))
    want = [1.1559327840805054, -0.475232869386673, -0.20542341470718384, 0.19191981852054596,
            -0.45849305391311646, -0.3579959273338318, -0.5028821229934692, -0.1065099835395813]
    np.testing.assert_array_equal(got[0, :8], np.array(want, np.float32))


def test_dense_input_gradient_of_one_sample_through_two_units():
    rng = np.random.RandomState(5)
    a = rng.normal(size=(1, 2)).astype(np.float32)
    b = rng.normal(size=(40, 2)).astype(np.float32)
    x = tf.Variable(np.zeros((1, 40), np.float32))
    kernel = tf.constant(b)            # Dense(2) on 40 features: kernel (40, 2)
    with tf.GradientTape() as tape:
        y = tf.matmul(x, kernel)
    (g,) = tape.gradient(y, [x], output_gradients=tf.constant(a))
    np.testing.assert_array_equal(g.numpy(), a[:, 0:1] * b[:, 0] + a[:, 1:2] * b[:, 1])


def test_one_row_transposed_product_of_depth_five_adds_pairs(xeon_cpu):
    # oneDNN's pairs: the Xeon's order (on the AVX2 EPYC TF adds in order, Eigen's gemv:
    # tests/test_gradfuzz33_float_gemv_order.py)
    rng = np.random.RandomState(7)
    a = rng.normal(size=(1, 5)).astype(np.float32)
    b = rng.normal(size=(24, 5)).astype(np.float32)
    got = tf.matmul(a, b, transpose_b=True).numpy()[0]
    p = [a[0, k] * b[:, k] for k in range(5)]
    np.testing.assert_array_equal(got, ((p[0] + p[1]) + (p[2] + p[3])) + p[4])
    # TF 2.21's first outputs for these draws (11 of the 24 differ from numpy's BLAS here)
    want = [-0.11271849274635315, -0.8757855892181396, -1.39491868019104, 3.568619728088379,
            -1.5824891328811646, 0.03766226768493652]
    np.testing.assert_array_equal(got[:6], np.array(want, np.float32))


def test_variables_a_traced_loop_reads_get_zeros_when_the_loop_is_on_the_path():
    # TF 2.21 (progs/tutorials6/probe_loopzeros.py): while_v2 gives every captured input of a loop the
    # target depends on a gradient, zeros where unconnected; a loop off the path leaves None
    w1, w2, w3 = tf.Variable([1.0, 2.0]), tf.Variable([3.0]), tf.Variable(2.0)

    @tf.function
    def grads(mode):
        with tf.GradientTape() as tape:
            acc, other = tf.constant(0.0), tf.constant(0.0)
            for t in tf.range(3):
                acc += tf.reduce_sum(w1) * tf.cast(t, tf.float32)
                other += tf.reduce_sum(w2)
            loss = acc if mode == 'acc' else w3 * 2.0 if mode == 'outside' else acc + w3
        return tape.gradient(loss, [w1, w2, w3])

    def plain(gs):
        return [None if g is None else g.numpy().tolist() for g in gs]
    with pytest.warns(Warning):          # tapeflow's NoneGradientWarning for the truly unconnected ones
        assert plain(grads('acc')) == [[3.0, 3.0], [0.0], None]
    with pytest.warns(Warning):
        assert plain(grads('outside')) == [None, None, 2.0]
    assert plain(grads('both')) == [[3.0, 3.0], [0.0], 1.0]
