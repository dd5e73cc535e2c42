"""atan2 as TF 2.21 computes it: the gradient by _Atan2Grad's steps, grad_inv = g / (y**2 + x**2) then
x * grad_inv and -y * grad_inv (tapeflow's (g * x) / (x * x + y * y) was an ulp off for ~1/4 of values, both
dtypes), and values in packets (8 float32, 4 float64) by Eigen's patan2 (generic_atan of y / x plus a signed 0 or pi;
numpy's arctan2 was an ulp off for ~1/3). Bits printed by TF 2.21."""
import framework as tf

INF, NAN = float('inf'), float('nan')
Y = [0.0, -0.0, 0.0, -0.0, 1.0, -1.0, INF, -INF, INF, 2.5, -3.1, NAN, 0.3, -0.7, 1e-300, 5.0]
X = [0.0, 0.0, -0.0, -0.0, INF, -INF, INF, -INF, 1.0, -2.5, -3.1, 1.0, -0.2, 0.7, -1e-300, 1e-310]
Y32 = Y[:14] + [1e-30, 5.0, 0.39, -1.72, 0.82, 0.35, -1.2, 2.1, -0.04, 3.3]
X32 = X[:14] + [-1e-30, 1e-38, 1.3, 0.4, -0.9, -2.2, -0.01, 0.77, 1.5, -1.1]
SPECIAL32 = [
    '0x0.0p+0', '-0x0.0p+0', '0x1.921fb60000000p+1', '-0x1.921fb60000000p+1',
    '0x0.0p+0', '-0x1.921fb60000000p+1', '0x1.921fb40000000p-1', '-0x1.2d97c80000000p+1',
    '0x1.921fb60000000p+0', '0x1.2d97c80000000p+1', '-0x1.2d97c80000000p+1', 'nan',
    '0x1.1453860000000p+1', '-0x1.921fb40000000p-1', '0x1.2d97c80000000p+1', '0x1.921fb60000000p+0',
    '0x1.2a73a60000000p-2', '-0x1.57a0f40000000p+0', '0x1.338ac80000000p+1', '0x1.7dedf20000000p+1',
    '-0x1.9441d40000000p+0', '0x1.38276e0000000p+0', '-0x1.b4cd980000000p-6', '0x1.e47df40000000p+0',
]
YY = [0.39, -1.72, 0.82, 0.35, -1.2, 2.1, -0.04, 3.3]
XX = [1.3, 0.4, -0.9, -2.2, -0.01, 0.77, 1.5, -1.1]
SPECIAL = [
    '0x0.0p+0', '-0x0.0p+0', '0x1.921fb54442d18p+1', '-0x1.921fb54442d18p+1',
    '0x0.0p+0', '-0x1.921fb54442d18p+1', '0x1.921fb54442d19p-1', '-0x1.2d97c7f3321d2p+1',
    '0x1.921fb54442d18p+0', '0x1.2d97c7f3321d2p+1', '-0x1.2d97c7f3321d2p+1', 'nan',
    '0x1.145385fa3af71p+1', '-0x1.921fb54442d19p-1', '0x1.2d97c7f3321d2p+1', '0x1.921fb54442d18p+0',
]
VALUES = [
    '0x1.2a73a661eaf06p-2', '-0x1.57a0f3cb41ad6p+0', '0x1.338ac6c642fa5p+1', '0x1.7dedf12c1bac2p+1',
    '-0x1.9441d429eca36p+0', '0x1.38276c0baa928p+0', '-0x1.b4cd9b179b7bep-6', '0x1.e47df3d0dd4d0p+0',
]
GRAD_Y = [
    '0x1.6953a5ab16952p-1', '0x1.06b2e5dc89210p-3', '-0x1.36d8e6fe7af51p-1', '-0x1.c5f6f8e8241c6p-2',
    '-0x1.c7145aa90e0fbp-8', '0x1.3b358cbbd6051p-3', '0x1.55173d59d2111p-1', '-0x1.745d1745d1747p-4',
]
GRAD_X = [
    '-0x1.b197939a1b196p-3', '0x1.1a66b719e036bp-1', '-0x1.1b37665f53955p-1', '-0x1.20e2fb7c74120p-4',
    '0x1.aaa314fe7d2ebp-1', '-0x1.add4a8a30c929p-2', '0x1.23106af750453p-6', '-0x1.1745d1745d174p-2',
]
GRAD_Y_NUMBER_X = [
    '0x1.6953a5ab16952p-1', '0x1.1e60cbb99854dp-2', '0x1.19bf54010a50fp-1', '0x1.6f3a4316f3a42p-1',
    '0x1.a94db31e43113p-2', '0x1.b47582192e29fp-3', '0x1.8979401b1e91dp-1', '0x1.a74669013892ap-4',
]
GRAD_Y32 = [
    '0x1.6953a80000000p-1', '0x1.06b2e60000000p-3', '-0x1.36d8e60000000p-1', '-0x1.c5f6fa0000000p-2',
    '-0x1.c714580000000p-8', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
]
GRAD_X32 = [
    '-0x1.b197980000000p-3', '0x1.1a66b60000000p-1', '-0x1.1b37660000000p-1', '-0x1.20e2fc0000000p-4',
    '0x1.aaa3160000000p-1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
]


def _hex(t):
    return [float(v).hex() for v in t.numpy()]


def test_float64_values_and_edges():
    assert _hex(tf.math.atan2(tf.constant(Y, tf.float64), tf.constant(X, tf.float64))) == SPECIAL


def test_float32_values_and_edges():
    # (packets of 8 by patan2 with generic_atan's approximate reciprocal past |y / x| = 1)
    assert _hex(tf.math.atan2(tf.constant(Y32), tf.constant(X32))) == SPECIAL32


def test_gradients_in_tf_order():
    yy, xx = tf.constant(YY, tf.float64), tf.constant(XX, tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([yy, xx])
        a = tf.math.atan2(yy, xx)
        b = tf.math.atan2(yy, 1.3)
    assert _hex(a) == VALUES
    assert _hex(tape.gradient(a, yy)) == GRAD_Y
    assert _hex(tape.gradient(a, xx)) == GRAD_X
    assert _hex(tape.gradient(b, yy)) == GRAD_Y_NUMBER_X
    y32, x32 = tf.cast(yy, tf.float32), tf.cast(xx, tf.float32)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([y32, x32])
        c = tf.math.atan2(y32[:5], x32[:5])
    assert _hex(tape.gradient(c, y32)) == GRAD_Y32
    assert _hex(tape.gradient(c, x32)) == GRAD_X32
