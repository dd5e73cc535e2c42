"""keras.ops.average follows Keras 3's TensorFlow backend: weights of x's rank (or any weights with
axis=None) divide by the weights' own sum, so broadcast weights are not repeated; weights of another
rank run along ``axis`` through tensordot. Golden values: the same calls under TF 2.21 + Keras 3.15.
"""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

X = np.arange(6, dtype='float32').reshape(3, 2) * 0.37 + 0.1


@pytest.mark.parametrize('call, dtype, want', [
    (lambda: ops.average(X), 'float32', 1.0250000953674316),
    # broadcast weights, no axis: sum(x * w) / sum(w) = 3 x numpy's mean (numpy refuses this call)
    (lambda: ops.average(X, weights=np.array([1., 3.])), 'float64', 3.352500082924962),
    (lambda: ops.average(X, axis=1, weights=np.array([1., 3.])), 'float64', [0.3775, 1.11750004, 1.85750005]),
    (lambda: ops.average(X, axis=0, weights=np.array([1., 2., 0.5])), 'float64', [0.73428574, 1.10428574]),
    (lambda: ops.average(X, axis=-1, weights=np.array([0.25, 0.75])), 'float64', [0.3775, 1.11750004, 1.85750005]),
    (lambda: ops.average(X, axis=1, weights=X), 'float32', [0.40508774, 1.0583903, 1.784391]),
    (lambda: ops.average(X, axis=0, weights=X), 'float32', [1.2746032, 1.511708]),
    (lambda: ops.average(X, weights=X), 'float32', 1.414552927017212),
    (lambda: ops.average(np.arange(1, 5), weights=np.arange(4, 0, -1)), 'float32', 2.0),
])
def test_average_values(call, dtype, want):
    out = call()
    assert out.dtype.name == dtype
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-7)


def test_the_docstring_axis_error_comes_from_the_weights_sum():
    # ops.average(arange(1, 5), axis=1, weights=[0.25, 0.75]): TF's Sum refuses axis 1 before x * w is formed
    with pytest.raises(tf.errors.InvalidArgumentError):
        ops.average(np.arange(1, 5), axis=1, weights=np.array([0.25, 0.75]))
    with pytest.raises(tf.errors.InvalidArgumentError, match='Incompatible shapes: \\[4\\] vs. \\[2\\]'):
        ops.average(np.arange(1, 5), weights=np.array([0.25, 0.75]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        ops.average(X, axis=1, weights=np.array([1., 3., 4.]))


def test_average_gradient():
    x, w = tf.Variable(X.astype('float64')), tf.Variable([0.25, 0.75])
    with tf.GradientTape() as tape:
        y = ops.sum(ops.average(x, axis=1, weights=tf.cast(w, 'float64')))
    gx = tape.gradient(y, x)
    np.testing.assert_allclose(gx.numpy(), np.tile([0.25, 0.75], (3, 1)))
