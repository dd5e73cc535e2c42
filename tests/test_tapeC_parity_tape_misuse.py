"""GradientTape misuse as TF 2.21 answers it: the class and words learners' programs print.

Goldens: the same statements run on TensorFlow 2.21 (tensorflow-cpu, eager), outputs pasted.
"""
import numpy as np
import pytest

import framework as tf

_ONCE = r'^A non-persistent GradientTape can only be used to compute one set of gradients \(or jacobians\)$'


def test_a_tape_never_entered_refuses_gradient_and_jacobian():
    # TF 2.21: tp = tf.GradientTape(); tp.gradient(x, x) -> RuntimeError (its tape is made on entry)
    x = tf.Variable(2.0)
    with pytest.raises(RuntimeError, match=_ONCE):
        tf.GradientTape().gradient(x, x)
    with pytest.raises(RuntimeError, match=_ONCE):
        tf.GradientTape().jacobian(tf.constant(1.0), tf.constant(1.0))


def test_a_non_persistent_tape_refuses_a_second_gradient():
    x = tf.Variable(2.0)
    with tf.GradientTape() as t:
        y = x * x
    assert t.gradient(y, x).numpy() == 4.0
    with pytest.raises(RuntimeError, match=_ONCE):
        t.gradient(y, x)


@pytest.mark.parametrize('value, text', [(3, "3 of type 'int'"), (3.0, "3.0 of type 'float'"),
                                         ('abc', "abc of type 'str'"), (None, "None of type 'NoneType'"),
                                         (np.array([1.0]), "[1.] of type 'ndarray'")])
def test_watch_of_a_non_tensor_is_tf_value_error(value, text):
    # TF 2.21: t.watch(3) -> ValueError: Passed in object 3 of type 'int', not tf.Tensor or tf.Variable or ExtensionType.
    with tf.GradientTape() as t:
        with pytest.raises(ValueError) as caught:
            t.watch(value)
    assert str(caught.value) == 'Passed in object %s, not tf.Tensor or tf.Variable or ExtensionType.' % text


def test_gradient_of_none_is_tf_type_error():
    x = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as t:
        t.watch(tf.constant(1.0))
    with pytest.raises(TypeError) as caught:
        t.gradient(None, x)
    assert str(caught.value) == ('Argument `target` should be a list or nested structure of Tensors, Variables or '
                                 'CompositeTensors to be differentiated, but received None.')
