"""StringLookup / IntegerLookup arguments checked as Keras 3 on TF 2.21 (probe /work/notes/progs/errors46/c11.txt,
c12.txt): num_oov_indices compared as given, StringLookup's own vocabulary_dtype, an inverting IntegerLookup's
oov_token converted to int64."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('layer', [keras.layers.StringLookup, keras.layers.IntegerLookup])
@pytest.mark.parametrize('given, text', [
    ('a', "'<' not supported between instances of 'str' and 'int'"),
    (None, "'<' not supported between instances of 'NoneType' and 'int'"),
])
def test_num_oov_indices_of_another_type_fails_in_the_comparison(layer, given, text):
    with pytest.raises(TypeError) as info:
        layer(num_oov_indices=given)
    assert str(info.value) == text


@pytest.mark.parametrize('given, kind', [(1.5, 'float'), (np.float64(1.0), 'numpy.float64')])
def test_float_num_oov_indices_fails_listing_the_special_tokens(given, kind):
    with pytest.raises(TypeError) as info:
        keras.layers.StringLookup(num_oov_indices=given, vocabulary=['a'])
    assert str(info.value) == "can't multiply sequence by non-int of type '%s'" % kind


def test_true_num_oov_indices_is_one():
    layer = keras.layers.StringLookup(num_oov_indices=True, vocabulary=['a'])
    assert layer(['a', 'b']).numpy().tolist() == [1, 0]       # TF 2.21: [1, 0]


@pytest.mark.parametrize('dtype', ['int64', 'string'])
def test_string_lookup_takes_no_vocabulary_dtype(dtype):
    with pytest.raises(TypeError) as info:
        keras.layers.StringLookup(vocabulary_dtype=dtype)
    assert str(info.value) == ("keras.src.layers.preprocessing.index_lookup.IndexLookup.__init__() got multiple "
                               "values for keyword argument 'vocabulary_dtype'")


@pytest.mark.parametrize('token, shown', [('7', "'7'"), (1.5, '1.5'), ('a', "'a'"), (2.0, '2.0')])
def test_inverting_integer_lookup_converts_its_oov_token(token, shown):
    with pytest.raises(TypeError) as info:
        keras.layers.IntegerLookup(oov_token=token, vocabulary=[1, 2], invert=True)
    assert str(info.value) == 'Cannot convert %s to EagerTensor of dtype int64' % shown

