"""Merge, Dot and Reshape layers refuse mismatched shapes with Keras 3's texts (printed by TF 2.21 +
Keras 3.15 for the same calls); tapeflow's words naming the layer ride along as notes."""
import numpy as np
import pytest

from framework import keras


def _raised(call):
    with pytest.raises(ValueError) as err:
        call()
    return str(err.value), err.value.__notes__


@pytest.mark.parametrize('call, text', [
    (lambda: keras.layers.Concatenate()([keras.Input((3, 4)), keras.Input((5, 6))]),
     'A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. '
     'Received: input_shape=[(None, 3, 4), (None, 5, 6)]'),
    (lambda: keras.layers.Concatenate()([np.ones((2, 3)), np.ones((3, 3))]),
     'A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. '
     'Received: input_shape=[(2, 3), (3, 3)]'),
    (lambda: keras.layers.Add()([keras.Input((3, 4)), keras.Input((5, 6))]),
     'Inputs have incompatible shapes. Received shapes (3, 4) and (5, 6)'),
    (lambda: keras.layers.Multiply()([np.ones((2, 3)), np.ones((2, 4))]),
     'Inputs have incompatible shapes. Received shapes (3,) and (4,)'),
    (lambda: keras.layers.Dot(axes=1)([keras.Input((3,)), keras.Input((4,))]),
     'Incompatible input shapes: axis values 3 (at axis 1) != 4 (at axis 1). Full input shapes: (None, 3), (None, 4)'),
])
def test_shape_mismatches_raise_keras_texts(call, text):
    message, notes = _raised(call)
    assert message == text
    assert notes          # the layer, by name, in tapeflow's note


def test_reshape_size_error_reads_as_keras_symbolic_call():
    # TF 2.21: Keras raises it from compute_output_shape inside its symbolic call, which rewords it
    # (kexamples4's d43.py); the KerasTensor's auto name varies with the test order
    message, notes = _raised(lambda: keras.layers.Reshape((5,))(keras.Input((3, 4))))
    head, received = message.split('Arguments received by Reshape.call():\n')
    assert head == ('Exception encountered when calling Reshape.call().\n\n\x1b[1mThe total size of the tensor must '
                    'be unchanged. Received: input_shape=(3, 4), target_shape=(5,)\x1b[0m\n\n')
    assert received.startswith("  \u2022 args=('<KerasTensor shape=(None, 3, 4), dtype=float32, sparse=False, "
                               "ragged=False, name=keras_tensor")
    assert received.endswith(">',)\n  \u2022 kwargs=<class 'inspect._empty'>") and notes
