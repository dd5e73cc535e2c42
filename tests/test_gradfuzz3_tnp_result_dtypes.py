"""tf.experimental.numpy's average and linspace give TF 2.21's dtypes (NumPy 2 rules there): a Python list
of weights is weak (float32 data stays float32), and linspace's dtype is result_type(start * 1.0,
stop * 1.0) whatever dtype is passed. tapeflow gave float64 for float32 tensors. Literals from TF 2.21."""
import numpy as np
import pytest

import framework as tf

tnp = tf.experimental.numpy
X = [[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]]


@pytest.mark.parametrize('call, dtype, value', [
    (lambda x: tnp.average(x, axis=1, weights=[1.0, 2.0, 3.0]), 'float32', [1.0, 0.25]),
    (lambda x: tnp.average(x, axis=0, weights=[1, 2]), 'float32', [0.6666667, 0.6666667, 0.33333334]),
    (lambda x: tnp.average(x, weights=np.ones([2, 3])), 'float64', 0.5833333333333334),
    (lambda x: tnp.average(x, axis=1, weights=tf.constant([1.0, 2.0, 3.0], tf.float64)), 'float64', [1.0, 0.25]),
    (lambda x: tnp.average(tf.constant([1, 2]), weights=[1, 3]), 'float64', 1.75),
    (lambda x: tnp.average(tf.constant([1.0, 2.0], tf.float16), weights=[1.0, 1.0]), 'float16', 1.5),
    (lambda x: tnp.linspace(x[0], x[1], 3)[1], 'float32', [0.75, 0.0, 1.0]),
    (lambda x: tnp.linspace(np.float32(0), 1, 3), 'float32', [0.0, 0.5, 1.0]),
    (lambda x: tnp.linspace(0, 10, 5, dtype=tnp.int32), 'float64', [0.0, 2.5, 5.0, 7.5, 10.0]),
    (lambda x: tnp.linspace(tf.constant(0.0, tf.float64), x[0], 2)[1], 'float64', [1.0, -2.0, 3.0]),
])
def test_dtypes(call, dtype, value):
    out = call(tf.constant(X))
    assert out.dtype.name == dtype
    np.testing.assert_allclose(out.numpy(), value, rtol=1e-6)


def test_linspace_gradient_keeps_float32():
    x = tf.Variable(X)
    with tf.GradientTape() as t:
        y = tnp.linspace(x[0], x[1], 4)
        w = tf.reduce_sum(y * tf.reshape(tf.range(1.0, 13.0), [4, 3]))
    assert y.dtype == tf.float32
    np.testing.assert_allclose(t.gradient(w, x).numpy(), [[6.0, 8.0, 10.0], [16.0, 18.0, 20.0]], rtol=1e-6)
