"""keras.ops.max_pool's dtypes as Keras 3 on TF 2.21 hands its input to MaxPool (printed by TF 2.21 with
keras.ops.max_pool(x, 2) for x an array / tf.constant of each dtype: /work/notes/progs/opsfuzz5)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
IMAGES = np.arange(16).reshape(1, 4, 4, 1)
SEQUENCES = np.arange(8).reshape(1, 4, 2)


@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'float16', 'float64'])
def test_tensors_keep_their_dtype(dtype):
    # TF 2.21: ops.max_pool(tf.constant(IMAGES.astype('int32')), 2) -> int32 [[5, 7], [13, 15]]
    out = ops.max_pool(tf.constant(IMAGES.astype(dtype)), 2)
    assert out.dtype.name == dtype
    assert np.asarray(out, 'float64').ravel().tolist() == [5.0, 7.0, 13.0, 15.0]


@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'float16', 'float64'])
def test_channels_last_image_arrays_become_float32(dtype):
    # TF 2.21: ops.max_pool(IMAGES.astype('float64'), 2) -> float32 (MaxPool's default T converts the array)
    out = ops.max_pool(IMAGES.astype(dtype), 2)
    assert out.dtype.name == 'float32'
    assert out.numpy().ravel().tolist() == [5.0, 7.0, 13.0, 15.0]


@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'float64'])
def test_sequence_arrays_keep_their_dtype(dtype):
    # TF 2.21: ops.max_pool(SEQUENCES.astype('int32'), 2) -> int32 [2, 3, 6, 7]
    out = ops.max_pool(SEQUENCES.astype(dtype), 2)
    assert out.dtype.name == dtype
    assert np.asarray(out, 'float64').ravel().tolist() == [2.0, 3.0, 6.0, 7.0]


def test_integer_volumes_are_max_pool3d_registry_errors_and_lists_have_no_shape():
    # TF 2.21: ops.max_pool(np.zeros((1, 2, 2, 2, 1), 'int32'), 2) -> InvalidArgumentError "Value for attr 'T' of
    # int32 is not in the list of allowed values: half, bfloat16, float ..."; ops.max_pool(IMAGES.tolist(), 2) ->
    # AttributeError "'list' object has no attribute 'shape'"
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float"):
        ops.max_pool(np.zeros((1, 2, 2, 2, 1), 'int32'), 2)
    for fn in (ops.max_pool, ops.average_pool):
        with pytest.raises(AttributeError, match="^'list' object has no attribute 'shape'"):
            fn(IMAGES.tolist(), 2)
