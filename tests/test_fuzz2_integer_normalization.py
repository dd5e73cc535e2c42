"""LayerNormalization and GroupNormalization on integer and boolean inputs, as TF 2.21 / Keras 3.15.

Keras normalizes in float32, casts the result back to the input's dtype (truncating toward
zero; nonzero is True), then to the layer's compute dtype. Goldens printed by TF 2.21 for
these inputs (keras.layers.LayerNormalization()(x.astype(dtype)).numpy().tolist(), etc.).
"""
import numpy as np
import pytest

from framework import keras

X2 = np.array([[-3, 2, 0, 4], [1, 1, -2, 4]])
X4 = np.arange(-12, 12).reshape(1, 2, 3, 4) * 3 % 11 - 5

LAYER_NORM = {
    'int32': [[-1.0, 0.0, 0.0, 1.0], [0.0, 0.0, -1.0, 1.0]],
    'int64': [[-1.0, 0.0, 0.0, 1.0], [0.0, 0.0, -1.0, 1.0]],
    'uint8': [[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]],
    'bool': [[1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]],
}
_GN_SIGNED = [[[[1.0, -1.0, -1.0, 0.0], [1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]],
               [[-1.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, -2.0]]]]
GROUP_NORM = {
    'int32': _GN_SIGNED,
    'int64': _GN_SIGNED,
    # negative results wrap (-1.x -> 255) in the elementwise tail of TF's uint8 Cast
    'uint8': [[[[255.0, 0.0, 1.0, 0.0], [255.0, 0.0, 1.0, 0.0], [255.0, 0.0, 0.0, 0.0]],
               [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 255.0, 0.0, 1.0]]]],
    'bool': [[[[1.0] * 4] * 3] * 2],
}


@pytest.mark.parametrize('dtype', sorted(LAYER_NORM))
def test_layer_normalization_of_integers_is_keras_truncated_result(dtype):
    out = keras.layers.LayerNormalization()(X2.astype(dtype))
    assert out.dtype == 'float32'
    np.testing.assert_array_equal(out.numpy(), np.array(LAYER_NORM[dtype], 'float32'))


@pytest.mark.parametrize('dtype', sorted(GROUP_NORM))
def test_group_normalization_of_integers_is_keras_truncated_result(dtype):
    out = keras.layers.GroupNormalization(groups=2)(X4.astype(dtype))
    assert out.dtype == 'float32'
    np.testing.assert_array_equal(out.numpy(), np.array(GROUP_NORM[dtype], 'float32'))


@pytest.mark.parametrize('layer', [lambda: keras.layers.LayerNormalization(dtype='mixed_float16'),
                                   lambda: keras.layers.GroupNormalization(groups=2, dtype='mixed_float16')])
def test_a_mixed_policy_returns_its_compute_dtype_for_integer_inputs(layer):
    out = layer()(X4.astype('int32'))
    assert out.dtype == 'float16'
    expected = GROUP_NORM['int32'] if isinstance(layer(), keras.layers.GroupNormalization) else None
    if expected is not None:
        np.testing.assert_array_equal(out.numpy(), np.array(expected, 'float16'))


def test_an_integer_model_input_predicts_through_layer_normalization():
    model = keras.Sequential([keras.Input((4,), dtype='int32'), keras.layers.LayerNormalization()])
    np.testing.assert_array_equal(model.predict(X2, verbose=0), np.array(LAYER_NORM['int32'], 'float32'))


def test_float_inputs_still_normalize_in_float():
    out = keras.layers.LayerNormalization()(X2.astype('float32'))
    assert np.abs(out.numpy()).max() < 2 and not np.all(out.numpy() == np.round(out.numpy()))
