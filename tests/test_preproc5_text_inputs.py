"""Preprocessing-layer refusals as Keras 3 on TF 2.21 words them (helper preproc5).

Golden texts printed by TF 2.21 / Keras 3.15 with:
    keras.layers.TextVectorization(vocabulary=['a'])(np.array([1, 2]))   # and [1, 2], 3, np.array([1.])
    keras.layers.Discretization(num_bins=3)(np.array([1.]))
"""
import numpy as np
import pytest

from framework import keras


def _refusal(layer, inputs):
    with pytest.raises(Exception) as caught:
        layer(inputs)
    return caught.value


def test_text_vectorization_numpy_numbers_fail_tf_conversion():
    error = _refusal(keras.layers.TextVectorization(vocabulary=['a']), np.array([1, 2]))
    assert type(error).__name__ == 'ValueError'
    assert str(error) == ('Exception encountered when calling TextVectorization.call().\n\n\x1b[1mFailed to convert a '
                          'NumPy array to a Tensor (Unsupported object type int).\x1b[0m\n\nArguments received by '
                          'TextVectorization.call():\n  • inputs=array([1, 2])')


@pytest.mark.parametrize('array, kind', [(np.array([1.], 'float32'), 'float'), (np.array([True]), 'bool'),
                                         (np.array([1], 'uint8'), 'int'), (np.array([1 + 2j]), 'complex')])
def test_text_vectorization_numpy_kinds(array, kind):
    error = _refusal(keras.layers.TextVectorization(vocabulary=['a']), array)
    assert isinstance(error, ValueError)
    assert 'Failed to convert a NumPy array to a Tensor (Unsupported object type %s).' % kind in str(error)


def test_text_vectorization_python_numbers_are_type_errors():
    error = _refusal(keras.layers.TextVectorization(vocabulary=['a']), [1, 2])
    assert type(error) is TypeError
    assert str(error) == ("Exception encountered when calling TextVectorization.call().\n\n\x1b[1mCannot convert "
                          "[1, 2] to EagerTensor of dtype string\x1b[0m\n\nArguments received by "
                          "TextVectorization.call():\n  • inputs=['1', '2']")
    error = _refusal(keras.layers.TextVectorization(vocabulary=['a']), 3)
    assert type(error) is TypeError and 'Cannot convert 3 to EagerTensor of dtype string' in str(error)


def test_text_vectorization_still_takes_strings_after_a_refusal():
    layer = keras.layers.TextVectorization(vocabulary=['a', 'b'])
    _refusal(layer, np.array([1]))
    assert layer(np.array(['b a z'])).numpy().tolist() == [[3, 2, 1]]     # TF 2.21's output
    assert layer(['a']).numpy().tolist() == [[2]]


def test_discretization_called_before_adapt():
    error = _refusal(keras.layers.Discretization(num_bins=3), np.array([1.]))
    assert type(error) is ValueError
    assert ('\x1b[1mYou need to either pass the `bin_boundaries` argument at construction time or call '
            '`adapt(dataset)` before you can start using the `Discretization` layer.\x1b[0m') in str(error)


@pytest.mark.parametrize('inputs, kernel_dtype', [(np.array([1.5]), 'double'), (3, 'int64'), (2.5, 'double'),
                                                  ([1, 2], 'int32'), (np.array([1], 'int32'), 'int32')])
def test_string_lookup_numbers_name_the_dtype_tf_converts_them_to(inputs, kernel_dtype):
    # TF 2.21: StringLookup(vocabulary=['a'])(inputs) -> UnimplementedError 'Cast <dtype> to string is not
    # supported' (Keras converts an array or Python number itself: float64 / int64; a list: int32)
    error = _refusal(keras.layers.StringLookup(vocabulary=['a']), inputs)
    assert type(error).__name__ == 'UnimplementedError'
    assert 'Cast %s to string is not supported [Op:Cast]' % kernel_dtype in str(error)
    assert str(error).startswith('Exception encountered when calling StringLookup.call().')


def test_text_vectorization_one_hot_is_ragged_per_token():
    # TF 2.21: TextVectorization(output_mode='one_hot', vocabulary=['a', 'b'])(...) -> RaggedTensor (batch, None, 3)
    from framework.ragged.ragged_tensor import RaggedTensor
    layer = keras.layers.TextVectorization(output_mode='one_hot', vocabulary=['a', 'b'])
    out = layer(['a b', 'b'])
    assert isinstance(out, RaggedTensor) and out.dtype.name == 'int64'
    assert out.to_list() == [[[0, 1, 0], [0, 0, 1]], [[0, 0, 1]]]
    assert layer(['a', 'b']).to_list() == [[[0, 1, 0]], [[0, 0, 1]]]
    assert layer([['a'], ['b c']]).to_list() == [[[0, 1, 0]], [[0, 0, 1], [1, 0, 0]]]
    assert layer(['']).to_list() == [[]]
    scalar = layer('a b')        # a scalar string stays a dense (tokens, depth) tensor
    assert not isinstance(scalar, RaggedTensor) and scalar.numpy().tolist() == [[0, 1, 0], [0, 0, 1]]
