"""Keras 3's 'Gradients do not exist for variables ...' warning comes from Python, which TensorFlow
runs only while it traces: a tf.function step warns at its two first-call traces (the call makes the
optimizer's slots, so TF traces twice), not at the replayed calls; eager steps warn every time.
Counted by TF 2.21 / Keras 3 under warnings.simplefilter('always') (progs optimtraj16/p16_none_grads.py):

    a = tf.Variable([1.0, -1.0], name='a'); b = tf.Variable([[0.5, 2.0]], name='b'); u = tf.Variable([3.0], name='unused')
    opt = keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True, global_clipnorm=0.3, gradient_accumulation_steps=2)
    8 steps of loss = reduce_sum(square(a * k - 0.5)) + reduce_sum(tanh(b * a * k)), apply_gradients on [a, u, b]
    -> eager: 8 warnings, tf.function: 2
"""
import warnings

import pytest

import framework as tf
from framework import keras

TEXT = ("Gradients do not exist for variables ['unused:0'] when minimizing the loss. If using "
        "`model.compile()`, did you forget to provide a `loss` argument?")


@pytest.mark.parametrize('traced, expected', [(False, 8), (True, 2)])
def test_missing_gradient_warns_once_per_trace(traced, expected):
    a = tf.Variable([1.0, -1.0], name='a')
    b = tf.Variable([[0.5, 2.0]], name='b')
    unused = tf.Variable([3.0], name='unused')
    variables = [a, unused, b]
    opt = keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True, global_clipnorm=0.3, gradient_accumulation_steps=2)

    def step(k):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(a * k - 0.5)) + tf.reduce_sum(tf.tanh(b * a * k))
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    if traced:
        step = tf.function(step)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        for s in range(8):
            step(tf.constant(1.0 + 0.25 * s))
    texts = [str(w.message) for w in caught if 'Gradients do not exist' in str(w.message)]
    assert texts == [TEXT] * expected
    assert int(opt.iterations) == 4      # (8 applies, 2 accumulated per step)
