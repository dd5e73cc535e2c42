"""tf.nn.silu's beta as TF 2.21 takes it: a Python float becomes a float32 tensor cast to x's dtype (a float64
x meets beta=1.7 as 1.7000000476837158: every value was 1e-7 off), and a tensor beta (a learnable swish)
gets TF's custom gradient sum(dy * x**2 * s * (1 - s)) where tapeflow gave None (bits printed by TF 2.21)."""
import framework as tf

X = [0.39, -1.2, 2.5, -0.01]


def _hex(t):
    return [float(v).hex() for v in t.numpy()]


def test_python_float_beta_is_rounded_to_float32_for_float64():
    x = tf.constant(X, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.silu(x, beta=1.7)
    assert _hex(y) == ['0x1.078d1da7464f2p-2', '-0x1.1ac9b9794be4cp-3', '0x1.3b7fe8661b567p+1',
                       '-0x1.44e510c2c0991p-8']
    assert _hex(tape.gradient(y, x)) == ['0x1.9e113a4ba0d50p-1', '-0x1.7b88177c178a6p-4', '0x1.0b7c59da90006p+0',
                                         '0x1.f74be21d42ae0p-2']


def test_float64_tensor_beta_is_exact():
    x = tf.constant(X, tf.float64)
    y = tf.nn.silu(x, beta=tf.constant(1.7, tf.float64))
    assert _hex(y) == ['0x1.078d1d8b4fcbbp-2', '-0x1.1ac9ba6988f74p-3', '0x1.3b7fe85d3b8eep+1',
                       '-0x1.44e510c4101e3p-8']


def test_variable_beta_gets_its_gradient():
    x = tf.constant(X)
    b = tf.Variable(1.7)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.silu(x, beta=b)
    gx, gb = tape.gradient(y, [x, b])
    assert _hex(y) == ['0x1.078d1e0000000p-2', '-0x1.1ac9b60000000p-3', '0x1.3b7fe80000000p+1', '-0x1.44e5100000000p-8']
    assert _hex(gx) == ['0x1.9e113a0000000p-1', '-0x1.7b88180000000p-4', '0x1.0b7c5a0000000p+0', '0x1.f74be20000000p-2']
    assert float(gb).hex() == '0x1.11de9a0000000p-2'
    with tf.GradientTape() as tape:
        y = tf.nn.silu(x, beta=b * 2.0)
    assert float(tape.gradient(y, b)).hex() == float(tf.constant(0.100115426)).hex()


def test_float64_variable_beta_gradient():
    x = tf.constant(X, tf.float64)
    b = tf.Variable(1.7, dtype=tf.float64)
    with tf.GradientTape() as tape:
        y = tf.nn.silu(x, beta=b)
    assert float(tape.gradient(y, b)).hex() == '0x1.11dea92ca761ep-2'
