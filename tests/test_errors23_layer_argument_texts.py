"""errors23: layer constructor arguments that TF 2.21 + Keras 3.15 refuse in other words
(/work/notes/progs/errors23/p_inshape.py, p_inshape_tf.txt).

- A convolution's padding that is no string (None, 1): Keras calls padding.lower(), AttributeError
  "'NoneType' object has no attribute 'lower'"; tapeflow raised its own ValueError (kept as a note).
- input_shape=None is ignored there (no InputLayer); tapeflow refused it ("Cannot convert 'None' to a shape.").
- input_shape / input_dim that are no shape: Keras's standardize_shape words on the shape it builds
  ((input_dim,) for input_dim); tapeflow said int()'s words for input_dim and prefixed the batch size for
  input_shape='a'."""
import pytest

from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

layers = keras.layers


@pytest.mark.parametrize('make', [
    lambda p: layers.Conv2D(2, 3, padding=p), lambda p: layers.Conv1D(2, 3, padding=p),
    lambda p: layers.Conv3D(2, 3, padding=p), lambda p: layers.DepthwiseConv2D(3, padding=p),
    lambda p: layers.SeparableConv2D(2, 3, padding=p), lambda p: layers.Conv2DTranspose(2, 3, padding=p),
], ids=['Conv2D', 'Conv1D', 'Conv3D', 'DepthwiseConv2D', 'SeparableConv2D', 'Conv2DTranspose'])
@pytest.mark.parametrize('padding, kind', [(None, 'NoneType'), (1, 'int')])
def test_padding_that_is_no_string_fails_on_lower(make, padding, kind):
    with pytest.raises(AttributeError) as caught:
        make(padding)
    assert type(caught.value) is AttributeError
    assert str(caught.value) == "'%s' object has no attribute 'lower'" % kind
    assert 'padding must be one of' in caught.value.__notes__[0]


def test_padding_tuple_is_still_refused_when_made():
    with pytest.raises(ValueError, match="padding must be one of 'valid', 'same', got \\(1, 1\\)"):
        layers.Conv2D(2, 3, padding=(1, 1))


def test_input_shape_none_is_ignored():
    model = keras.Sequential([layers.Dense(3, input_shape=None)])
    assert model.built is False


@pytest.mark.parametrize('kwargs, text', [
    ({'input_shape': 4}, "Cannot convert '4' to a shape."),
    ({'input_shape': 'a'}, "Cannot convert 'a' to a shape. Found invalid dimension 'a' of type '<class 'str'>'. "),
    ({'input_dim': (4,)}, "Cannot convert '((4,),)' to a shape. Found invalid dimension '(4,)' of type "
                          "'<class 'tuple'>'. "),
    ({'input_dim': 'a'}, "Cannot convert '('a',)' to a shape. Found invalid dimension 'a' of type '<class 'str'>'. "),
], ids=['input_shape=4', "input_shape='a'", 'input_dim=(4,)', "input_dim='a'"])
def test_legacy_shapes_in_standardize_shape_words(kwargs, text):
    assert_raises_exactly(lambda: keras.Sequential([layers.Dense(3, **kwargs)]), ValueError, text)


def test_legacy_shapes_that_are_shapes_still_build():
    assert keras.Sequential([layers.Dense(3, input_shape=[4])]).output_shape == (None, 3)
    assert keras.Sequential([layers.Dense(3, input_dim=4)]).output_shape == (None, 3)
    assert keras.Sequential([layers.LSTM(3, input_shape=(None, 4))]).output_shape == (None, 3)
