"""keras.ops.image.map_coordinates (and RandomElasticTransform, which samples through it) convert fill_value as
Keras 3's TF backend does on TF 2.21: in the input's dtype, whatever the fill_mode, with the Keras backend's
conversion (integer inputs: a plain conversion, then a cast), then cast to the coordinates' dtype where it fills.
tapeflow took float(fill_value) where it filled: None / [1.0] raised float()'s TypeError, '2' filled 2.0, and
with another fill_mode nothing was checked. Values and texts from TF 2.21 (probe
/work/notes/progs/layers21/mc.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import UnimplementedError

X = np.arange(12, dtype='float32').reshape(3, 4)
C = np.array([[-1.0, 0.5, 2.7], [1.2, 3.5, 5.0]], dtype='float32')
NONE_TEXT = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


@pytest.mark.parametrize('mode', ['constant', 'reflect'])
@pytest.mark.parametrize('fill_value, error, text', [
    (None, ValueError, NONE_TEXT), ('2', TypeError, "Cannot convert '2' to EagerTensor of dtype float")])
def test_float_inputs_refuse_what_is_no_number(mode, fill_value, error, text):
    with pytest.raises(error) as caught:
        keras.ops.image.map_coordinates(X, C, 1, fill_mode=mode, fill_value=fill_value)
    assert str(caught.value) == text


@pytest.mark.parametrize('fill_value', [[1.0], True])
def test_a_one_value_list_and_a_bool_fill(fill_value):
    out = keras.ops.image.map_coordinates(X, C, 1, fill_mode='constant', fill_value=fill_value)
    assert np.asarray(out).tolist() == [1.0, 3.0, 1.0]      # TF 2.21


def test_integer_inputs_cast_the_fill():
    x = X.astype('int32')
    assert np.asarray(keras.ops.image.map_coordinates(x, C, 1, fill_value=1.5)).tolist() == [1, 3, 1]
    assert np.asarray(keras.ops.image.map_coordinates(x, C, 1, fill_value=[1.0])).tolist() == [1, 3, 1]
    with pytest.raises(UnimplementedError) as caught:
        keras.ops.image.map_coordinates(x, C, 1, fill_mode='nearest', fill_value='2')
    assert 'Cast string to int32 is not supported [Op:Cast]' in str(caught.value)


IMAGES = (np.arange(180).reshape(2, 5, 6, 3) % 11).astype('float32')


@pytest.mark.parametrize('fill_value, expected', [
    (None, (ValueError, NONE_TEXT)), ('2', (TypeError, "Cannot convert '2' to EagerTensor of dtype float")),
    ([1.0], 884.1068725585938), (2, 884.1068725585938)])
def test_random_elastic_transform(fill_value, expected):
    layer = keras.layers.RandomElasticTransform(factor=1.0, fill_value=fill_value, seed=1)    # fill_mode 'reflect'
    if isinstance(expected, tuple):
        with pytest.raises(expected[0]) as caught:
            layer(IMAGES, training=True)
        assert 'Exception encountered when calling RandomElasticTransform.call().' in str(caught.value)
        assert expected[1] in str(caught.value)
    else:
        # TF 2.21's sum is 884.1068725585938 for both (the 'reflect' mode never reads the fill): compared with the
        # default fill's output here, since the blur's float32 bits hang on the CPU's kernels
        plain = keras.layers.RandomElasticTransform(factor=1.0, seed=1)(IMAGES, training=True)
        np.testing.assert_array_equal(np.asarray(layer(IMAGES, training=True)), np.asarray(plain))
