"""The Variables guide's misuses, refused in TensorFlow 2.21's words: ``v += 1`` (and -=, *=, /=,
**=) on a tf.Variable raises RuntimeError (a Keras layer weight rebinds the name to a tensor, as
in Keras 3), ``v.trainable = ...`` has no setter, a variable has no len(), and a shape= the
initial value does not fit. Expected text: TensorFlow 2.21 + Keras 3 (/opt/tfref)."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('statement, text', [
    ('v += 1.0', '`variable += value` with `tf.Variable`s is not supported. Use `variable.assign_add(value)` to '
                 'modify the variable, or `out = variable + value` if you need to get a new output Tensor.'),
    ('v -= 1.0', '`variable -= value` with `tf.Variable`s is not supported. Use `variable.assign_sub(value)` to '
                 'modify the variable, or `out = variable * value` if you need to get a new output Tensor.'),
    ('v *= 2.0', '`var *= value` with `tf.Variable`s is not supported. Use `var.assign(var * value)` to modify the '
                 'variable, or `out = var * value` if you need to get a new output Tensor.'),
    ('v /= 2.0', '`var /= value` with `tf.Variable`s is not supported. Use `var.assign(var / value)` to modify the '
                 'variable, or `out = var / value` if you need to get a new output Tensor.'),
    ('v **= 2.0', '`var **= value` with `tf.Variable`s is not supported. Use `var.assign(var ** value)` to modify '
                  'the variable, or `out = var ** value` if you need to get a new output Tensor.'),
])
def test_in_place_operators_on_a_tf_variable(statement, text):
    scope = {'v': tf.Variable(1.0)}
    with pytest.raises(RuntimeError) as caught:
        exec(statement, scope)
    assert str(caught.value) == text
    assert float(scope['v'].numpy()) == 1.0


def test_a_keras_weight_rebinds_to_a_tensor():
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    kernel = layer.kernel
    kernel += 1.0
    assert type(kernel).__name__ == 'EagerTensor'
    layer.kernel.trainable = False          # Keras variables take it
    assert not layer.kernel.trainable


def test_trainable_is_fixed_and_there_is_no_len():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(AttributeError, match="^property 'trainable' of 'ResourceVariable' object has no setter$"):
        v.trainable = False
    with pytest.raises(TypeError, match="^object of type 'ResourceVariable' has no len\\(\\)$"):
        len(v)
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    with pytest.raises(TypeError, match="^object of type 'Variable' has no len\\(\\)$"):
        len(layer.kernel)
    assert [float(x) for x in v] == [1.0, 2.0]      # iterating still works, as in TF


@pytest.mark.parametrize('shape, value, text', [
    ([3], [1.0, 2.0], '((2,)) is not compatible with the explicitly supplied `shape` argument ([3]).'),
    ([None, 3], [1.0, 2.0], '((2,)) is not compatible with the explicitly supplied `shape` argument ([None, 3]).'),
    ((2, 2), [[1.0]], '((1, 1)) is not compatible with the explicitly supplied `shape` argument ((2, 2)).'),
    (tf.TensorShape([5]), 1.0, '(()) is not compatible with the explicitly supplied `shape` argument ((5,)).'),
    (3, [1.0], '((1,)) is not compatible with the explicitly supplied `shape` argument (3).'),
])
def test_a_shape_the_initial_value_does_not_fit(shape, value, text):
    with pytest.raises(ValueError) as caught:
        tf.Variable(value, shape=shape)
    assert str(caught.value) == "In this `tf.Variable` creation, the initial value's shape " + text
