"""keras.ops.broadcast_to and a reshape without -1 on KerasTensors give the shape asked for, as Keras 3's shape
rules in TF 2.21 do (notes/progs/me39/ki2.py); a reshape with -1 keeps the free axis open."""
from framework import keras


def test_broadcast_to_and_reshape_shapes_on_keras_tensors():
    i = keras.Input((4, 6))
    assert keras.ops.broadcast_to(i, (2, 4, 6)).shape == (2, 4, 6)
    assert keras.ops.broadcast_to(i, (3, 2, 4, 6)).shape == (3, 2, 4, 6)
    assert keras.ops.reshape(i, (2, 24)).shape == (2, 24)
    assert keras.ops.reshape(i, (-1, 24)).shape == (None, 24)
    assert keras.ops.reshape(i, (2, -1, 12)).shape == (2, None, 12)
