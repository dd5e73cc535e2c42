"""keras.optimizers.Optimizer is concrete, as in Keras 3.15: update_step raises NotImplementedError
when called, not at construction (values from TF 2.21 / Keras 3.15)."""
import pytest

import framework as tf
from framework import keras


def test_subclass_overriding_apply_gradients_builds_and_runs():
    class Halving(keras.optimizers.Optimizer):
        def apply_gradients(self, pairs):
            for gradient, variable in pairs:
                variable.assign_sub(gradient * 0.5)

    optimizer = Halving(0.1, name='mine')
    variable = tf.Variable([1.0, 2.0])
    optimizer.apply_gradients([(tf.constant([1.0, 1.0]), variable)])
    assert variable.numpy().tolist() == [0.5, 1.5] and optimizer.name == 'mine'


def test_base_class_raises_not_implemented_at_the_step():
    optimizer = keras.optimizers.Optimizer(0.1)
    assert optimizer.name == 'optimizer'
    with pytest.raises(NotImplementedError) as err:
        optimizer.apply_gradients([(tf.constant([1.0]), tf.Variable([1.0]))])
    assert str(err.value) == ''
    assert int(optimizer.iterations.numpy()) == 0 and optimizer.built and len(optimizer.variables) == 2
