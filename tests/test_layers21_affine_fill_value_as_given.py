"""RandomRotation / RandomZoom / RandomTranslation keep fill_value as given, as Keras 3 on TF 2.21, and the
transform (ImageProjectiveTransformV3, whose fill_value input is a float32 scalar) converts it when it runs.

tapeflow took float(fill_value) when made: get_config gave 1.0 for 1 (TF: 1, an int), 1.5 for np.float32(1.5),
and None or [1.0] failed at construction with float()'s TypeError. TF 2.21's texts and values from the probe
/work/notes/progs/layers21/fv.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

IMAGES = (np.arange(180).reshape(2, 5, 6, 3) % 11).astype('float32')
LAYERS = {'RandomRotation': dict(factor=0.3), 'RandomZoom': dict(height_factor=0.3),
          'RandomTranslation': dict(height_factor=0.3, width_factor=0.3)}


def make(name, fill_value):
    return getattr(keras.layers, name)(**LAYERS[name], fill_mode='constant', fill_value=fill_value, seed=1)


@pytest.mark.parametrize('name', sorted(LAYERS))
@pytest.mark.parametrize('fill_value, kind', [(1, 'int'), (True, 'bool'), (np.float32(1.5), 'float32'),
                                              (None, 'NoneType'), ('2', 'str'), (0.5, 'float')])
def test_config_keeps_the_value(name, fill_value, kind):
    value = make(name, fill_value).get_config()['fill_value']
    assert type(value).__name__ == kind and (value == fill_value or value is fill_value)


@pytest.mark.parametrize('name', sorted(LAYERS))
@pytest.mark.parametrize('fill_value, error, text', [
    (None, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('2', TypeError, "Cannot convert '2' to EagerTensor of dtype float"),
    ([1.0], InvalidArgumentError, '{{function_node __wrapped__ImageProjectiveTransformV3_device_/job:localhost/'
                                  'replica:0/task:0/device:CPU:0}} fill_value must be a scalar[1] '
                                  '[Op:ImageProjectiveTransformV3]'),
])
def test_the_transform_refuses_what_is_no_number(name, fill_value, error, text):
    layer = make(name, fill_value)
    with pytest.raises(error) as caught:
        layer(IMAGES, training=True)
    assert ('Exception encountered when calling %s.call().' % name) in str(caught.value)
    assert text in str(caught.value)
    out = layer(IMAGES, training=False)         # not transformed: the images as they are
    np.testing.assert_array_equal(np.asarray(out), IMAGES)


@pytest.mark.parametrize('name, expected', [('RandomRotation', 827.9395751953125),
                                            ('RandomZoom', 800.5601806640625),
                                            ('RandomTranslation', 715.8040771484375)])
def test_number_like_values_fill_as_numbers(name, expected):
    # TF 2.21's sums for fill_value=2.0 given as an array and as a tensor (the float's own sum is the same)
    for fill_value in (np.array(2.0), tf.constant(2.0), 2.0):
        assert float(np.asarray(make(name, fill_value)(IMAGES, training=True)).sum()) == expected


@pytest.mark.parametrize('fill_value, size, expected', [
    (None, (3, 7), (ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                "to a Tensor.")),
    ('2', (3, 7), (TypeError, "Cannot convert '2' to EagerTensor of dtype float")),
    (None, (5, 6), 886.0), ('2', (10, 12), 3544.0),         # no padding: the value is never read
    ([1.0, 2.0, 3.0], (3, 7), 488.9523620605469), (np.float32(3), (3, 7), 537.8095092773438),
])
def test_resizing_pads_with_the_value_as_given(fill_value, size, expected):
    # Keras 3 pads float images with tf.ones(..., images.dtype) * fill_value (TF 2.21's values and texts;
    # tapeflow padded None as nan and '2' as 2.0)
    layer = keras.layers.Resizing(*size, pad_to_aspect_ratio=True, fill_value=fill_value)
    if isinstance(expected, tuple):
        with pytest.raises(expected[0]) as caught:
            layer(IMAGES)
        assert expected[1] in str(caught.value)
    else:
        assert float(np.asarray(layer(IMAGES)).sum()) == expected


@pytest.mark.parametrize('fill_value, expected', [(True, 741.0), (False, 705.0), (2, 777.0), (np.float64(3.0), 813.0),
                                                  (np.float32(3), None), (np.int64(2), None)])
def test_random_erasing_takes_what_keras_isinstance_takes(fill_value, expected):
    # Keras 3's isinstance(fill_value, (int, float)): bools are numbers there, numpy float32 / int64 are not
    # (TF 2.21's sums; tapeflow refused True and False)
    layer = keras.layers.RandomErasing(factor=1.0, fill_value=fill_value, seed=1)
    if expected is None:
        with pytest.raises(ValueError) as caught:
            layer(IMAGES, training=True)
        assert 'The `fill_value` argument should be a number (or a list of three numbers) ' in str(caught.value)
    else:
        assert float(np.asarray(layer(IMAGES, training=True)).sum()) == expected
