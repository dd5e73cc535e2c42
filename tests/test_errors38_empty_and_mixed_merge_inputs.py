"""Layers called on an empty list, and merge layers given a KerasTensor beside a concrete tensor, as in
Keras 3: an empty list or tuple holds no tensor argument, so Keras keeps it as it is and builds with None
(it was a (0,) tensor); a concrete tensor among KerasTensors has its shape in the build shapes.

Golden values printed by TF 2.21 / Keras 3 (progs/errors38/lead.py, empty.py, mixed.py), e.g.
    keras.layers.Concatenate()([])   -> TypeError: object of type 'NoneType' has no len()
    keras.layers.Add()([])           -> TypeError: 'NoneType' object is not subscriptable
    keras.layers.Dense(2)([])        -> ValueError: Layer "dense" expects 1 input(s), but it received 0 input
                                        tensors. Inputs received: []
    o = keras.layers.Add()([keras.Input((2,)), tf.ones([1, 2])]); print(type(o).__name__, o.shape)
                                     -> KerasTensor (1, 2)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make', [keras.layers.Add, keras.layers.Subtract, keras.layers.Multiply,
                                  keras.layers.Average, keras.layers.Maximum, keras.layers.Minimum,
                                  lambda: keras.layers.Dot(1)])
@pytest.mark.parametrize('empty', [[], ()])
def test_merge_of_nothing_reads_a_none_shape(make, empty):
    layer = make()
    with pytest.raises(TypeError) as info:
        layer(empty)
    assert str(info.value) == "'NoneType' object is not subscriptable"
    assert not layer.built


@pytest.mark.parametrize('call', [lambda: keras.layers.Concatenate()([]), lambda: keras.layers.concatenate([]),
                                  lambda: keras.layers.Concatenate()(())])
def test_concatenate_of_nothing_takes_len_of_none(call):
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == "object of type 'NoneType' has no len()"


def test_a_layer_with_one_input_counts_no_tensors():
    keras.backend.clear_session()
    with pytest.raises(ValueError) as info:
        keras.layers.Dense(2)([])
    assert str(info.value) == ('Layer "dense" expects 1 input(s), but it received 0 input tensors. '
                               'Inputs received: []')


def test_an_empty_list_reaches_build_as_none_and_call_as_itself():
    seen = []

    class Echo(keras.layers.Layer):
        def build(self, input_shape):
            seen.append(input_shape)

        def call(self, x):
            return x

    assert Echo()([]) == []
    assert Echo()(()) == ()
    assert seen == [None, None]


def test_a_zero_length_tensor_is_still_one_input():
    with pytest.raises(ValueError, match=r'not a list of shapes'):
        keras.layers.Add()(tf.ones([0]))


@pytest.mark.parametrize('make, shape', [(keras.layers.Add, (1, 2)), (keras.layers.Multiply, (1, 2)),
                                         (keras.layers.Concatenate, (None, 4))])
def test_a_concrete_tensor_among_keras_tensors_builds_with_its_shape(make, shape):
    inputs = keras.Input((2,))
    layer = make()
    out = layer([inputs, tf.ones([1, 2])])
    assert type(out).__name__ == 'KerasTensor' and tuple(out.shape) == shape
    assert layer.get_build_config() == {'input_shape': [(None, 2), (1, 2)]}
    model = keras.Model(inputs, out)
    expected = [[2., 2.]] if make is keras.layers.Add else [[1., 1.]] if make is keras.layers.Multiply \
        else [[1., 1., 1., 1.]]
    np.testing.assert_array_equal(model(np.ones((1, 2), 'float32')).numpy(), expected)
