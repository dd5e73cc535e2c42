"""None given to a layer prints Keras 3's text (TF 2.21, /work/notes/progs/msgtext7/none_in.py and the
layer fuzzer's '|input|None' rows): a layer with an input spec refuses it before converting anything,
others pass it to call(), whose conversion fails there (worded as a call error)."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, name', [
    (lambda: L.Dense(3, name='d'), 'd'), (lambda: L.Conv1D(2, 2, name='c'), 'c'),
    (lambda: L.LSTM(2, name='r'), 'r'), (lambda: L.Flatten(name='f'), 'f'),
    (lambda: L.GlobalMaxPooling2D(name='g'), 'g'), (lambda: L.UpSampling1D(name='u'), 'u')])
@pytest.mark.parametrize('value', [None, [None]])
def test_a_layer_with_an_input_spec_refuses_none_with_keras_text(make, name, value):
    with pytest.raises(ValueError) as info:
        make()(value)
    # TF 2.21: str(e)
    assert str(info.value) == ("Inputs to a layer should be tensors. Got 'None' (of type <class 'NoneType'>) "
                               "as input for layer '%s'." % name)


def test_a_layer_without_a_spec_words_the_conversion_error_as_its_call_error():
    with pytest.raises(ValueError) as info:
        L.Activation('relu')(None)
    # TF 2.21's text, ANSI bold marks included
    assert str(info.value) == (
        "Exception encountered when calling Activation.call().\n\n\x1b[1mAttempt to convert a value (None) with "
        "an unsupported type (<class 'NoneType'>) to a Tensor.\x1b[0m\n\nArguments received by Activation.call():\n"
        "  • inputs=None")


def test_tensors_and_arrays_still_pass_the_spec():
    import numpy as np
    layer = L.Dense(2)
    assert tuple(layer(np.ones((1, 3), np.float32)).shape) == (1, 2)
    assert tuple(layer([np.ones((1, 3), np.float32)][0]).shape) == (1, 2)
