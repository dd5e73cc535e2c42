"""Adafactor built inside a tf.function on raw tf.Variables raises TF 2.21's scope-name ValueError.

Keras makes Adafactor's row and column slots named after each variable; inside a graph their name scope
must match TF's scope-name pattern, which a raw tf.Variable's name ('w0:0') does not, so the first traced
apply_gradients fails in TF (whatever the variable's rank). tapeflow trained on. Built eagerly first, or
on Keras weights ('kernel'), the traced steps work in both (the guards below).

Golden text: /work/notes/progs/optimtraj7/adaraw.py under /opt/tfref/bin/python (TF 2.21, Keras 3.15).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

MESSAGE = ("'w0:0' is not a valid scope name. A scope name has to match the following pattern: "
           "^[A-Za-z0-9_.\\\\/>-]*$")


@pytest.mark.parametrize('shapes', [[(2, 3)], [(3,)], [()], [(2, 3), (4,)]])
def test_a_traced_build_refuses_the_variables_names(shapes):
    variables = [tf.Variable(np.ones(s, 'float32'), name='w%d' % k) for k, s in enumerate(shapes)]
    optimizer = keras.optimizers.Adafactor(0.01)
    step = tf.function(lambda: optimizer.apply_gradients([(tf.ones_like(v), v) for v in variables]))
    with pytest.raises(ValueError) as caught:
        step()
    assert str(caught.value).rstrip().endswith(MESSAGE)
    assert int(optimizer.iterations.numpy()) == 0
    assert variables[0].numpy().ravel()[0] == 1.0


def test_built_eagerly_the_traced_steps_train():
    variables = [tf.Variable(np.ones(3, 'float32'))]
    optimizer = keras.optimizers.Adafactor(0.01)
    optimizer.build(variables)
    tf.function(lambda: optimizer.apply_gradients([(tf.ones_like(v), v) for v in variables]))()
    paths = [v.path for v in optimizer.variables]
    assert paths[2:4] == ['Variable:0', 'Variable:0'] and paths[4].endswith('/Variable_0_velocity')
    assert int(optimizer.iterations.numpy()) == 1


def test_keras_weights_build_in_a_traced_step():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    optimizer = keras.optimizers.Adafactor(0.01)

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))

    step(tf.ones((2, 3)))
    assert int(optimizer.iterations.numpy()) == 1
