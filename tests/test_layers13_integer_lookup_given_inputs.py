"""IntegerLookup converts what it is given straight to its int64 keys, as Keras 3 on TF 2.21
(tf_utils.ensure_tensor(inputs, 'int64'): TF's convert_to_tensor reads NumPy digit strings, refuses lists
of floats or strings).

Printed by TF 2.21 (progs/layers13/il2.py), with IntegerLookup(vocabulary=[5, 7]):
    np.array(['5', ' 7', '9'])  -> [1, 2, 0];  np.array([['5'], ['7']]) -> [[1], [2]];  np.array([b'7']) -> [2]
    np.array(['5.5'])           -> ValueError "invalid literal for int() with base 10: np.str_('5.5')"
    ['5'], [5.0, 7.0], [5.5]    -> TypeError 'Cannot convert [5.0, 7.0] to EagerTensor of dtype int64'
    np.array([5.5, 7.2]) -> [1, 2];  [5, 7] -> [1, 2];  tf.constant(['5']) -> UnimplementedError (Cast string to int64)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def lookup():
    return keras.layers.IntegerLookup(vocabulary=[5, 7])


def test_numpy_digit_strings_are_read_as_integers():
    assert lookup()(np.array(['5', ' 7', '9'])).numpy().tolist() == [1, 2, 0]
    assert lookup()(np.array([['5'], ['7']])).numpy().tolist() == [[1], [2]]
    assert lookup()(np.array([b'7'])).numpy().tolist() == [2]
    with pytest.raises(ValueError, match=r"invalid literal for int\(\) with base 10: np.str_\('5.5'\)"):
        lookup()(np.array(['5.5']))


@pytest.mark.parametrize('given', [['5'], [5.0, 7.0], [5.5]])
def test_lists_of_floats_or_strings_are_tf_conversion_errors(given):
    with pytest.raises(TypeError) as info:
        lookup()(given)
    assert 'Cannot convert %s to EagerTensor of dtype int64' % (given,) in str(info.value)


def test_other_inputs_unchanged():
    assert lookup()([5, 7]).numpy().tolist() == [1, 2]
    assert lookup()(np.array([5.5, 7.2])).numpy().tolist() == [1, 2]
    with pytest.raises(tf.errors.UnimplementedError, match='Cast string to int64 is not supported'):
        lookup()(tf.constant(['5']))
