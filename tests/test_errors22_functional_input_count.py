"""errors22: a one-input layer called on a list of KerasTensors is refused by Keras 3's input-spec count, before its
build (texts printed by TF 2.21 / Keras 3.15, /work/notes/progs/errors22/e3.py). tapeflow went on to build Dense
from the list's shapes and failed there: "Cannot convert '((None, 3), 2)' to a shape ..."."""
import pytest

from framework import keras


def _received(shape):
    tensor = "<KerasTensor shape=%s, dtype=float32, sparse=False, ragged=False, name=keras_tensor>" % (shape,)
    return '[%s, %s]' % (tensor, tensor)


@pytest.mark.parametrize('make, name, shape', [
    (lambda: keras.layers.Dense(2), 'dense', (None, 3)),
    (lambda: keras.layers.Conv2D(2, 3), 'conv2d', (None, 5, 5, 1)),
    (lambda: keras.layers.LSTM(2), 'lstm', (None, 5, 5)),
])
def test_a_one_input_layer_called_on_two_keras_tensors(make, name, shape):
    keras.backend.clear_session()
    a = keras.Input(shape[1:])
    layer = make()
    with pytest.raises(ValueError) as caught:
        layer([a, a])
    assert str(caught.value) == ('Layer "%s" expects 1 input(s), but it received 2 input tensors. Inputs received: %s'
                                 % (name, _received(shape)))
    assert not layer.built
