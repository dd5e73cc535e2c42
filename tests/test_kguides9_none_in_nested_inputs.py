"""A None inside a layer's dict input is passed to call() as None, as Keras 3 does (the migration
guide's CustomLayer gets {'foo': x, 'bar': {'baz': None}}); it was a conversion ValueError.
Behaviour checked against TF 2.21 + Keras 3: symbolic (None, 1), eager (2, 1), in a model (2, 1).
"""
import numpy as np

from framework import keras


class _OptionalSum(keras.layers.Layer):
    def call(self, inputs):
        foo, baz = inputs['foo'], inputs['bar']['baz']
        return foo if baz is None else foo + baz


def test_symbolic_and_eager_calls_keep_the_none():
    symbolic = _OptionalSum()({'foo': keras.Input(shape=(1,)), 'bar': {'baz': None}})
    assert tuple(symbolic.shape) == (None, 1)
    eager = _OptionalSum()({'foo': np.ones((2, 1), 'float32'), 'bar': {'baz': None}})
    np.testing.assert_array_equal(eager.numpy(), np.ones((2, 1), 'float32'))


def test_in_a_functional_model():
    inputs = {'foo': keras.Input(shape=(1,)), 'bar': {'baz': None}}
    model = keras.Model(inputs['foo'], _OptionalSum()(inputs))
    np.testing.assert_array_equal(model(np.full((2, 1), 3.0, 'float32')).numpy(), np.full((2, 1), 3.0, 'float32'))


def test_a_given_tensor_beside_it_is_still_converted_and_used():
    out = _OptionalSum()({'foo': np.ones((2, 1)), 'bar': {'baz': np.full((2, 1), 2.0)}})
    assert out.dtype == 'float32'
    np.testing.assert_array_equal(out.numpy(), np.full((2, 1), 3.0, 'float32'))
