"""RandomCrop at inference hands its input back in its own dtype, as Keras 3 on TF 2.21 (the layer's
inputs are not converted: _convert_input_args=False); a training crop is in the compute dtype.

Printed by TF 2.21 (progs/layers13/rc2.py), img = np.arange(2 * 4 * 5 * 3).reshape(2, 4, 5, 3):
    keras.layers.RandomCrop(2, 3, seed=1)(img.astype('float64'), training=False) -> float64, shape (2, 4, 5, 3)
    ... img.astype('float16'), training=False -> float16; int32 / uint8 -> their own dtype
    ... img.astype('float64'), training=True  -> float32, shape (2, 2, 3, 3)
"""
import numpy as np
import pytest

from framework import keras

IMG = np.arange(2 * 4 * 5 * 3).reshape(2, 4, 5, 3)


@pytest.mark.parametrize('dtype', ['float64', 'float16', 'int32', 'uint8'])
def test_inference_keeps_the_input_dtype(dtype):
    out = keras.layers.RandomCrop(2, 3, seed=1)(IMG.astype(dtype), training=False)
    assert out.dtype.name == dtype and tuple(out.shape) == (2, 4, 5, 3)
    np.testing.assert_array_equal(out.numpy(), IMG.astype(dtype))


def test_training_crop_is_in_the_compute_dtype():
    out = keras.layers.RandomCrop(2, 3, seed=1)(IMG.astype('float64'), training=True)
    assert out.dtype.name == 'float32' and tuple(out.shape) == (2, 2, 3, 3)
