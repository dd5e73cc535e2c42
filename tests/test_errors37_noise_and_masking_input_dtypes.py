"""GaussianNoise / GaussianDropout and Masking on integer, bool and string inputs, as TF 2.21 runs them.

Keras 3 draws the noise in the layer's compute dtype (float32), so an integer input fails in AddV2 /
Mul's dtype check (tapeflow drew it in the input's dtype: 'Cannot convert 0.0 to EagerTensor of dtype
int32'). Masking compares through keras.ops.not_equal (a string input fails Keras's type promotion)
and multiplies by the mask in the input's dtype: integer inputs work and stay integers (tapeflow
failed with 'Cannot convert 0.0 to EagerTensor of dtype int32').
Golden texts and values printed by TF 2.21 (/work/notes/progs/errors37/noise.py, /tmp snippet below)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _middle_line(error):
    return str(error).split('\n')[2].replace('\x1b[1m', '').replace('\x1b[0m', '')


@pytest.mark.parametrize('make, x, text', [
    (lambda: L.GaussianNoise(0.5), tf.ones([2, 3], tf.int32),
     'cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
     '[Op:AddV2] name: '),
    (lambda: L.GaussianNoise(0.5), tf.ones([2, 3], tf.int64),
     'cannot compute AddV2 as input #1(zero-based) was expected to be a int64 tensor but is a float tensor '
     '[Op:AddV2] name: '),
    (lambda: L.GaussianNoise(0.5), tf.constant([['a']]),
     'cannot compute Add as input #1(zero-based) was expected to be a string tensor but is a float tensor '
     '[Op:Add] name: '),
    (lambda: L.GaussianDropout(0.5), tf.ones([2, 3], tf.int32),
     'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
     '[Op:Mul] name: '),
])
def test_noise_is_drawn_in_the_compute_dtype(make, x, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make()(x, training=True)
    assert _middle_line(info.value) == text


def test_noise_on_floats_keeps_the_compute_dtype():
    # TF 2.21: float64 inputs are cast to the layer's float32; a float64 layer stays float64
    assert L.GaussianNoise(0.5, seed=1)(tf.ones([2, 3], tf.float64), training=True).dtype == tf.float32
    assert L.GaussianNoise(0.5, seed=1, dtype='float64')(tf.ones([2, 3]), training=True).dtype == tf.float64
    assert L.GaussianNoise(0.5)(tf.ones([2, 3], tf.int32)).dtype == tf.int32      # (not training: the input)


# printed by TF 2.21: y = keras.layers.Masking(mask_value)(x); y.dtype.name, y.numpy().tolist(),
# y._keras_mask.numpy().tolist()
@pytest.mark.parametrize('x, mask_value, dtype, values, mask', [
    (tf.constant([[[1, 2], [0, 0], [3, 0]]]), 0.0, 'int32', [[[1, 2], [0, 0], [3, 0]]], [[True, False, True]]),
    (tf.constant([[[True, False], [False, False]]]), 0.0, 'int32', [[[1, 0], [0, 0]]], [[True, False]]),
    (tf.constant([[[1, 2], [5, 5]]], tf.int64), 5, 'int64', [[[1, 2], [0, 0]]], [[True, False]]),
    (tf.constant([[[1, 2], [5, 5]]], tf.uint8), 5.0, 'uint8', [[[1, 2], [0, 0]]], [[True, False]]),
])
def test_masking_integer_inputs(x, mask_value, dtype, values, mask):
    y = L.Masking(mask_value)(x)
    assert y.dtype.name == dtype
    assert y.numpy().tolist() == values
    assert y._keras_mask.numpy().tolist() == mask


def test_masking_strings_fails_keras_type_promotion():
    with pytest.raises(ValueError) as info:
        L.Masking()(tf.constant([['a']]))
    assert _middle_line(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."


def test_masking_floats_unchanged():
    x = np.array([[[1.5, 2.], [2.5, 2.5]]], 'float32')
    y = L.Masking(2.5)(x)
    assert y.numpy().tolist() == [[[1.5, 2.0], [0.0, 0.0]]] and y._keras_mask.numpy().tolist() == [[True, False]]
