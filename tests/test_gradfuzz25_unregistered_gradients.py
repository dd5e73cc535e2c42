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


# TF 2.21 registers no gradient for IsFinite / IsNan / IsInf / Unique / UniqueWithCounts / Bitcast: a gradient
# asked of their output raises the registry's LookupError (tapeflow gave None). Its tape watches an op's outputs
# only where their dtype is floating or complex, so an op that reads a bool or integer output does not pass a
# gradient back to it: tf.identity(is_finite(x)) gives None, as does tf.bitcast(tf.bitcast(x, int32), float32).
_X = [1.0, np.inf, -2.0]
_REFUSED = {
    'is_finite': (tf.math.is_finite, 'IsFinite'),
    'is_nan': (tf.math.is_nan, 'IsNan'),
    'is_inf': (tf.math.is_inf, 'IsInf'),
    'unique_y': (lambda x: tf.unique(x)[0], 'Unique'),
    'unique_idx': (lambda x: tf.unique(x)[1], 'Unique'),
    'unique_both': (lambda x: list(tf.unique(x)[:2]), 'Unique'),
    'unique_y_gathered': (lambda x: tf.gather(tf.unique(x)[0], [0]), 'Unique'),
    'unique_with_counts_count': (lambda x: tf.unique_with_counts(x)[2], 'UniqueWithCounts'),
    'bitcast_int32': (lambda x: tf.bitcast(x, tf.int32), 'Bitcast'),
    'bitcast_float32': (lambda x: tf.bitcast(x, tf.float32), 'Bitcast'),
    'bitcast_uint8': (lambda x: tf.bitcast(x, tf.uint8), 'Bitcast'),
}


@pytest.mark.parametrize('unconnected', ['none', 'zero'])
@pytest.mark.parametrize('case', sorted(_REFUSED))
def test_outputs_of_ops_without_gradient_raise(case, unconnected):
    f, kernel = _REFUSED[case]
    x = tf.constant(_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    with pytest.raises(LookupError, match='^gradient registry has no entry for: %s$' % kernel):
        tape.gradient(y, x, unconnected_gradients=unconnected)


def test_a_variable_read_by_is_finite_raises_too():
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        y = tf.math.is_finite(v)
    with pytest.raises(LookupError, match='IsFinite'):      # TF 2.21 raises it, whatever the seed
        tape.gradient(y, v)


@pytest.mark.parametrize('f', [
    lambda x: tf.identity(tf.math.is_finite(x)),
    lambda x: tf.reshape(tf.math.is_finite(x), [3, 1]),
    lambda x: tf.cast(tf.math.is_finite(x), tf.float32),
    lambda x: tf.logical_and(tf.math.is_finite(x), x > 0),
    lambda x: tf.reduce_all(tf.math.is_finite(x)),
    lambda x: tf.stack([tf.math.is_finite(x), tf.math.is_nan(x)]),
    lambda x: tf.gather(tf.math.is_finite(x), [0, 2]),
    lambda x: tf.math.is_finite(x)[1:],
    lambda x: tf.bitcast(tf.bitcast(x, tf.int32), tf.float32),
    lambda x: tf.identity(tf.math.top_k(x, 2).indices),
    lambda x: tf.where(tf.math.is_finite(x)),
], ids=['identity', 'reshape', 'cast', 'logical_and', 'reduce_all', 'stack', 'gather', 'slice', 'bitcast_back',
        'top_k_indices_identity', 'where_indices'])
def test_ops_reading_their_bool_or_integer_outputs_pass_nothing_back(f):
    x = tf.constant(_X)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
    assert tape.gradient(y, x) is None      # TF 2.21: None
    assert tape.gradient(y, x, unconnected_gradients='zero').numpy().tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize('f, expected', [
    (lambda x: tf.cast(tf.math.is_finite(x), tf.float32) * x, [1.0, 0.0, 1.0]),      # TF 2.21's values
    (lambda x: tf.where(tf.math.is_finite(x), x, 0.0), [1.0, 0.0, 1.0]),
    (lambda x: tf.boolean_mask(x, tf.math.is_finite(x)), [1.0, 0.0, 1.0]),
    (lambda x: tf.where(tf.math.is_nan(x), tf.zeros_like(x), x) * 2.0, [2.0, 2.0, 2.0]),
    (lambda x: tf.math.multiply_no_nan(x, tf.cast(tf.math.is_finite(x), tf.float32)), [1.0, 0.0, 1.0]),
    (lambda x: tf.cast(tf.argsort(x), tf.float32) * x, [2.0, 0.0, 1.0]),
    (lambda x: tf.math.top_k(x, 2).values, [1.0, 1.0, 0.0]),
    (lambda x: list(tf.math.top_k(x, 2)), [1.0, 1.0, 0.0]),
])
def test_masks_made_of_them_still_differentiate(f, expected):
    x = tf.constant(_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    assert tape.gradient(y, x).numpy().tolist() == expected


@pytest.mark.parametrize('f, negative', [
    (lambda x: tf.math.top_k(x, 2).indices, False),
    (lambda x: tf.math.top_k(x, 2, sorted=False).indices, False),
    (lambda x: tf.nn.top_k(x, 3).indices, False),
    (tf.argsort, True),
    (lambda x: tf.argsort(x, stable=True), True),
    (lambda x: tf.argsort(x, direction='DESCENDING'), False),
], ids=['top_k', 'top_k_unsorted', 'nn_top_k', 'argsort', 'argsort_stable', 'argsort_descending'])
def test_sort_indices_give_zeros(f, negative):
    # TF 2.21: TopKV2's rule scatters the values' zero gradient: [0., 0., 0.]; argsort sorts ascending as
    # top_k(-x), and Neg's rule makes them [-0., -0., -0.]
    x = tf.constant(_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    grad = tape.gradient(y, x).numpy()
    assert grad.dtype == np.float32 and grad.tolist() == [0.0, 0.0, 0.0]
    assert np.signbit(grad).tolist() == [negative] * 3
