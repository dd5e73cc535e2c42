"""keras.ops on KerasTensors (keras.Input) as Keras 3.15 answers.

keras.ops.convert_to_numpy(keras.Input((4, 6))): Keras raises its ValueError "A KerasTensor is symbolic:
... You cannot convert it to a NumPy array."; tapeflow recorded the call on stand-in ones and then raised
a TypeError that convert_to_numpy 'returned array([[[1., 1., ...' for KerasTensors.

Goldens: /work/notes/progs/kerasops/c5.py (case convert_np) run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

keras = tf.keras


def test_convert_to_numpy_of_a_keras_tensor_is_kerass_value_error():
    with pytest.raises(ValueError) as caught:
        keras.ops.convert_to_numpy(keras.Input((4, 6)))
    assert str(caught.value) == ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
                                 "have any actual numerical value. You cannot convert it to a NumPy array.")


# keras.ops on KerasTensors with free (None) axes: the stand-in runs try those axes 2, 3 and 8 long. Only 2
# and 3 made a 2x2 max pool (or 2x2 patches) 1 long either way, so the axis read as fixed (None, 1, 1, 3);
# a 3x3 'valid' conv or a crop to 2x2 fit neither 2 nor 3 and raised. Goldens: c9.py (Keras 3.15).
@pytest.mark.parametrize('call, shape', [
    (lambda x: keras.ops.max_pool(x, 2), (None, None, None, 3)),
    (lambda x: keras.ops.image.extract_patches(x, 2), (None, None, None, 12)),
    (lambda x: keras.ops.conv(x, np.ones((3, 3, 3, 4), 'float32')), (None, None, None, 4)),
    (lambda x: keras.ops.image.crop_images(x, 1, 1, target_height=2, target_width=2), (None, 2, 2, 3)),
    (lambda x: keras.ops.average_pool(x, 3, 2, 'same'), (None, None, None, 3)),
])
def test_output_shapes_over_free_image_axes(call, shape):
    assert call(keras.Input((None, None, 3))).shape == shape


def test_matmul_of_two_batches_as_keras():
    assert keras.ops.matmul(keras.Input((3,)), keras.Input((4,))).shape == (None, 4)
