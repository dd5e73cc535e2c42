"""The gradient of x ** 1.7 (a Python float exponent) computes y - 1 in x's dtype as TF 2.21's _PowGrad:
float32 1.7 - 1 is 0.70000005, where tapeflow took 0.7 rounded to float32 (0.69999999), so the
gradient was an ulp off for some x (bits printed by TF 2.21)."""
import numpy as np

import framework as tf

X = [1.6015957593917847, 1.9162956476211548, 1.0818095207214355, 1.5216552019119263, 2.2858939170837402,
     2.292586088180542]


def test_float32_power_gradient_has_tf_bits():
    x = tf.constant(np.array(X, np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x ** 1.7
    g = tape.gradient(y, x, output_gradients=tf.fill([6], 0.73))
    assert [float(v).hex() for v in g.numpy()] == [
        '0x1.b9c5cc0000000p+0', '0x1.f4e1d40000000p+0', '0x1.4fac780000000p+0', '0x1.aa38260000000p+0',
        '0x1.1b593c0000000p+1', '0x1.1bedd20000000p+1']


def test_integer_and_dyadic_exponents_are_unchanged():
    x = tf.constant([1.5, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        cube, root = x ** 3, x ** 0.5
    assert tape.gradient(cube, x).numpy().tolist() == [6.75, 12.0]
    assert tape.gradient(root, x).numpy().tolist() == [0.40824830532073975, 0.3535533845424652]
