"""tf.function of a callable object (a Keras model, a class with __call__) as TF 2.21.

TF names such a function 'function' (the object has no __name__); tapeflow raised
AttributeError '__name__' on the first call. Texts checked against TF 2.21 (grid13 fname.py).
"""
import numpy as np

import framework as tf
from framework import keras


def test_function_of_a_model_runs_and_is_named_function():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    f = tf.function(model)
    assert f.name == 'function'
    out = f(tf.ones((3, 2)))
    np.testing.assert_array_equal(np.asarray(out), np.asarray(model(tf.ones((3, 2)))))
    tf.random.set_seed(None)


def test_function_of_a_callable_object_and_its_concrete_function():
    class Twice:
        def __call__(self, x):
            return x * 2

    g = tf.function(Twice())
    assert g.name == 'function'
    assert float(g(tf.constant(1.0))) == 2.0
    concrete = g.get_concrete_function(tf.constant(1.0))
    assert float(concrete(tf.constant(3.0))) == 6.0
    # TF 2.21: 'cannot compute __inference_function_43 as input #0(zero-based) was expected to be a float
    # tensor but is a int32 tensor' (tapeflow prints no graph counter)
    try:
        concrete(tf.constant(3))
    except tf.errors.InvalidArgumentError as e:
        assert 'cannot compute __inference_function' in str(e)
    else:
        raise AssertionError('an int32 argument to a float32 trace must be refused')


def test_plain_function_keeps_its_own_name():
    def double_it(x):
        return x * 2
    assert tf.function(double_it).name == 'double_it'
