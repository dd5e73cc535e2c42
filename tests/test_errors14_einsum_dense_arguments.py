"""EinsumDense's equation and output_shape as Keras 3.15 on TF 2.21 takes them.

Keras stores the equation and parses it with re at build, so an equation that is no string is taken
by the constructor and fails in the first call with Python's re TypeError; output_shape that is not a
Python int goes through tuple(), whose TypeError a float, None, numpy int or scalar tensor meets in
the constructor. Golden texts from /work/notes/progs/errors14/ed1.py (and the errors12 fuzzer rows
layer.EinsumDense|eq|int, layer.EinsumDense|units|*) run under TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.ones((2, 3), np.float32)


@pytest.mark.parametrize('equation, text', [
    (1, "expected string or bytes-like object, got 'int'"),
    (None, "expected string or bytes-like object, got 'NoneType'"),
    (b'ab,bc->ac', 'cannot use a string pattern on a bytes-like object')])
def test_an_equation_that_is_no_string_fails_at_build(equation, text):
    layer = keras.layers.EinsumDense(equation, output_shape=4)
    assert layer.partial_output_shape == (4,) and layer.equation == equation
    with pytest.raises(TypeError) as info:
        layer(X)
    assert text in str(info.value)


@pytest.mark.parametrize('output_shape, text', [
    (2.5, "'float' object is not iterable"), (4.0, "'float' object is not iterable"),
    (None, "'NoneType' object is not iterable"), (np.int64(3), "'numpy.int64' object is not iterable"),
    (tf.constant(3), 'Cannot iterate over a scalar tensor.')], ids=['float', 'float_int', 'none', 'np', 'tensor'])
def test_an_output_shape_that_is_not_iterable_fails_in_the_constructor(output_shape, text):
    with pytest.raises(TypeError) as info:
        keras.layers.EinsumDense('ab,bc->ac', output_shape=output_shape)
    assert str(info.value) == text


def test_ints_and_lists_still_work():
    assert tuple(keras.layers.EinsumDense('ab,bc->ac', output_shape=4)(X).shape) == (2, 4)
    assert tuple(keras.layers.EinsumDense('ab,bc->ac', output_shape=[4])(X).shape) == (2, 4)
    with pytest.raises(ValueError):       # a malformed string is still refused
        keras.layers.EinsumDense('ab->c', output_shape=4)(X)
