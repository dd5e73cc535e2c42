"""tf.nn.experimental.general_dropout: dropout with the caller's uniform sampler.

Expected values and texts are TensorFlow 2.21's, printed by the same program under /opt/tfref/bin/python;
the gradient is also checked against central differences in float64 (the mask is fixed by the sampler)."""
import numpy as np
import pytest

import framework as tf

X = [[1., 2., 3.], [4., 5., 6.]]


def ramp(shape, dtype):
    return tf.reshape(tf.linspace(tf.constant(0., dtype), 1., int(np.prod(shape))), shape)


def test_values_are_tensorflows():
    x = tf.constant(X)
    assert tf.nn.experimental.general_dropout(x, 0.4, ramp).numpy().tolist() == \
        [[0.0, 0.0, 5.0], [6.666666507720947, 8.333333015441895, 10.0]]
    assert tf.nn.experimental.general_dropout(x, 0.4, ramp, noise_shape=[1, 3]).numpy().tolist() == \
        [[0.0, 3.3333332538604736, 5.0], [0.0, 8.333333015441895, 10.0]]
    assert tf.nn.experimental.general_dropout(x, 0., ramp).numpy().tolist() == X
    sampler = lambda shape, dtype: tf.constant([0.2, 0.7], dtype)       # noqa: E731
    assert tf.nn.experimental.general_dropout(tf.constant([1., 2.], tf.float64), 0.5, sampler).numpy().tolist() == [0., 4.]


def test_gradient_is_tensorflows_and_matches_central_differences():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.experimental.general_dropout(v, 0.4, ramp) * tf.constant(X))
    assert tape.gradient(y, v).numpy().tolist() == [[0.0, 0.0, 5.0], [6.666666507720947, 8.333333015441895, 10.0]]
    theoretical, numerical = tf.test.compute_gradient(
        lambda x: tf.nn.experimental.general_dropout(x, 0.4, ramp), [tf.constant(X, tf.float64)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-7, atol=1e-7)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.experimental.general_dropout(tf.constant(X), 1.0, ramp),
     '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=1.0'),
    (lambda: tf.nn.experimental.general_dropout(tf.constant(X), -0.1, ramp),
     '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=-0.1'),
    (lambda: tf.nn.experimental.general_dropout(tf.constant([1, 2]), 0.5, ramp),
     "`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype=<dtype: 'int32'>"),
])
def test_bad_arguments_raise_tensorflows_value_errors(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text
