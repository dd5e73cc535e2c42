"""UnitNormalization (and Dot(normalize=True)) on bool inputs: Keras 3's ops.square squares bools as int32,
so TF 2.21 fails at Rsqrt on int32, not at Square on bool."""
import pytest

import framework as tf
from framework import keras


def _rsqrt_int32_refusal(info):
    assert type(info.value).__name__ == 'InvalidArgumentError'
    # TF 2.21: "... Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double,
    # complex64, complex128\n\t; NodeDef: {{node Rsqrt}}; ..."
    text = str(info.value)
    assert "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, " \
           "complex64, complex128" in text
    assert '{{node Rsqrt}}' in text and 'Square' not in text


def test_unit_normalization_on_bools():
    with pytest.raises(Exception) as info:
        keras.layers.UnitNormalization()(tf.constant([[True, False]]))
    _rsqrt_int32_refusal(info)
    assert str(info.value).startswith('Exception encountered when calling UnitNormalization.call().')


def test_dot_normalize_on_bools():
    x = tf.constant([[True, False]])
    with pytest.raises(Exception) as info:
        keras.layers.Dot(axes=1, normalize=True)([x, x])
    _rsqrt_int32_refusal(info)


def test_floats_unchanged():
    # TF 2.21: [[0.6 0.8]]
    out = keras.layers.UnitNormalization()(tf.constant([[3., 4.]]))
    assert out.numpy().tolist() == [[pytest.approx(0.6), pytest.approx(0.8)]]
