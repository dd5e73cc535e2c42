"""StringLookup / IntegerLookup / TextVectorization compare max_tokens as Keras 3 does, as given: a vocabulary
passed by position (StringLookup(['a', 'b']), whose first parameter is max_tokens) fails in `<=` with Python's
TypeError, True is refused as 1, and a float is taken (adapt then fails slicing with it). tapeflow refused all
of them with its own ValueError sentence.

Expected values printed by TF 2.21 (notes progs/layers15/lk1.py), e.g.

    keras.layers.StringLookup(['a'])    # TypeError: '<=' not supported between instances of 'list' and 'int'
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('cls', ['StringLookup', 'IntegerLookup', 'TextVectorization'])
@pytest.mark.parametrize('given, kind', [(['a'], 'list'), ('abc', 'str'), ((3,), 'tuple')])
def test_a_value_that_does_not_compare_is_a_type_error(cls, given, kind):
    with pytest.raises(TypeError) as err:
        getattr(L, cls)(max_tokens=given)
    assert str(err.value) == "'<=' not supported between instances of '%s' and 'int'" % kind


def test_vocabulary_passed_by_position():
    with pytest.raises(TypeError, match="'<=' not supported between instances of 'list' and 'int'"):
        L.StringLookup(['a', 'b'])


@pytest.mark.parametrize('cls, text', [
    ('StringLookup', 'If set, `max_tokens` must be greater than 1. Received: max_tokens=True'),
    ('IntegerLookup', 'If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. Received: max_tokens=True')])
def test_true_is_one(cls, text):
    with pytest.raises(ValueError) as err:
        getattr(L, cls)(max_tokens=True)
    assert str(err.value) == text


def test_a_float_is_taken_and_fails_in_adapt():
    layer = L.StringLookup(max_tokens=3.0)
    assert layer.get_config()['max_tokens'] == 3.0
    assert L.TextVectorization(max_tokens=2.5).get_config()['max_tokens'] == 2.5
    with pytest.raises(TypeError, match='slice indices must be integers or None or have an __index__ method'):
        layer.adapt(np.array(['a', 'b', 'b', 'c', 'c', 'c']))


def test_an_int_still_caps_the_vocabulary():
    layer = L.StringLookup(max_tokens=3)
    layer.adapt(np.array(['a', 'b', 'b', 'c', 'c', 'c']))
    assert layer.get_vocabulary() == ['[UNK]', 'c', 'b']
