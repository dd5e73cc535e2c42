"""Python lists, tuples and numbers of the wrong kind given to the text / lookup layers' adapt, or as
StringLookup's mask_token, raise TF's eager-conversion TypeError (Keras 3 converts them with the layer's
key dtype); a NumPy array of the wrong kind keeps TF's ValueError."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, data, text', [
    # TF 2.21 gives each of these texts as a TypeError
    (L.TextVectorization, [1, 2], 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    (L.TextVectorization, (1, 2), 'Cannot convert (1, 2) to EagerTensor of dtype string'),
    (L.TextVectorization, [[1], [2]], 'Cannot convert [[1], [2]] to EagerTensor of dtype string'),
    (L.TextVectorization, 3, 'Cannot convert 3 to EagerTensor of dtype string'),
    (L.StringLookup, [1, 2], 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    (L.StringLookup, 3, 'Cannot convert 3 to EagerTensor of dtype string'),
    (L.IntegerLookup, ['a'], "Cannot convert ['a'] to EagerTensor of dtype int64"),
    (L.IntegerLookup, 'a', "Cannot convert 'a' to EagerTensor of dtype int64"),
    (L.IntegerLookup, [1.0, 2.0], 'Cannot convert [1.0, 2.0] to EagerTensor of dtype int64'),
    (L.IntegerLookup, [1, 2.5], 'Cannot convert [1, 2.5] to EagerTensor of dtype int64'),
    (L.IntegerLookup, 1.5, 'Cannot convert 1.5 to EagerTensor of dtype int64'),
])
def test_adapt_python_values_of_the_wrong_kind(make, data, text):
    with pytest.raises(TypeError) as info:
        make().adapt(data)
    assert type(info.value).__name__ == 'TypeError'
    assert str(info.value) == text


def test_update_state_list_of_numbers():
    # TF 2.21: TypeError 'Cannot convert [1, 2] to EagerTensor of dtype string'
    with pytest.raises(TypeError) as info:
        L.TextVectorization().update_state([1, 2])
    assert type(info.value).__name__ == 'TypeError'
    assert str(info.value) == 'Cannot convert [1, 2] to EagerTensor of dtype string'


def test_numpy_arrays_keep_the_value_error():
    # TF 2.21: ValueError 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'
    with pytest.raises(ValueError) as info:
        L.StringLookup().adapt(np.array([1, 2]))
    assert type(info.value).__name__ == 'ValueError'
    assert str(info.value) == 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'


def test_integer_python_values_still_adapt():
    # TF 2.21: IntegerLookup().adapt(3) -> [-1, 3]; adapt((1, 2)) -> vocabulary of 1 and 2
    layer = L.IntegerLookup()
    layer.adapt(3)
    assert [int(v) for v in layer.get_vocabulary()] == [-1, 3]
    layer = L.IntegerLookup()
    layer.adapt((1, 2))
    assert sorted(int(v) for v in layer.get_vocabulary()) == [-1, 1, 2]


@pytest.mark.parametrize('mask, text', [
    # TF 2.21 gives each as a TypeError when the layer is made
    (5, 'Cannot convert 5 to EagerTensor of dtype string'),
    (5.5, 'Cannot convert 5.5 to EagerTensor of dtype string'),
    (True, 'Cannot convert True to EagerTensor of dtype string'),
    ([1], 'Cannot convert [1] to EagerTensor of dtype string'),
])
def test_string_lookup_mask_token_of_numbers(mask, text):
    with pytest.raises(TypeError) as info:
        L.StringLookup(mask_token=mask, vocabulary=['a'])
    assert type(info.value).__name__ == 'TypeError'
    assert str(info.value) == text


def test_string_lookup_mask_token_numpy_integer():
    # TF 2.21: ValueError 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'
    with pytest.raises(ValueError) as info:
        L.StringLookup(mask_token=np.int64(1))
    assert type(info.value).__name__ == 'ValueError'
    assert str(info.value) == 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'


def test_string_lookup_string_masks_pass():
    layer = L.StringLookup(mask_token=b'm', vocabulary=['a'])
    # TF 2.21: [2 0] (0 the mask, 1 the OOV bucket)
    assert np.array(layer(['a', 'm'])).tolist() == [2, 0]
