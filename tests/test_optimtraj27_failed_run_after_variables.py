"""A tf.function's first call that made variables and whose graph run failed (a kernel's error, a failed
Assert, a dataset's end): TF 2.21 traced it twice before running the graph (creation allowed, then
refused), so its Python printed twice, both traces count, and later calls run the cached trace without
tracing. The prints, counts and values are TF 2.21's (progs/optimtraj26/p2_later.py 'r' / 's',
progs/optimtraj27/p7_item4.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_a_kernel_error_after_a_variable_was_made(capsys):
    made = []

    @tf.function
    def r(x, i):
        print('PY r')
        if not made:
            made.append(tf.Variable([1., 2.]))
        return tf.gather(made[0], i) + x
    with pytest.raises(tf.errors.InvalidArgumentError):
        r(tf.constant(1.), tf.constant(5))
    assert capsys.readouterr().out == 'PY r\nPY r\n'
    assert float(r(tf.constant(1.), tf.constant(1))) == 3.0
    assert float(r(tf.constant(1.), tf.constant(0))) == 2.0
    assert capsys.readouterr().out == ''
    assert r.experimental_get_tracing_count() == 2
    assert made[0].numpy().tolist() == [1.0, 2.0]


def test_a_failed_assert_after_a_variable_was_made(capsys):
    made = []

    @tf.function
    def a(x):
        print('PY a')
        if not made:
            made.append(tf.Variable(1.0))
        tf.debugging.assert_positive(x)
        return x + made[0]
    with pytest.raises(tf.errors.InvalidArgumentError, match='assert_positive/assert_less/Assert/AssertGuard/Assert'):
        a(tf.constant(-1.))
    assert float(a(tf.constant(1.))) == 2.0
    assert capsys.readouterr().out == 'PY a\nPY a\n'
    assert a.experimental_get_tracing_count() == 2


def test_a_train_step_that_builds_its_model_and_optimizer(capsys):
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.layers.Dense(2)])
    opt = keras.optimizers.Adam(0.1)

    @tf.function
    def step(x, y, lim):
        print('PY step')
        with tf.GradientTape() as t:
            loss = tf.reduce_mean(tf.square(m(x) - y))
        g = t.gradient(loss, m.trainable_variables)
        opt.apply_gradients(zip(g, m.trainable_variables))
        tf.debugging.assert_less(loss, lim)
        return loss
    x, y = tf.ones((3, 4)), tf.zeros((3, 2))
    with pytest.raises(tf.errors.InvalidArgumentError):
        step(x, y, tf.constant(0.0))
    # TF 2.21: built, Adam's 6 variables; the graph's update ran before its Assert failed (iterations 1)
    assert (m.built, len(opt.variables), int(opt.iterations)) == (True, 6, 1)
    step(x, y, tf.constant(100.0))
    step(x, y, tf.constant(100.0))
    assert capsys.readouterr().out == 'PY step\nPY step\n'
    assert (step.experimental_get_tracing_count(), int(opt.iterations)) == (2, 3)
    step(tf.ones((5, 4)), tf.zeros((5, 2)), tf.constant(100.0))
    assert capsys.readouterr().out == 'PY step\n'
    assert step.experimental_get_tracing_count() == 3


def test_a_module_method_and_a_dataset_end(capsys):
    class M(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            print('PY M')
            if self.v is None:
                self.v = tf.Variable(tf.ones([2]))
            return tf.gather(self.v, x)
    mm = M()
    with pytest.raises(tf.errors.InvalidArgumentError):
        mm(tf.constant(7))
    assert float(mm(tf.constant(1))) == 1.0
    assert mm(tf.constant([0, 1])).numpy().tolist() == [1.0, 1.0]
    assert capsys.readouterr().out == 'PY M\nPY M\nPY M\n'
    assert mm.__call__.experimental_get_tracing_count() == 3

    made = []
    ds = tf.data.Dataset.range(1)

    @tf.function
    def e(it):
        print('PY e')
        if not made:
            made.append(tf.Variable(0, dtype=tf.int64))
        made[0].assign_add(next(it))
        return made[0].assign_add(next(it))
    with pytest.raises(tf.errors.OutOfRangeError):
        e(iter(ds))
    assert int(e(iter(ds.repeat()))) == 0
    assert capsys.readouterr().out == 'PY e\nPY e\n'
    assert e.experimental_get_tracing_count() == 2
    assert np.asarray(made[0].numpy()).tolist() == 0
