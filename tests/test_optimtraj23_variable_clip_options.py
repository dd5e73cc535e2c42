"""clipnorm / global_clipnorm / clipvalue given as variables, as TF 2.21 / Keras 3 takes them: the constructor
keeps them (tapeflow refused: 'Argument `clipnorm` must be a number'), and Keras's `if self.clipnorm and
self.clipnorm > 0` decides at the step: a keras.Variable refuses any truth test (TypeError 'A Keras Variable cannot
be used as a boolean.'), a tf.Variable clips eagerly with its value and is refused in a traced step
(OperatorNotAllowedInGraphError). Goldens: TF 2.21 printed them (notes/progs/optimtraj23/p18_clip.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError


def _step_fn(opt):
    w = tf.Variable([0.5, -0.25])

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(w * tf.constant([1., 2.]) - 1.))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        return loss
    return w, step


@pytest.mark.parametrize('attr, loss, weights', [
    ('clipnorm', '0x1.b36e44p-1', ['0x1.c7c072p-1', '0x1.28c234p-3']),
    ('global_clipnorm', '0x1.b36e44p-1', ['0x1.c7c072p-1', '0x1.28c234p-3']),
    ('clipvalue', '0x1.b3350ap-1', ['0x1.ca261cp-1', '0x1.289872p-3']),
])
def test_tf_variable_clip_option_is_read_eagerly(same_as_tf, attr, loss, weights):
    # TF 2.21: Adam(0.1, <attr>=tf.Variable(0.5)), three steps, the variable halved, a fourth step
    bound = tf.Variable(0.5)
    w, step = _step_fn(keras.optimizers.Adam(0.1, **{attr: bound}))
    for _ in range(3):
        step()
    bound.assign(bound * 0.5)
    same_as_tf(float(step()), float.fromhex(loss), measured_on='avx2')
    for got, want in zip(w.numpy(), weights):
        same_as_tf(float(got), float.fromhex(want), measured_on='avx2')


@pytest.mark.parametrize('attr', ['clipnorm', 'global_clipnorm', 'clipvalue'])
def test_variable_clip_option_in_a_traced_step_or_keras_variable_is_refused(attr):
    _, step = _step_fn(keras.optimizers.Adam(0.1, **{attr: tf.Variable(0.5)}))
    with pytest.raises(OperatorNotAllowedInGraphError, match='Using a symbolic `tf.Tensor` as a Python `bool`'):
        tf.function(step)()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.1, **{attr: tf.Variable(0.5)}), 'mse')
    with pytest.raises(OperatorNotAllowedInGraphError, match='Using a symbolic `tf.Tensor` as a Python `bool`'):
        model.fit(np.ones((2, 2), 'f'), np.ones((2, 1), 'f'), verbose=0)
    for traced in (False, True):
        _, step = _step_fn(keras.optimizers.Adam(0.1, **{attr: keras.Variable(0.5)}))
        with pytest.raises(TypeError, match='A Keras Variable cannot be used as a boolean.'):
            (tf.function(step) if traced else step)()
