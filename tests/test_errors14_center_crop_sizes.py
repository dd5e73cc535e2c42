"""CenterCrop with a height/width that is no int, as Keras 3.15 on TF 2.21 takes it.

Keras stores the size as given (get_config reports it) and fails in the call: ``in_height - height``
raises Python's TypeError for a string, None or tuple; a float difference is no int, so Keras slices
from ``diff // 2`` (even a negative one) and TF's indexing refuses the float bound. Golden texts from
/work/notes/progs/errors14/cc1.py and cc2.py (and the errors12 fuzzer rows layer.CenterCrop|units*|*)
run under TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X4 = np.arange(64, dtype=np.float32).reshape(2, 4, 4, 2)
X3 = X4[0]
INDEX_TEXT = ('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 '
              'tensors are valid indices, got %s')


@pytest.mark.parametrize('images', [X4, X3], ids=['batch', 'single'])
@pytest.mark.parametrize('height, width, got', [
    (2.5, 2, '0.0'), (4.0, 2, '0.0'), (2, 2.5, '0.0'), (5.5, 2, '-1.0'), (2, 5.5, '-1.0'), (2.0, 2.0, '1.0'),
    (1.5, 2, '1.0'), (np.float32(2.0), 2, 'np.float32(1.0)')])
def test_a_float_size_fails_tfs_indexing(images, height, width, got):
    layer = L.CenterCrop(height, width)
    assert layer.get_config()['height'] == height and layer.get_config()['width'] == width
    with pytest.raises(TypeError) as info:
        layer(images)
    assert 'Exception encountered when calling CenterCrop.call()' in str(info.value)
    assert INDEX_TEXT % got in str(info.value)


@pytest.mark.parametrize('height, width, kind', [('4', 2, 'str'), (None, 2, 'NoneType'), ((4,), 2, 'tuple'),
                                                 (2, '2', 'str'), (2, None, 'NoneType'), (2.5, '2', 'str')])
def test_no_number_fails_the_subtraction(height, width, kind):
    with pytest.raises(TypeError) as info:
        L.CenterCrop(height, width)(X4)
    assert "unsupported operand type(s) for -: 'int' and '%s'" % kind in str(info.value)


@pytest.mark.parametrize('height, text', [
    (2.5, "Cannot convert '(None, 2.5, 2, 2)' to a shape. Found invalid dimension '2.5' of type '<class 'float'>'."),
    ('4', "Cannot convert '(None, '4', 2, 2)' to a shape. Found invalid dimension '4' of type '<class 'str'>'.")])
def test_symbolic_call_cannot_make_the_shape(height, text):
    with pytest.raises(ValueError) as info:
        L.CenterCrop(height, 2)(keras.Input((4, 4, 2)))
    assert text in str(info.value)


def test_symbolic_none_height_is_an_unknown_dimension():
    assert tuple(L.CenterCrop(None, 2)(keras.Input((4, 4, 2))).shape) == (None, None, 2, 2)


def test_integer_sizes_still_crop_and_resize():
    assert L.CenterCrop(2, 2)(X4).shape == (2, 2, 2, 2)
    out = L.CenterCrop(6, 2)(X4)       # TF 2.21: (2, 6, 2, 2), sum 1464.0 (smart_resize)
    assert out.shape == (2, 6, 2, 2) and float(np.sum(out)) == 1464.0
