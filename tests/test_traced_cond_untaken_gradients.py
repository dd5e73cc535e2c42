"""In a tf.function TensorFlow traces both of a tf.cond's branches, so what the untaken branch reads is
an input of the If op too and gets a zero gradient (not None) wherever the cond is on the target's
path. Eagerly only the taken branch runs and TF gives None. Values printed by TF 2.21
(progs/me36/cond1.py, cond2.py; progs/gradfuzz16/t14.py)."""
import warnings

import numpy as np

import framework as tf
from framework import keras


def _values(grads):
    return [None if g is None else np.asarray(g).tolist() for g in grads]


def test_untaken_branch_variable_gets_zeros_in_a_tf_function():
    v1, v2 = tf.Variable(2.0), tf.Variable(3.0)

    @tf.function
    def step(x):
        with tf.GradientTape() as t:
            y = tf.cond(x > 0, lambda: x * v1, lambda: x * v2)
        return t.gradient(y, [v1, v2]), len(t.watched_variables())

    grads, watched = step(tf.constant(1.))
    assert _values(grads) == [1.0, 0.0] and int(watched) == 2       # TF: [1.0, 0.0], 2
    grads, _ = step(tf.constant(-1.))
    assert _values(grads) == [0.0, -1.0]


def test_eager_cond_keeps_none_for_the_untaken_branch():
    v1, v2 = tf.Variable(2.0), tf.Variable(3.0)
    with tf.GradientTape() as t:
        y = tf.cond(tf.constant(1.) > 0, lambda: v1 * 1., lambda: v2 * 1.)
    assert _values(t.gradient(y, [v1, v2])) == [1.0, None]


def test_adam_keeps_moving_a_variable_of_the_untaken_branch():
    # TF 2.21: v2 moves on Adam's momentum after its first step (no 'Gradients do not exist' warning)
    v1, v2 = tf.Variable(2.0), tf.Variable(3.0)
    opt = keras.optimizers.Adam(0.1)

    @tf.function
    def step(x):
        with tf.GradientTape() as t:
            y = tf.cond(x > 0, lambda: x * v1, lambda: x * v2) ** 2
        opt.apply_gradients(zip(t.gradient(y, [v1, v2]), [v1, v2]))

    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for x in [-1.0, 1.0, 1.0]:
            step(tf.constant(x))
            rows.append((float(v1.numpy()), float(v2.numpy())))
    assert rows == [(2.0, 2.900000810623169), (1.9255871772766113, 2.832995653152466),
                    (1.8398414850234985, 2.7812001705169678)]


def test_layers_modules_helpers_and_nested_conds():
    keras.utils.set_random_seed(1)

    class TwoHeads(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1, self.d2 = keras.layers.Dense(2), keras.layers.Dense(2)

        def call(self, x, flag):
            return tf.cond(flag, lambda: self.d1(x), lambda: self.d2(x))

    model = TwoHeads()
    x = tf.ones((1, 3))
    with warnings.catch_warnings():
        # (TF's symbolic build traces both branches, so it builds d2 without a warning; tapeflow's first
        # call is the build run too, and runs only the taken branch, whose effects are real)
        warnings.simplefilter('ignore')
        model(x, tf.constant(True))
    model(x, tf.constant(False))

    @tf.function
    def heads(flag):
        with tf.GradientTape() as t:
            y = tf.reduce_sum(model(x, flag))
        return t.gradient(y, model.trainable_variables)

    assert _values(heads(tf.constant(True))) == [[[1.0, 1.0]] * 3, [1.0, 1.0], [[0.0, 0.0]] * 3, [0.0, 0.0]]

    class Mod(tf.Module):
        def __init__(self):
            self.w, self.b = tf.Variable(2.0), tf.Variable(1.0)
            self.frozen = tf.Variable(5.0, trainable=False)

        @tf.function
        def __call__(self, x):
            return tf.cond(x > 0, lambda: self.w * x, lambda: self.b + self.frozen * x)

    mod = Mod()
    with tf.GradientTape() as t:        # the tape outside the function
        y = mod(tf.constant(2.0))
    assert _values(t.gradient(y, [mod.w, mod.b, mod.frozen])) == [2.0, 0.0, None]

    g, v = tf.Variable(4.0), tf.Variable(1.5)

    def helper(x):
        return g * x

    @tf.function
    def f(x):
        with tf.GradientTape(persistent=True) as t:
            a = tf.cond(x > 0, lambda: v * x, lambda: helper(x) + v)
            b = tf.cond(x > 10, lambda: tf.cond(x > 20, lambda: g * 2., lambda: v * 3.), lambda: x * 1.)
            pair = tf.cond(x > 0, lambda: (v * x, x), lambda: (g * x, v))
            c = pair[1] * 2.0
        return [t.gradient(target, [v, g]) for target in (a, b, c)]

    assert [_values(r) for r in f(tf.constant(1.0))] == [[1.0, 0.0], [0.0, 0.0], [0.0, 0.0]]


def test_watched_tensor_read_only_by_the_untaken_branch():
    x0 = tf.constant([0.3, -1.2, 2.5])

    @tf.function
    def traced(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.cond(tf.reduce_sum(x) > 0, lambda: tf.constant(1.0, x.dtype), lambda: tf.reduce_sum(x))
        return t.gradient(y, x)

    assert _values([traced(x0)]) == [[0.0, 0.0, 0.0]]       # TF 2.21 (eagerly: None)


def test_unwatched_variable_stays_none():
    v, g = tf.Variable(1.5), tf.Variable(4.0)

    @tf.function
    def f(x):
        with tf.GradientTape(watch_accessed_variables=False) as t:
            t.watch(v)
            a = tf.cond(x > 0, lambda: v * x, lambda: g * x)
        return t.gradient(a, [v, g])

    assert _values(f(tf.constant(1.0))) == [1.0, None]


def test_switch_case_and_case_give_their_other_branches_zeros():
    v1, v2, v3 = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0)

    @tf.function
    def switch(i):
        with tf.GradientTape() as t:
            y = tf.switch_case(i, [lambda: v1 * 2., lambda: v2 * 3., lambda: v3 * 4.])
        return t.gradient(y, [v1, v2, v3])

    @tf.function
    def case(x):
        with tf.GradientTape() as t:
            y = tf.case([(x > 5, lambda: v1 * 2.), (x > 0, lambda: v2 * 3.)], default=lambda: v3 * 4.)
        return t.gradient(y, [v1, v2, v3])

    assert _values(switch(tf.constant(1))) == [0.0, 3.0, 0.0]       # TF 2.21
    assert _values(switch(tf.constant(7))) == [0.0, 0.0, 4.0]       # out of range: the last branch
    assert _values(case(tf.constant(1.))) == [0.0, 3.0, 0.0]
    assert _values(case(tf.constant(-1.))) == [0.0, 0.0, 4.0]


def test_a_traced_loop_that_runs_no_turn_gives_its_body_reads_zeros():
    v1, v2, v3 = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0)

    @tf.function
    def loop(n):
        with tf.GradientTape() as t:
            y = tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + v1 * v2), (0, tf.constant(0.)))[1]
        return t.gradient(y, [v1, v2, v3])

    assert _values(loop(tf.constant(0))) == [0.0, 0.0, None]       # TF 2.21
    assert _values(loop(tf.constant(2))) == [4.0, 2.0, None]


def test_a_layer_neither_branch_calls_keeps_none():
    # the branches name self.d1 / self.d2: the model's other layer (d3) is no input of TF's If op
    keras.utils.set_random_seed(1)

    class ThreeHeads(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1, self.d2, self.d3 = keras.layers.Dense(1), keras.layers.Dense(1), keras.layers.Dense(1)

        def call(self, x, flag):
            return tf.cond(flag, lambda: self.d1(x), lambda: self.d2(x))

    model = ThreeHeads()
    x = tf.ones((1, 2))
    for layer in (model.d1, model.d2, model.d3):
        layer(x)

    @tf.function
    def grads(flag):
        with tf.GradientTape() as t:
            y = model(x, flag)
        return t.gradient(y, model.d1.trainable_variables + model.d2.trainable_variables
                          + model.d3.trainable_variables)

    assert _values(grads(tf.constant(True))) == [[[1.0], [1.0]], [1.0], [[0.0], [0.0]], [0.0], None, None]
