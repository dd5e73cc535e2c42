"""A Lambda's output_shape in the forms Keras 3 on TF 2.21 takes and refuses (probes:
/work/notes/progs/errors40/rz.py, cos.py; /tmp/e40_lam.py's outputs, printed by TF 2.21:

    for os_ in [[(2,), (3,)], {'a': [2]}, [], ((2,), 3), (2.0,), ('a',)]:
        keras.layers.Lambda(lambda x: x, output_shape=os_).compute_output_shape((None, 2))

gave [(None, 2), (None, 3)], then TypeErrors 'can only concatenate tuple (not "TrackedList") to tuple' (twice),
(not "int"), (not "float"), (not "str")). Keras adds the batch axis as (batch,) + shape, and the layer holds a
list as a TrackedList; tapeflow took list shapes and raised its own sentence for the rest."""
import pytest

from framework import keras
import framework as tf


def _shape(output_shape, input_shape=(None, 2)):
    return keras.layers.Lambda(lambda x: x, output_shape=output_shape).compute_output_shape(input_shape)


@pytest.mark.parametrize('output_shape, expected', [
    ([(2,), (3,)], [(None, 2), (None, 3)]),
    (((2,), (3,)), ((None, 2), (None, 3))),
    ({'a': (2,)}, {'a': (None, 2)}),
    ((), (None,)),
    (tf.TensorShape([3]), (None, 3)),
])
def test_tuple_shapes_and_structures_of_them_take_the_batch_axis(output_shape, expected):
    assert _shape(output_shape) == expected


@pytest.mark.parametrize('output_shape, kind', [
    ([3], 'TrackedList'), ([], 'TrackedList'), ({'a': [2]}, 'TrackedList'), (((2,), [3]), 'TrackedList'),
    (3, 'int'), (((2,), 3), 'int'), ((2.0,), 'float'), (('a',), 'str'),
])
def test_other_forms_fail_in_keras_words(output_shape, kind):
    with pytest.raises(TypeError) as info:
        _shape(output_shape)
    assert str(info.value) == 'can only concatenate tuple (not "%s") to tuple' % kind


def test_a_symbolic_call_shows_it_in_the_call_banner():
    with pytest.raises(TypeError, match=r'^Exception encountered when calling Lambda.call\(\).\n\n'
                                        r'.*can only concatenate tuple \(not "TrackedList"\) to tuple'):
        keras.layers.Lambda(lambda x: x, output_shape=[3])(keras.Input((2,)))
    # eagerly the shape is not read (TF 2.21 runs it too)
    assert tuple(keras.layers.Lambda(lambda x: x, output_shape=[3])(tf.ones([1, 2])).shape) == (1, 2)


@pytest.mark.parametrize('returned', [3, 2.5])
def test_an_output_shape_function_returning_no_shape(returned):
    # TF 2.21: ValueError 'Method `compute_output_shape()` of layer Lambda is returning a type that cannot be
    # interpreted as a shape. It should return a shape tuple. Received: 3' in the call's banner
    layer = keras.layers.Lambda(lambda x: x, output_shape=lambda s: returned)
    with pytest.raises(ValueError) as info:
        layer(keras.Input((2,)))
    assert ('Method `compute_output_shape()` of layer Lambda is returning a type that cannot be interpreted as a '
            'shape. It should return a shape tuple. Received: %s' % returned) in str(info.value)
    assert str(info.value).startswith('Exception encountered when calling Lambda.call().')


def test_a_layer_returning_a_tensor_shape_or_a_generator_still_builds():
    class Returns(keras.layers.Layer):
        def __init__(self, shape):
            super().__init__()
            self.shape_returned = shape

        def call(self, x):
            return x

        def compute_output_shape(self, input_shape):
            return self.shape_returned() if callable(self.shape_returned) else self.shape_returned

    assert Returns(tf.TensorShape([None, 5]))(keras.Input((2,))).shape == (None, 5)
    assert Returns(lambda: (d for d in (None, 3)))(keras.Input((2,))).shape == (None, 3)
