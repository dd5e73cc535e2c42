"""keras.ops on KerasTensors (keras.Input) as Keras 3.15 answers.

keras.ops.convert_to_numpy(keras.Input((4, 6))): Keras raises its ValueError "A KerasTensor is symbolic:
... You cannot convert it to a NumPy array."; tapeflow recorded the call on stand-in ones and then raised
a TypeError that convert_to_numpy 'returned array([[[1., 1., ...' for KerasTensors.

Goldens: /work/notes/progs/kerasops/c5.py (case convert_np) run with TF 2.21.
"""
import pytest

import framework as tf

keras = tf.keras


def test_convert_to_numpy_of_a_keras_tensor_is_kerass_value_error():
    with pytest.raises(ValueError) as caught:
        keras.ops.convert_to_numpy(keras.Input((4, 6)))
    assert str(caught.value) == ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
                                 "have any actual numerical value. You cannot convert it to a NumPy array.")
