"""tf.split / tf.unstack gradients keep the sign of a part's -0, and give +0 where no part was read, as TF 2.21's
SplitGrad / UnpackGrad (one concatenation, zeros for a missing output gradient).

tapeflow recorded each part as a slice of the input, so the input's gradient was the parts' gradients
scattered into zeros and added: 0 + -0 = +0 lost every -0 (gradfuzz18 B; keras.ops.glu's gradient too).

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t7.py: x = [[1, 2, 3, 4],
[5, -6, 7, 8]] (float32 unless said), the gradient of each loss below with respect to x, printed with float.hex.
"""
import numpy as np

import framework as tf
from framework import keras

X = np.array([[1., 2., 3., 4.], [5., -6., 7., 8.]], np.float32)
Z, NZ = '0x0.0p+0', '-0x0.0p+0'
M1, P2 = '-0x1.0000000000000p+0', '0x1.0000000000000p+1'


def _gradient(loss, dtype=tf.float32):
    x = tf.constant(X, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loss(x)
    return [float(v).hex() for v in tape.gradient(y, x).numpy().ravel()]


def test_split_parts_keep_negative_zero_gradients():
    def loss(x):
        a, b = tf.split(x, 2, axis=-1)
        return tf.reduce_sum(a * [[-0., 0.]] + b * [[-1., -0.]])
    assert _gradient(loss) == [NZ, Z, M1, NZ] * 2


def test_an_unread_split_part_gets_positive_zeros():
    def loss(x):
        a, b, c = tf.split(x, [1, 2, 1], axis=1)
        return tf.reduce_sum(c * -0.) + tf.reduce_sum(a * -1.)
    assert _gradient(loss) == [M1, Z, Z, NZ] * 2

    def half(x):
        a, _ = tf.split(x, 2, axis=-1)
        return tf.reduce_sum(a * [[-0., 0.]])
    assert _gradient(half) == [NZ, Z, Z, Z] * 2


def test_unstack_parts_stack_their_gradients():
    def loss(x):
        rows = tf.unstack(x, axis=1)
        return tf.reduce_sum(rows[0] * -0.) + tf.reduce_sum(rows[3] * 2.)
    assert _gradient(loss) == [NZ, Z, Z, P2] * 2

    def with_another_reader(x):
        rows = tf.unstack(x)
        return tf.reduce_sum(rows[0] * -0.) + tf.reduce_sum(rows[1] * -0.) + tf.reduce_sum(x * -0.)
    assert _gradient(with_another_reader, tf.float64) == [NZ] * 8


def test_glu_gradient_signs():
    w = tf.constant(np.cos(np.arange(4) * 0.7 + 0.3).reshape(2, 2), tf.float32)

    def loss(x):
        return tf.reduce_sum(keras.ops.glu(x * tf.constant([[0., -1., -0., 1.]])) * w)
    assert _gradient(loss) == [Z, '-0x1.0fa8be0000000p-1', NZ, '-0x1.38b64a0000000p-6',
                               NZ, '0x1.796b420000000p-1', Z, '-0x1.84cc760000000p-10']


def test_a_persistent_tape_marks_the_parts_read_per_sweep():
    x = tf.constant(X, tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        a, b = tf.split(x, 2, axis=-1)
        y1, y2 = tf.reduce_sum(a * -0.), tf.reduce_sum(b * -1.)
    hexes = [[float(v).hex() for v in g.numpy().ravel()] for g in
             (tape.gradient(y1, x), tape.gradient(y2, x), tape.gradient([y1, y2], x))]
    assert hexes == [[NZ, NZ, Z, Z] * 2, [Z, Z, M1, M1] * 2, [NZ, NZ, M1, M1] * 2]
    assert tape.jacobian(a, x).numpy()[0, 0].tolist() == [[1, 0, 0, 0], [0, 0, 0, 0]]


def test_second_derivatives_through_split_parts():
    x = tf.constant(X, tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            a, b = tf.split(x, [1, 3], axis=1)
            y = tf.reduce_sum(b ** 3) + tf.reduce_sum(a * b[:, :1])
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g * g)
    h = outer.gradient(s, x).numpy()
    # g = [b1, ..., 3 b^2 (+ a at column 1)]; d/dx sum(g^2) by hand
    x_ = X.astype(np.float64)
    a, b = x_[:, :1], x_[:, 1:]
    g_b = 3 * b ** 2
    g_b[:, :1] += a
    expect = np.zeros_like(x_)
    expect[:, :1] = 2 * g_b[:, :1]
    expect[:, 1:] = 2 * g_b * 6 * b
    expect[:, 1:2] += 2 * b[:, :1]
    np.testing.assert_allclose(h, expect, rtol=1e-12)


def test_complex_parts_keep_tensorflows_signed_zeros():
    # printed by TF 2.21 (t34.py): x = [[1+1j, 2-1j, 3, 4j]] (complex64), a, b = tf.split(x, 2, axis=1);
    # the gradients of real(reduce_sum(a * [[-0+0j, 0-0j]])) and of real(reduce_sum(a * -1.))
    x = tf.constant(np.array([[1 + 1j, 2 - 1j, 3, 4j]], np.complex64))

    def gradient(loss):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a, b = tf.split(x, 2, axis=1)
            y = loss(a, b)
        return [(float(v.real).hex(), float(v.imag).hex()) for v in tape.gradient(y, x).numpy().ravel()]
    weights = tf.constant([[complex(-0., 0.), complex(0., -0.)]], tf.complex64)
    assert gradient(lambda a, b: tf.math.real(tf.reduce_sum(a * weights))) == [(Z, NZ), (Z, Z), (Z, Z), (Z, Z)]
    assert gradient(lambda a, b: tf.math.real(tf.reduce_sum(a * -1.))) == [(M1, NZ), (M1, NZ), (Z, Z), (Z, Z)]
