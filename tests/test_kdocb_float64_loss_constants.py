"""Float64 losses see Keras 3's float32 constants, and top-k accuracies take float32 scores only.

Keras makes epsilon (mean_squared_logarithmic_error) and log(2) (log_cosh) float32 tensors before they
meet float64 data, so float64 results carry the float32-rounded constants (off ~1e-9 relative before).
Keras converts top-k metrics' y_pred to a tensor of its own dtype and calls InTopKV2, whose kernel takes
float32 only: float64 / float16 scores are its InvalidArgumentError.
Golden float64 bytes (hex) from TensorFlow 2.21 + Keras 3.15.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.array([[0., 1.], [1., 0.]])
YP = np.array([[0.3, 0.7], [0.8, 0.2]])


def hexed(t):
    return np.asarray(t).tobytes().hex()


def test_msle_float64_uses_float32_epsilon():
    got = keras.losses.mean_squared_logarithmic_error(YT, YP)
    assert got.dtype == tf.float64 and hexed(got) == '7953627c2162a83f92703802fdb3963f'
    assert hexed(keras.losses.MeanSquaredLogarithmicError(dtype='float64')(YT, YP)) == 'e145bffe0fdea13f'


def test_log_cosh_float64_uses_float32_log2():
    assert hexed(keras.losses.log_cosh(YT * 30, YP)) == 'b954719fb4a62c4096ce192ed7862c40'
    assert hexed(keras.losses.log_cosh(YT, YP)[0]) == '20d80f49d5b3a63f'
    assert hexed(keras.losses.LogCosh()(YT, YP)) == 'ec7f033d'      # float32 unchanged


@pytest.mark.parametrize('call', [
    lambda p: keras.metrics.sparse_top_k_categorical_accuracy(np.array([1, 0]), p, k=1),
    lambda p: keras.metrics.top_k_categorical_accuracy(np.array([[0, 1], [1, 0]]), p, k=1),
    lambda p: keras.metrics.SparseTopKCategoricalAccuracy(k=1).update_state(np.array([1, 0]), p),
])
@pytest.mark.parametrize('dtype, name', [('float64', 'double'), ('float16', 'half')])
def test_top_k_accuracy_takes_float32_scores_only(call, dtype, name):
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'cannot compute InTopKV2 as input #0\(zero-based\) was expected to be a float tensor '
                             r'but is a %s tensor' % name):
        call(YP.astype(dtype))
    np.testing.assert_array_equal(np.asarray(
        keras.metrics.sparse_top_k_categorical_accuracy(np.array([1, 0]), YP.astype('float32'), k=1)), [1., 1.])
