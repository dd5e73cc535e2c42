"""keras.Variable(initializer=..., shape=...) validates the shape as Keras 3's _validate_shape before the initializer
runs: standardize_shape's words for a negative size (TF 2.21: "Cannot convert '(-1,)' to a shape. Negative dimensions
are not allowed."; tapeflow raised numpy's 'negative dimensions are not allowed' from the initializer)
(/work/notes/progs/errors44/c40.txt)."""
import pytest

from framework import keras


@pytest.mark.parametrize('shape, text', [
    ((-1,), "Cannot convert '(-1,)' to a shape. Negative dimensions are not allowed."),
    ('ab', "Cannot convert 'ab' to a shape. Found invalid dimension 'a' of type '<class 'str'>'. "),
    (3, "Cannot convert '3' to a shape."),
    ((None, 2), "Shapes used to initialize variables must be fully-defined (no `None` dimensions). Received: "
                "shape=(None, 2) for variable path='w'"),
])
def test_shape_refusals(shape, text):
    with pytest.raises(ValueError) as info:
        keras.Variable(initializer='zeros', shape=shape, name='w')
    assert str(info.value) == text


def test_a_list_shape_builds():
    assert keras.Variable(initializer='ones', shape=[2, 1]).numpy().tolist() == [[1.0], [1.0]]
