"""Keras 3's fixed variable set: an optimizer updates only the variables it was first built with, and
fit's traced train step trains the variables its trace read, whatever ``trainable`` says later.

Checked on TensorFlow 2.21 / Keras 3.15 with /work/notes/progs/optim4/p3.py: apply_gradients with a new
variable raises ValueError 'Unknown variable: ...' (Adam and SGD alike, nothing applied); after fit with
d1 frozen, d1.trainable = True and fit again leaves d1 as it was and the optimizer at 6 variables; then
d2.trainable = False and fit still moves d2.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make', [lambda: keras.optimizers.Adam(0.1), lambda: keras.optimizers.SGD(0.1)],
                         ids=['adam', 'sgd'])
def test_a_variable_the_optimizer_was_not_built_with_is_refused(make):
    a, b = tf.Variable([1.0, 2.0], name='a'), tf.Variable([3.0], name='b')
    opt = make()
    opt.apply_gradients([(tf.constant([0.1, 0.2]), a)])
    before = [v.numpy().copy() for v in opt.variables] + [a.numpy().copy()]
    with pytest.raises(ValueError, match=r"Unknown variable: <tf.Variable 'b:0'.*originally built with"):
        opt.apply_gradients([(tf.constant([0.1, 0.2]), a), (tf.constant([0.5]), b)])
    after = [v.numpy() for v in opt.variables] + [a.numpy()]
    assert len(before) == len(after) and all((x == y).all() for x, y in zip(before, after))
    assert b.numpy().tolist() == [3.0]


def test_fit_keeps_the_trainable_set_of_its_first_trace_until_compile():
    keras.backend.clear_session()
    keras.utils.set_random_seed(2)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='d1'), keras.layers.Dense(1, name='d2')])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    x = np.random.default_rng(0).normal(size=(32, 3)).astype('float32')
    y = x[:, :1] * 2
    d1, d2 = model.layers
    d1.trainable = False
    model.fit(x, y, epochs=1, batch_size=16, verbose=0)
    assert len(model.optimizer.variables) == 6          # iteration, learning_rate, d2's four slots
    d1.trainable = True
    kernel = d1.kernel.numpy().copy()
    model.fit(x, y, epochs=1, batch_size=16, verbose=0)
    assert (d1.kernel.numpy() == kernel).all() and len(model.optimizer.variables) == 6
    d2.trainable = False
    kernel = d2.kernel.numpy().copy()
    model.fit(x, y, epochs=1, batch_size=16, verbose=0)
    assert (d2.kernel.numpy() != kernel).any()          # still trained: the trace read it
    # compiling again (with a new optimizer) traces afresh: now d1 trains and d2 does not
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    k1, k2 = d1.kernel.numpy().copy(), d2.kernel.numpy().copy()
    model.fit(x, y, epochs=1, batch_size=16, verbose=0)
    assert (d1.kernel.numpy() != k1).any() and (d2.kernel.numpy() == k2).all()
