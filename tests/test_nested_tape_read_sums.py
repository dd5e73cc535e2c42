"""Second derivatives add a variable's gradients in TensorFlow's order.

Under nested tapes TensorFlow reads a variable once per op (a ReadVariableOp each), and the outer tape's
sweep meets those reads again where the inner sweep's rules took them as inputs (Pow's
``g * y * pow(x, y - 1)``, Mul's ``g * x``): each read's gradients add up first, then the reads' sums
add at the variable. A tensor's gradients from several readers add with one AddN. tapeflow shared one
snapshot among the reads and added each gradient as it came, so guide/autodiff-style second
derivatives such as that of tanh(a) * exp(-a ** 2) printed 0.29298246 where TF prints 0.29298252.

Golden values printed by TF 2.21 (/opt/tfref) for the same programs
(/work/notes/progs/me22/gold_nested.py); bit checksums sum the float32 results' bit patterns."""
import numpy as np

import framework as tf


def _bits_sum(t):
    return int(t.numpy().view(np.int32).astype(np.int64).sum())


def test_second_derivative_of_a_product_with_a_power_inside():
    a = tf.Variable(tf.linspace(-2.0, 2.0, 9))
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            f = tf.tanh(a) * tf.exp(-a ** 2)
        g = t1.gradient(f, a)
    h = t2.gradient(g, a)
    assert h.numpy().tolist() == [
        -0.2343478947877884, -0.5190561413764954, 0.2929825186729431, 2.1509501934051514, -0.0,
        -2.1509501934051514, -0.2929825186729431, 0.5190561413764954, 0.2343478947877884]


def test_second_derivatives_of_scalars_read_twice():
    hs = []
    for v in np.linspace(-2, 2, 41).astype(np.float32):
        x = tf.Variable(v)
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                f = x * tf.exp(-x ** 2)
            g = t1.gradient(f, x)
        hs.append(t2.gradient(g, x))
    assert _bits_sum(tf.stack(hs)) == -2701550576


def test_persistent_nested_tapes_with_four_reads():
    a = tf.Variable(np.linspace(-1.5, 1.3, 7).astype(np.float32))
    b = tf.Variable(np.linspace(0.3, 1.1, 7).astype(np.float32))
    with tf.GradientTape(persistent=True) as t2:
        with tf.GradientTape(persistent=True) as t1:
            f = a * a * b + a * tf.math.softplus(a)
        ga = t1.gradient(f, a)
        gb = t1.gradient(f, b)
    haa = t2.gradient(ga, a)
    assert [_bits_sum(t) for t in (ga, gb, haa, t2.gradient(gb, a), t2.gradient(ga, b))] == [
        1030608114, 7372845437, 7514331053, -1118201447, -1118201447]
    assert haa.numpy().tolist() == [0.7411313652992249, 1.1915268898010254, 1.726469874382019, 2.325103998184204,
                                    2.936626672744751, 3.503424882888794, 3.9904580116271973]
