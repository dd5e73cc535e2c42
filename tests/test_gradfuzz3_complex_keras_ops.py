"""keras.ops' complex functions carry gradients as Keras 3 on TF 2.21 does: real / imag / conj are
tf.math's, polar is tf.complex(abs * cos(angle), abs * sin(angle)), view_as_complex casts and adds,
view_as_real stacks real and imag. Literals printed by TF 2.21 (/work/notes/progs/gradfuzz3)."""
import numpy as np
import pytest

import framework as tf

ops = tf.keras.ops
C = [1 + 2j, 3 - 1j]
K = [1 + 1j, 2 - 0.5j]


@pytest.mark.parametrize('name, expected', [
    ('real', [4 + 0j, 25.5 + 0j]),
    ('imag', [8j, -8.5j]),
    ('conj', [4 + 8j, 25.5 - 8.5j]),
])
def test_complex_parts_differentiate(name, expected):
    c = tf.Variable(C, dtype=tf.complex64)
    with tf.GradientTape() as t:
        w = tf.reduce_sum(tf.abs(tf.cast(getattr(ops, name)(c), tf.complex64) * tf.constant(K, tf.complex64)) ** 2)
    g = t.gradient(w, c).numpy()
    np.testing.assert_allclose(g, expected, rtol=1e-6)
    assert not np.signbit(g.real).any()      # TF pairs g with a constant 0, so no -0 real part


def test_polar_differentiates_both_parts():
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([0.5, -1.0])
    with tf.GradientTape() as t:
        z = ops.polar(a, b)
        w = tf.reduce_sum(tf.abs(z * (1 + 2j)) ** 2 + tf.math.real(z) * tf.math.imag(z))
    ga, gb = t.gradient(w, [a, b])
    assert z.dtype == tf.complex64
    np.testing.assert_allclose(ga.numpy(), [10.841471, 18.181404], rtol=1e-6)
    np.testing.assert_allclose(gb.numpy(), [0.5403018, -1.6645861], rtol=1e-6)


def test_views_differentiate():
    x = tf.Variable([[1.0, 2.0], [3.0, -1.0]])
    with tf.GradientTape() as t:
        z = ops.view_as_complex(x)
        w = tf.reduce_sum(tf.math.real(z * z) + tf.math.imag(z) * 3)
    np.testing.assert_allclose(t.gradient(w, x).numpy(), [[2.0, -1.0], [6.0, 5.0]])
    c = tf.Variable(C, dtype=tf.complex64)
    with tf.GradientTape() as t:
        w = tf.reduce_sum(ops.view_as_real(c) * tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    np.testing.assert_allclose(t.gradient(w, c).numpy(), [1 + 2j, 3 + 4j])


@pytest.mark.parametrize('abs_, angle, error, text', [
    (np.ones((2, 3), np.float32), np.zeros((0, 3), np.float32), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Incompatible shapes: [2,3] vs. [0,3] [Op:Mul] name: '),
    ([1, 2], [0, 1], tf.errors.InvalidArgumentError,        # int abs_ times cos's float32
     'cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
     '[Op:Mul] name: '),
    (np.ones(2, np.float16), np.ones(2, np.float16), TypeError,
     'The `real` and `imag` components have incorrect types: float16 float16. They must be consistent, '
     'and one of [tf.float32, tf.float64]'),
])
def test_polar_refusals_are_tfs(abs_, angle, error, text):
    with pytest.raises(error) as info:
        ops.polar(abs_, angle)
    assert str(info.value) == text
