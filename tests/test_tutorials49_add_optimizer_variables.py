"""Optimizer.add_optimizer_variables, Keras 3.10's way for a custom optimizer's build() to make its
per-variable state (the keras.io custom-optimizer pattern, used in a training loop from scratch).

Golden values printed by TF 2.21 / Keras 3 (/tmp/t49/aov_snip.py in tutorials49's report: the same
MomentumSign optimizer, variables and loop, with `import tensorflow as tf`)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class MomentumSign(keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.01, beta=0.9, **kwargs):
        super().__init__(learning_rate=learning_rate, name="momentum_sign", **kwargs)
        self.beta = beta

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self.m = self.add_optimizer_variables(var_list, "m")
        self.a, self.b = self.add_optimizer_variables(var_list, ["a", "b"], initializer=["zeros", "ones"])

    def update_step(self, gradient, variable, learning_rate):
        i = self._get_variable_index(variable)
        self.assign(self.m[i], self.beta * self.m[i] + (1 - self.beta) * gradient)
        self.assign_add(self.a[i], tf.abs(gradient))
        self.assign_sub(variable, tf.cast(learning_rate, variable.dtype) * tf.sign(self.m[i]) * self.b[i])


def _trained():
    kernel = keras.Variable(np.array([[0.5, -1.0], [2.0, 0.25]], "float32"), name="kernel")
    bias = keras.Variable(np.array([0.1, -0.2], "float32"), name="bias")
    opt = MomentumSign(0.5)
    x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(tf.matmul(x, kernel) + bias - 1.0))
        opt.apply(tape.gradient(loss, [kernel, bias]), [kernel, bias])
        losses.append(float(loss))
    return opt, kernel, bias, losses


def test_state_made_by_add_optimizer_variables_trains_as_tf():
    opt, kernel, bias, losses = _trained()
    assert losses == [37.61249542236328, 13.462499618530273, 2.612499713897705]
    assert kernel.numpy().tolist() == [[1.0, 0.5], [0.5, -0.25]]
    assert bias.numpy().tolist() == [-1.399999976158142, 1.2999999523162842]
    assert opt.a[0].numpy().tolist() == [[14.199999809265137, 47.29999542236328],
                                         [32.599998474121094, 7.09999942779541]]
    assert opt.m[1].numpy().tolist() == [0.6823998689651489, -1.6832997798919678]


def test_variables_are_interleaved_per_model_variable_as_keras_makes_them():
    opt, kernel, _, _ = _trained()
    assert [v.path for v in opt.variables] == [
        'momentum_sign/iteration', 'momentum_sign/learning_rate', 'momentum_sign/kernel_m',
        'momentum_sign/bias_m', 'momentum_sign/kernel_a', 'momentum_sign/kernel_b',
        'momentum_sign/bias_a', 'momentum_sign/bias_b']
    assert isinstance(opt.m, list) and isinstance(opt.b, list)
    ones = opt.add_optimizer_variables([kernel], ["p", "q"], initializer="ones")
    assert type(ones) is tuple and len(ones) == 2            # one initializer shared by every name
    assert ones[1][0].numpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]


def test_names_and_initializers_of_different_lengths_are_refused_with_keras_words():
    kernel = keras.Variable(np.ones((2, 2), "float32"), name="kernel")
    with pytest.raises(ValueError) as info:
        MomentumSign().add_optimizer_variables([kernel], ["p", "q"], initializer=["zeros"])
    assert str(info.value) == ("The number of provided names must match the number of provided initializers.  "
                               "Received name='['p', 'q']', initializer='['zeros']'")
