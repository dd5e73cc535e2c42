"""Under a GradientTape in a tf.function, the variables (and watched tensors) that the untaken branch of a
tensor ``if`` statement reads get zero gradients, not None: AutoGraph's If op takes them as inputs. An
optimizer then moves their slots (Adam's momentum), as on TF 2.21.

Printed by TF 2.21 (/work/notes/progs/autograph9/p10.py, p11.py):

    v, w = tf.Variable(2.0), tf.Variable(3.0)
    @tf.function
    def g1(x):
        with tf.GradientTape() as t:
            if x > 0:
                y = v * x
            else:
                y = w * x
        return t.gradient(y, [v, w, u])
    g1(tf.constant(2.0))    # [2.0, 0.0, None]
    g1(tf.constant(-2.0))   # [0.0, -2.0, None]
"""
import sys

import pytest

import framework as tf


def _floats(values):
    return [None if v is None else float(v) for v in values]


def test_untaken_branch_variables_get_zeros_at_trace_and_replay():
    v, w, u = tf.Variable(2.0), tf.Variable(3.0), tf.Variable(5.0)

    @tf.function
    def g1(x):
        with tf.GradientTape() as t:
            if x > 0:
                y = v * x
            else:
                y = w * x
        return t.gradient(y, [v, w, u])
    assert _floats(g1(tf.constant(2.0))) == [2.0, 0.0, None]       # the trace
    assert _floats(g1(tf.constant(-2.0))) == [0.0, -2.0, None]     # a replay
    assert _floats(g1.python_function(tf.constant(2.0))) == [2.0, None, None]   # eagerly: None, as TF
    assert sys.gettrace() is None or 'untaken' not in repr(sys.gettrace())      # the replay's line watch ended


@pytest.mark.parametrize('x, expected', [(2.0, [1.0, 0.0, 0.0]), (-2.0, [0.0, -2.0, 3.0])])
def test_a_watched_tensor_the_untaken_branch_reads_gets_zeros(x, expected):
    v, w = tf.Variable(2.0), tf.Variable(3.0)

    @tf.function
    def g5(x):
        with tf.GradientTape() as t:
            t.watch(x)
            if x > 0:
                y = v * 1.0
            else:
                y = x * w
        return t.gradient(y, [v, w, x])
    assert _floats(g5(tf.constant(x))) == expected


def test_no_else_block_and_an_if_in_a_tensor_loop():
    v, w = tf.Variable(2.0), tf.Variable(3.0)

    @tf.function
    def no_else(x):
        with tf.GradientTape() as t:
            y = x * 1.0
            if x > 0:
                y = v * x
        return t.gradient(y, [v, w])
    assert _floats(no_else(tf.constant(-1.0))) == [0.0, None]
    assert _floats(no_else(tf.constant(1.0))) == [1.0, None]

    @tf.function
    def in_loop(x):
        with tf.GradientTape() as t:
            i = tf.constant(0)
            y = x
            while i < 2:
                if i > 5:
                    y = y * w
                else:
                    y = y * v
                i += 1
        return t.gradient(y, [v, w])
    assert _floats(in_loop(tf.constant(2.0))) == [8.0, 0.0]


def test_adam_moves_the_untaken_branch_variable():
    v, w = tf.Variable(2.0), tf.Variable(3.0)
    opt = tf.keras.optimizers.Adam(0.1)

    @tf.function
    def step(x):
        with tf.GradientTape() as t:
            if x > 0:
                loss = v * x
            else:
                loss = w * x
        grads = t.gradient(loss, [v, w])
        opt.apply_gradients(zip(grads, [v, w]))
    seen = []
    for x in [1.0, 1.0, -1.0, 1.0]:
        step(tf.constant(x))
        seen.append((float(v.numpy()), float(w.numpy())))
    # TF 2.21: w's zero gradients build Adam's slots, so its -1.0 step and the next one move it by less than 0.1
    assert seen == [(1.900001049041748, 3.0), (1.8000023365020752, 3.0), (1.7227025032043457, 3.0638809204101562),
                    (1.637445330619812, 3.116208076477051)]


def test_attribute_chains_reach_a_modules_variables():
    class Gated(tf.Module):
        def __init__(self):
            super().__init__()
            self.a = tf.Variable([1.0, 2.0])
            self.b = tf.Variable([3.0, 4.0])

        @tf.function
        def grads(self, x):
            with tf.GradientTape() as t:
                y = x
                if tf.reduce_sum(x) > 0:
                    y = y * self.a
                else:
                    y = y * self.b
                s = tf.reduce_sum(y)
            return t.gradient(s, [self.a, self.b])
    m = Gated()
    assert [g.numpy().tolist() for g in m.grads(tf.constant([1.0, 1.0]))] == [[1.0, 1.0], [0.0, 0.0]]
    assert [g.numpy().tolist() for g in m.grads(tf.constant([-1.0, -1.0]))] == [[0.0, 0.0], [-1.0, -1.0]]
