"""keras.ops.convert_to_tensor / array / full / full_like with a value their dtype cannot hold, as Keras 3 on
TF 2.21 (errors31, p_kfull.py; texts printed by TF): Keras converts what is no tensor with TF's
convert_to_tensor(x, dtype), casting only to ints and bools, so strings meet a float or numbers a string dtype
in TF's conversion words, not in Cast's (tapeflow gave Cast's UnimplementedError or its own sentence)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.ops


@pytest.mark.parametrize('call, error, text', [
    (lambda: O.convert_to_tensor(['a'], 'float32'), TypeError, "Cannot convert ['a'] to EagerTensor of dtype float"),
    (lambda: O.convert_to_tensor('a', 'float64'), TypeError, "Cannot convert 'a' to EagerTensor of dtype double"),
    (lambda: O.array(['a'], 'float32'), TypeError, "Cannot convert ['a'] to EagerTensor of dtype float"),
    (lambda: O.convert_to_tensor(1, 'string'), TypeError, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: O.convert_to_tensor(1 + 2j, 'float32'), TypeError, 'Cannot convert (1+2j) to EagerTensor of dtype float'),
    (lambda: O.convert_to_tensor(np.array(['a']), 'float32'), ValueError, "could not convert string to float: np.str_('a')"),
    (lambda: O.full((2,), 'a'), TypeError, "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: O.full((2,), 1, dtype='string'), TypeError, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: O.full_like(np.ones(2), 'a'), TypeError, "Cannot convert 'a' to EagerTensor of dtype double"),
    (lambda: O.full((2,), np.array(['a'])), ValueError, "could not convert string to float: np.str_('a')"),
])
def test_conversion_texts(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


@pytest.mark.parametrize('call, dtype', [
    (lambda: O.full((2,), 'a', dtype='int32'), 'int32'),
    (lambda: O.convert_to_tensor(['a'], 'bool'), 'bool'),
    (lambda: O.full((2,), tf.constant('a')), 'float'),
])
def test_casts_to_ints_bools_and_of_tensors_stay_cast_errors(call, dtype):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        call()
    assert 'Cast string to %s is not supported' % dtype in str(info.value)


def test_values_that_convert_are_unchanged():
    assert O.full((2,), 1.5, dtype='float16').numpy().tolist() == [1.5, 1.5]
    assert O.convert_to_tensor([1.5, 2], 'int32').numpy().tolist() == [1, 2]
    assert O.full((2,), 'a', dtype='string').numpy().tolist() == [b'a', b'a']
