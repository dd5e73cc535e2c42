"""Keyword arguments' refusals in Keras 3's own words (TF 2.21): adaptive pooling's data_format, the convolutions'
groups compared as given, MultiHeadAttention's output_shape, the lookups' output_mode of another type, and
Normalization's mean / variance shown as Keras formats them."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('cls', ['AdaptiveMaxPooling1D', 'AdaptiveAveragePooling2D', 'AdaptiveMaxPooling3D'])
@pytest.mark.parametrize('data_format', ['abc', -1, 1.5, 'CHANNELS_LAST'])
def test_adaptive_pooling_data_format_text(cls, data_format):
    # TF 2.21: "Invalid data_format: abc. Expected 'channels_first' or 'channels_last'." (no lowercasing)
    with pytest.raises(ValueError) as info:
        getattr(L, cls)(2, data_format=data_format)
    assert str(info.value) == ("Invalid data_format: %s. Expected 'channels_first' or 'channels_last'."
                               % (data_format,))


@pytest.mark.parametrize('data_format, expected', [(0, 'channels_last'), ('', 'channels_last'),
                                                   (None, 'channels_last'), ('channels_first', 'channels_first')])
def test_adaptive_pooling_falsy_data_format_is_default(data_format, expected):
    assert L.AdaptiveAveragePooling1D(2, data_format).data_format == expected


def test_adaptive_pooling_list_data_format_is_unhashable():
    # TF 2.21: TypeError "unhashable type: 'TrackedList'" (Keras tracks the list first)
    with pytest.raises(TypeError, match='^unhashable type'):
        L.AdaptiveMaxPooling2D(2, data_format=[1, 2])


@pytest.mark.parametrize('cls', ['Conv1D', 'Conv2D', 'Conv3D'])
@pytest.mark.parametrize('groups, kind', [(None, 'NoneType'), ('abc', 'str')])
def test_conv_groups_of_another_type_is_python_comparison_error(cls, groups, kind):
    # TF 2.21: "'<=' not supported between instances of 'NoneType' and 'int'"
    with pytest.raises(TypeError) as info:
        getattr(L, cls)(2, 2, groups=groups)
    assert str(info.value) == "'<=' not supported between instances of '%s' and 'int'" % kind


@pytest.mark.parametrize('groups', [0, -1])
def test_conv_groups_below_one_keep_keras_value_error(groups):
    with pytest.raises(ValueError) as info:
        L.Conv2D(2, 2, groups=groups)
    assert str(info.value) == 'The number of groups must be a positive integer. Received: groups=%s.' % groups


@pytest.mark.parametrize('output_shape', [1.5, 2.5])
def test_mha_output_shape_not_iterable(output_shape):
    # TF 2.21 gives this text exactly
    with pytest.raises(ValueError) as info:
        L.MultiHeadAttention(2, 2, output_shape=output_shape)
    assert str(info.value) == ('Invalid `output_shape`: %s. When specified, the `output_shape` should be of type '
                               'tuple, list, or int.' % output_shape)


@pytest.mark.parametrize('output_shape, expected', [(3, (3,)), ([3, 2], (3, 2)), ('ab', ('a', 'b'))])
def test_mha_output_shape_forms(output_shape, expected):
    assert tuple(L.MultiHeadAttention(2, 2, output_shape=output_shape).get_config()['output_shape']) == expected


@pytest.mark.parametrize('cls', ['IntegerLookup', 'StringLookup'])
@pytest.mark.parametrize('mode', [[1, 2], {'a': 1}])
def test_lookup_output_mode_of_another_type(cls, mode):
    # TF 2.21: "Unknown value for `output_mode` argument of IntegerLookup. Allowed values are: ('int', ...). Received: [1, 2]"
    with pytest.raises(ValueError) as info:
        getattr(L, cls)(output_mode=mode)
    assert str(info.value) == ("Unknown value for `output_mode` argument of %s. Allowed values are: ('int', "
                               "'one_hot', 'multi_hot', 'count', 'tf_idf'). Received: output_mode=%s" % (cls, mode))


@pytest.mark.parametrize('cls', ['IntegerLookup', 'StringLookup'])
def test_lookup_output_mode_aliases(cls):
    assert getattr(L, cls)(output_mode='binary').output_mode == 'multi_hot'
    assert getattr(L, cls)(output_mode='tf-idf').output_mode == 'tf_idf'


@pytest.mark.parametrize('kwargs, shown', [({'mean': 'abc'}, 'mean=abc and variance=None'),
                                           ({'variance': 'abc'}, 'mean=None and variance=abc'),
                                           ({'mean': np.array([1.0])}, 'mean=[1.] and variance=None'),
                                           ({'variance': (1, 2)}, 'mean=None and variance=(1, 2)')])
def test_normalization_mean_variance_text(kwargs, shown):
    # TF 2.21: 'When setting values directly, both `mean` and `variance` must be set. Received: mean=abc and ...'
    with pytest.raises(ValueError) as info:
        L.Normalization(**kwargs)
    assert str(info.value) == 'When setting values directly, both `mean` and `variance` must be set. Received: ' + shown
