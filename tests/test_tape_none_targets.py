"""gradient(None, x) and a structure holding None ([None], (None,), {'a': None}, [y, None]) fail in TF
2.21's words: the first with its target-None TypeError, the others with the DType conversion's (printed
by TF 2.21; [None] is what a second derivative through an op without a gradient hands on)."""
import pytest

import framework as tf

DTYPE_TEXT = 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'


@pytest.mark.parametrize('make, text', [
    (lambda y: None, 'Argument `target` should be a list or nested structure of Tensors, Variables or '
                     'CompositeTensors to be differentiated, but received None.'),
    (lambda y: [None], DTYPE_TEXT), (lambda y: (None,), DTYPE_TEXT), (lambda y: {'a': None}, DTYPE_TEXT),
    (lambda y: [y, None], DTYPE_TEXT)])
def test_none_targets(make, text):
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = x * x
    with pytest.raises(TypeError) as info:
        tape.gradient(make(y), x)
    assert str(info.value) == text
