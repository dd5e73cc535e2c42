"""Ops that convert a Python value to their kernel's default dtype themselves (fft's complex64, rfft's and
lrn's float32, rgb_to_hsv's float32) refuse a ragged nested list in TF 2.21's converter words, not numpy's
'setting an array element with a sequence ... inhomogeneous shape' text."""
import pytest

import framework as tf

RAGGED = "Can't convert non-rectangular Python sequence to Tensor."
MIXED = "Can't convert Python sequence with mixed types to Tensor."

OPS = [
    tf.nn.local_response_normalization, tf.nn.lrn,
    tf.signal.fft, tf.signal.fft2d, tf.signal.fft3d, tf.signal.ifft, tf.signal.ifft2d, tf.signal.ifft3d,
    tf.signal.rfft, tf.signal.rfft2d, tf.signal.rfft3d, tf.signal.irfft, tf.signal.irfft2d, tf.signal.irfft3d,
    tf.image.rgb_to_hsv, tf.image.hsv_to_rgb,
]


@pytest.mark.parametrize('op', OPS, ids=lambda op: op.__name__)
def test_non_rectangular_list(op):
    # TF 2.21 gives ValueError "Can't convert non-rectangular Python sequence to Tensor."
    with pytest.raises(ValueError) as info:
        op([[1., 2.], [3.]])
    assert str(info.value) == RAGGED


@pytest.mark.parametrize('op', [tf.signal.fft, tf.signal.rfft, tf.nn.lrn, tf.image.rgb_to_hsv],
                         ids=lambda op: op.__name__)
def test_mixed_nesting_list(op):
    # TF 2.21 gives ValueError "Can't convert Python sequence with mixed types to Tensor." for [1.0, [2.0]]
    with pytest.raises(ValueError) as info:
        op([1.0, [2.0]])
    assert str(info.value) == MIXED


def test_rectangular_lists_still_run():
    # TF 2.21: rfft([1., 2., 3., 4.]) is [10+0j, -2+2j, -2+0j] (complex64)
    out = tf.signal.rfft([1., 2., 3., 4.])
    assert out.dtype == tf.complex64
    assert out.numpy().tolist() == [10 + 0j, -2 + 2j, -2 + 0j]
    assert tf.signal.fft([1., 2.]).numpy().tolist() == [3 + 0j, -1 + 0j]
