"""Concatenate of inputs with different ranks raises Keras 3's generic message from build, as TF 2.21:
Keras drops the concatenation axis from each shape and compares what is left (its loop meant to
drop axes of size 1 drops none). tapeflow said its own sentence. Texts derived from TF 2.21 +
Keras 3 (kexamples4's d43.py / d44.py)."""
import pytest

from framework import keras

GENERIC = ('A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. '
           'Received: input_shape=%s')


@pytest.mark.parametrize('a, b, axis', [
    ((3,), (4, 2), -1), ((3, 1), (3,), -1), ((1, 3), (3,), -1), ((2, 3), (2, 3, 4), -1), ((5,), (1, 5), -1),
    ((1, 1, 5), (5,), -1), ((2, 3), (2, 3, 4), 1), ((3,), (4, 2), 2), ((2, 3), (2, 5, 4), 2), ((2,), (2, 3), -2)])
def test_inputs_of_two_ranks_get_keras_generic_message(a, b, axis):
    with pytest.raises(ValueError) as caught:
        keras.layers.Concatenate(axis=axis)([keras.Input(a), keras.Input(b)])
    assert str(caught.value) == GENERIC % [(None,) + a, (None,) + b]
