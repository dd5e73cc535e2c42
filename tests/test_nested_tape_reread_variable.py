"""A variable read again under the outer tape, after the inner tape's gradient, is a snapshot of its own
(TF reads it again: another ReadVariableOp), so the outer gradient adds that read's terms apart: the
second derivative of x * (x * w) with respect to w was off in 6 of 16 values (gradfuzz13 t_xxw.py).
Values from TF 2.21."""
import numpy as np

import framework as tf

X = [-1.1100000143051147, 1.4800000190734863, -1.1699999570846558, 1.6699999570846558, -0.05000000074505806, 0.44999998807907104, 1.059999942779541, 0.07000000029802322, -0.8100000023841858, -1.25, -1.6799999475479126, 0.949999988079071, -0.23000000417232513, -1.3700000047683716, 1.5199999809265137, -0.8999999761581421]
W = [-0.3400000035762787, -0.8199999928474426, 0.5199999809265137, 0.3199999928474426, 0.4000000059604645, -0.9399999976158142, -0.8600000143051147, -0.9900000095367432, -0.6899999976158142, -1.4199999570846558, -1.340000033378601, 1.8600000143051147, 1.840000033378601, -1.25, -1.899999976158142, -1.1799999475479126]
C = [0.800000011920929, 1.100000023841858, -1.899999976158142, 0.30000001192092896, -2.0, 0.10000000149011612, 0.6000000238418579, 1.899999976158142, -1.0, 1.2000000476837158, 1.5, 1.7000000476837158, -2.0, -0.10000000149011612, 1.899999976158142, -0.4000000059604645]
HX = ['-0x1.b34e580000000p-5', '0x1.bda4460000000p+2', '-0x1.b4c94c0000000p+2', '0x1.c66a880000000p-2', '-0x1.6872b00000000p-3', '-0x1.b0757c0000000p-5', '0x1.29f7640000000p+0', '0x1.b7d0d40000000p+0', '-0x1.0cfcc60000000p+2', '-0x1.8c6b280000000p+4', '-0x1.7c5cde0000000p+5', '0x1.47fa540000000p+6', '-0x1.739a7c0000000p+4', '-0x1.070a400000000p-1', '0x1.26fdea0000000p+7', '-0x1.3a11060000000p+1']
HW = ['-0x1.28beb00000000p+0', '-0x1.df443e0000000p+3', '0x1.1f4e8e0000000p+4', '0x1.7aaefc0000000p+0', '0x1.ba5e360000000p-6', '0x1.491f2c0000000p-8', '-0x1.0dec400000000p+1', '-0x1.0bd9fc0000000p-3', '-0x1.11c7040000000p+2', '-0x1.7af5c40000000p+4', '-0x1.febdd20000000p+5', '0x1.42c1d20000000p+5', '0x1.8125580000000p+1', '-0x1.8063a00000000p-2', '-0x1.e98bc60000000p+6', '-0x1.8c23fa0000000p+0']


def test_second_derivatives_of_a_product_with_a_variable_read_twice():
    x = tf.Variable(np.array(X, np.float32))
    w = tf.Variable(np.array(W, np.float32))
    c = tf.constant(np.array(C, np.float32))
    with tf.GradientTape(persistent=True) as t0:
        with tf.GradientTape() as t1:
            l0 = tf.reduce_sum(x * (x * w) * c)
        gx, gw = t1.gradient(l0, [x, w])
        l1 = tf.reduce_sum(gx * gx) + tf.reduce_sum(gw * w)
    hx, hw = t0.gradient(l1, [x, w])
    assert [float(v).hex() for v in hx.numpy()] == HX
    assert [float(v).hex() for v in hw.numpy()] == HW
