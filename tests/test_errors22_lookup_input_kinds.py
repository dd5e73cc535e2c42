"""errors22: data of the wrong kind for TextVectorization / StringLookup / IntegerLookup, refused in the words TF 2.21
gives through Keras 3.15 (printed by /work/notes/progs/errors22/p_types.py): a list, TF's 'Cannot convert [1, 2] to
EagerTensor of dtype string'; a NumPy array of numbers, 'Failed to convert a NumPy array to a Tensor (Unsupported
object type int).'; a tensor, the Cast kernel's UnimplementedError; text for IntegerLookup, Python's int() of the
first token. tapeflow's own sentences stay as notes."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import UnimplementedError

L = keras.layers
_CAST = '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast %s is not ' \
        'supported [Op:Cast] name: '


@pytest.mark.parametrize('make', [L.TextVectorization, L.StringLookup])
@pytest.mark.parametrize('data, kind, text', [
    ([1, 2], TypeError, 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    ([1.5, 2.0], TypeError, 'Cannot convert [1.5, 2.0] to EagerTensor of dtype string'),
    (np.array([1, 2]), ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
    (np.ones(2), ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type float).'),
    (np.array([[1], [2]]), ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
])
def test_adapting_text_layers_on_numbers(make, data, kind, text):
    with pytest.raises(kind) as caught:
        make().adapt(data)
    assert str(caught.value) == text


@pytest.mark.parametrize('make', [L.TextVectorization, L.StringLookup])
def test_adapting_text_layers_on_an_int_tensor(make):
    with pytest.raises(UnimplementedError) as caught:
        make().adapt(tf.constant([1, 2]))
    assert str(caught.value) == _CAST % 'int32 to string'


def test_looking_up_numbers_as_strings():
    with pytest.raises(UnimplementedError) as caught:
        L.StringLookup(vocabulary=['a'])(np.array([1, 2]))
    assert (_CAST % 'int64 to string') in str(caught.value)


@pytest.mark.parametrize('vocabulary, kind, text', [
    ([1, 2], ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
    (np.array([1, 2]), ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
    (tf.constant([1, 2]), TypeError, 'Expected binary or unicode string, got np.int32(1)'),
])
def test_a_string_vocabulary_of_numbers(vocabulary, kind, text):
    with pytest.raises(kind) as caught:
        L.StringLookup(vocabulary=vocabulary)
    assert str(caught.value) == text


@pytest.mark.parametrize('data, kind, text', [
    (['a', 'b'], TypeError, "Cannot convert ['a', 'b'] to EagerTensor of dtype int64"),
    (np.array(['a', 'b']), ValueError, "invalid literal for int() with base 10: np.str_('a')"),
    (np.array(['a', 'b'], dtype=object), ValueError, "invalid literal for int() with base 10: 'a'"),
    (tf.constant(['a', 'b']), UnimplementedError, _CAST % 'string to int64'),
])
def test_adapting_integer_lookup_on_text(data, kind, text):
    with pytest.raises(kind) as caught:
        L.IntegerLookup().adapt(data)
    assert str(caught.value) == text


@pytest.mark.parametrize('vocabulary, text', [
    (['a', 'b'], "invalid literal for int() with base 10: np.str_('a')"),
    (np.array(['a', 'b'], dtype=object), "invalid literal for int() with base 10: 'a'"),
    (tf.constant(['a', 'b']), "invalid literal for int() with base 10: b'a'"),
])
def test_an_integer_vocabulary_of_text(vocabulary, text):
    with pytest.raises(ValueError) as caught:
        L.IntegerLookup(vocabulary=vocabulary)
    assert str(caught.value) == text
