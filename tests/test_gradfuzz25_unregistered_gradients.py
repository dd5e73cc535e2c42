"""Ops for which TF 2.21 registers no gradient: a gradient that reaches them raises the registry's LookupError.

TF 2.21's fft_ops.py registers gradients for RFFT / IRFFT / RFFT2D / IRFFT2D but not for RFFT3D / IRFFT3D
(tapeflow differentiated them).
"""
import numpy as np
import pytest

import framework as tf


def _signal():
    return tf.reshape(tf.range(24, dtype=tf.float32), (2, 3, 4))


@pytest.mark.parametrize('op, make, kernel', [
    ('rfft3d', _signal, 'RFFT3D'),
    ('irfft3d', lambda: tf.complex(_signal(), 0.5 * _signal()), 'IRFFT3D'),
])
def test_3d_real_transforms_have_no_gradient(op, make, kernel):
    x = make()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf.signal, op)(x)
        loss = tf.reduce_sum(tf.abs(y))
    # TF 2.21: LookupError 'gradient registry has no entry for: RFFT3D' (IRFFT3D)
    with pytest.raises(LookupError, match='^gradient registry has no entry for: %s$' % kernel):
        tape.gradient(loss, x)


@pytest.mark.parametrize('op', ['rfft3d', 'irfft3d'])
def test_3d_real_transforms_keep_their_values(op):
    x = _signal() if op == 'rfft3d' else tf.complex(_signal(), 0.5 * _signal())
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf.signal, op)(x)
        other = tf.reduce_sum(tf.abs(x))
    expected = np.fft.rfftn(x.numpy(), axes=(0, 1, 2)) if op == 'rfft3d' else np.fft.irfftn(x.numpy(), axes=(0, 1, 2))
    np.testing.assert_allclose(y.numpy(), expected, rtol=1e-5, atol=1e-4)
    # a target that does not reach the transform needs no gradient from it
    assert tape.gradient(other, x) is not None


@pytest.mark.parametrize('op', ['rfft2d', 'irfft2d', 'rfft', 'irfft'])
def test_lower_rank_real_transforms_keep_their_gradients(op):
    x = _signal() if op.startswith('r') else tf.complex(_signal(), 0.5 * _signal())
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.abs(getattr(tf.signal, op)(x)))
    assert tape.gradient(loss, x).shape == x.shape
