"""tf.linalg.global_norm as TF composes it, sqrt(reduce_sum(stack(l2_loss(t) ...)) * 2), and tf.nn.l2_loss as one
L2Loss op with TF's rule ``t * grad``: a tensor used beside its own global norm got its gradient from three terms
(t * t's two halves and the other use) summed in another order than TF's two; 11 of 20 fuzz programs with
clip_by_global_norm / global_norm differed in the last bit. Values printed by TF 2.21
(progs/gradfuzz8/pin_gn.py, t_l2.py)."""
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _hexes(t):
    return [float(a).hex() for a in t.numpy().ravel()]


def test_gradient_of_a_tensor_times_its_global_norm():
    x = tf.constant([[0.84, -0.12, 0.3], [1.74, 1.52, -0.61]], tf.float32)
    v = tf.constant([-1.85, -0.12], tf.float32)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, v])
        y = tf.reduce_sum(x * tf.linalg.global_norm([x, v]))
        clipped = tf.clip_by_global_norm([x, v], 1.0)[0][0]
    assert _hexes(tape.gradient(y, x)) == ['0x1.0879ea0000000p+2', '0x1.8209260000000p+1', '0x1.c08fd20000000p+1',
                                           '0x1.4b77ec0000000p+2', '0x1.3b17b20000000p+2', '0x1.3916b40000000p+1']
    assert _hexes(tape.gradient(clipped, x)) == ['0x1.c015800000000p-3', '0x1.52de7e0000000p-2', '0x1.20a1da0000000p-2',
                                                 '0x1.d190f40000000p-4', '0x1.1d69860000000p-3', '0x1.8d7a920000000p-2']


def test_first_and_second_derivatives_through_l2_loss():
    x = tf.constant([[-1.25, -0.62, -0.41], [0.16, -0.32, 0.74]], tf.float32)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.nn.l2_loss(x) * tf.reduce_sum(tf.tanh(x))
        g = inner.gradient(y, x)
    assert _hexes(g) == ['0x1.039e040000000p+1', '0x1.c88f780000000p+0', '0x1.b8bf4c0000000p+0',
                         '0x1.2690b60000000p+0', '0x1.ae42f40000000p+0', '-0x1.023e100000000p-3']
    assert _hexes(outer.gradient(g, x)) == ['-0x1.a08ed20000000p+2', '-0x1.06039e0000000p+2', '-0x1.ccb4600000000p+1',
                                            '-0x1.5abf080000000p+1', '-0x1.b8ea320000000p+1', '-0x1.aba1800000000p-3']


def test_global_norm_value_and_l2_loss_value():
    x = tf.constant([[0.84, -0.12, 0.3], [1.74, 1.52, -0.61]], tf.float32)
    v = tf.constant([-1.85, -0.12], tf.float32)
    assert float(tf.linalg.global_norm([x, None, v]).numpy()).hex() == '0x1.93e67c0000000p+1'
    assert float(tf.nn.l2_loss(x).numpy()).hex() == '0x1.a149500000000p+1'
