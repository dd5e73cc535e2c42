"""keras.random draws on a shape mixing strings and numbers: TF's conversion refuses the mix (Keras 3 hands
the shape to TF's stateless kernels); a shape of strings alone keeps the kernel's Tshape attr error."""
import pytest

from framework import keras


@pytest.mark.parametrize('draw', [
    lambda shape: keras.random.normal(shape),
    lambda shape: keras.random.uniform(shape),
    lambda shape: keras.random.truncated_normal(shape),
    lambda shape: keras.random.randint(shape, 0, 3),
    lambda shape: keras.random.gamma(shape, 1.0),
])
@pytest.mark.parametrize('shape', [('a', 2), [2, 'a'], ('a', 2.5)])
def test_mixed_shape_is_the_conversion_error(draw, shape):
    # TF 2.21: ValueError "Can't convert Python sequence with mixed types to Tensor."
    with pytest.raises(ValueError) as info:
        draw(shape)
    assert type(info.value).__name__ == 'ValueError'
    assert str(info.value) == "Can't convert Python sequence with mixed types to Tensor."


def test_shape_of_strings_only_keeps_the_attr_error():
    # TF 2.21: InvalidArgumentError "Value for attr 'Tshape' of string is not in the list of allowed values: ..."
    with pytest.raises(Exception) as info:
        keras.random.normal(('a', 'b'))
    assert type(info.value).__name__ == 'InvalidArgumentError'
    assert str(info.value).startswith("Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64")
