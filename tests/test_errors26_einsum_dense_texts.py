"""EinsumDense equations and shapes that do not fit: Keras 3 reads the equation at build and words each
mismatch its own way (TF 2.21, probe notes/progs/errors26 j9.py: 3 -> 20 of 23 equal)."""
import pytest

import framework as tf
from framework import keras

E = keras.layers.EinsumDense
INVALID = ("Invalid einsum equation '%s'. Equations must be in the form [X],[Y]->[Z], ...[X],[Y]->...[Z], or "
           "[X]...,[Y]->[Z]....")


def _first_line(error):
    return str(error).split('\nraised by layer')[0]


@pytest.mark.parametrize('equation', ['ab,bc', 'ab->bc', 'ab,bc,cd->ad', 'ab, bc -> ac', ''])
def test_an_equation_of_no_accepted_form_fails_at_build(equation):
    layer = E(equation, output_shape=2)           # taken as given
    assert layer.equation == equation
    with pytest.raises(ValueError) as caught:
        layer(tf.ones((2, 3)))
    assert _first_line(caught.value) == INVALID % equation


@pytest.mark.parametrize('equation, output_shape, x, text', [
    ('abc,cd->abd', (5, 2), (2, 4, 3),
     "Input shape and output shape do not match at shared dimension 'b'. Input shape is 4, and output shape is 5."),
    ('abc,cd->abd', 2, (2, 4, 3),
     "Input shape and output shape do not match at shared dimension 'b'. Input shape is 4, and output shape is 2."),
    ('ab,bx->a', (), (2, 3), "Weight dimension 'x' did not have a match in either the input spec 'ab' or the output "
                             "spec 'a'. For this layer, the weight must be fully specified."),
    ('ab,bc->acz', (2, 3), (2, 3), "Dimension 'z' was specified in the output 'acz' but has no corresponding dim in "
                                   "the input spec 'ab' or weight spec 'acz'"),
])
def test_shape_mismatches_have_keras_words(equation, output_shape, x, text):
    with pytest.raises(ValueError) as caught:
        E(equation, output_shape=output_shape)(tf.ones(x))
    assert _first_line(caught.value) == text


def test_a_bias_axis_outside_the_output_and_an_input_of_too_low_rank():
    with pytest.raises(ValueError) as caught:
        keras.Sequential([keras.Input((3,)), E('ab,bc->ac', output_shape=2, bias_axes='b')])
    assert _first_line(caught.value) == "Bias dimension 'b' was requested, but is not part of the output spec 'ac'"
    for equation in ('abc,cd->abd', '...bc,cd->...bd'):
        with pytest.raises(IndexError) as caught:
            E(equation, output_shape=(None, 2))(tf.ones((3,) if equation[0] == '.' else (2, 3)))
        assert _first_line(caught.value) == 'tuple index out of range'
