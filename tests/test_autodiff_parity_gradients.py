"""Gradient rules as TensorFlow 2.21's kernels compute them.

Golden values: the same op, input and upstream gradient under TensorFlow 2.21
(/opt/tfref), printed with ``.numpy().tolist()`` (float32 values as Python floats,
so equality below is bit equality).
"""
import numpy as np
import pytest

import framework as tf

X = [0.2928810119628906, 1.2911361455917358, 0.6165802478790283, 0.26929908990859985,
     -0.45807120203971863, 0.8753646612167358]
BIG = [2.3408823013305664, 3.6807303428649902, 3.8928050994873047, 2.181152582168579,
       3.3855888843536377, 2.6102399826049805]
DY = [0.2721782326698303, 1.702386498451233, -1.7158557176589966, -1.6514828205108643,
      -1.9191263914108276, 1.330479383468628]

TF_GRADIENTS = {
    'softsign': (tf.nn.softsign, X, [0.16283069550991058, 0.32430702447891235, -0.6565778255462646,
                                     -1.0250526666641235, -0.9027054905891418, 0.3783003091812134]),
    'silu': (tf.nn.silu, X, [0.17538444697856903, 1.7070449590682983, -1.3552097082138062,
                             -1.0454539060592651, -0.5349161624908447, 1.1809403896331787]),
    'elu': (tf.nn.elu, X, [0.2721782326698303, 1.702386498451233, -1.7158557176589966,
                           -1.6514828205108643, -1.2138521671295166, 1.330479383468628]),
    'asinh': (tf.asinh, X, [0.26120567321777344, 1.042423129081726, -1.4605427980422974,
                            -1.5946704149246216, -1.7447834014892578, 1.0011067390441895]),
    'acosh': (tf.acosh, BIG, [0.1285960078239441, 0.4805900752544403, -0.45608118176460266,
                              -0.8519788384437561, -0.5933238863945007, 0.5518167614936829]),
    'pow2': (lambda v: v ** 2.0, X, [0.15943166613578796, 4.396025657653809, -2.1159255504608154,
                                     -0.8894856572151184, 1.758193016052246, 2.3293092250823975]),
}


@pytest.mark.parametrize('name', sorted(TF_GRADIENTS))
def test_gradient_bits_match_tensorflow(name):
    fn, values, expected = TF_GRADIENTS[name]
    x = tf.constant(values)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    assert tape.gradient(y, x, output_gradients=tf.constant(DY)).numpy().tolist() == expected


SINGULAR = [-1.0, 0.0, 4.0, np.inf, np.nan]


def _gradient(fn, x, upstream, nested):
    """fn's gradient for the upstream ``upstream``; ``nested`` sweeps under an outer tape
    (the rules then run as framework ops, not on raw arrays)."""
    if not nested:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        return tape.gradient(y, x, output_gradients=upstream)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        return tape.gradient(y, x, output_gradients=upstream)


@pytest.mark.filterwarnings('ignore::RuntimeWarning')
@pytest.mark.parametrize('nested', [False, True], ids=['arrays', 'tensors'])
@pytest.mark.parametrize('name', ['sqrt', 'rsqrt', 'reciprocal'])
def test_a_zero_upstream_gives_zero_even_where_the_derivative_is_not_finite(name, nested):
    # TF 2.21, output_gradients of zeros at x = [-1, 0, 4, inf, nan]: [0. 0. 0. 0. 0.] for
    # sqrt, rsqrt and reciprocal (their grad kernels test dy == 0); tapeflow had NaN.
    fn = {'sqrt': tf.sqrt, 'rsqrt': tf.math.rsqrt, 'reciprocal': tf.math.reciprocal}[name]
    x = tf.constant(SINGULAR)
    g = _gradient(fn, x, tf.zeros([5]), nested).numpy()
    assert g.tolist() == [0.0] * 5 and not np.signbit(g).any()


@pytest.mark.parametrize('nested', [False, True], ids=['arrays', 'tensors'])
def test_the_tf_where_nan_trap_does_not_spring_for_sqrt(nested):
    # TF 2.21: tf.where(x > 0, tf.sqrt(x), tf.zeros_like(x)) at [-1, 0, 4] has gradient [0. 0. 0.25].
    x = tf.Variable([-1.0, 0.0, 4.0])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as tape:
            y = tf.where(x > 0.0, tf.sqrt(x), tf.zeros_like(x))
        g = tape.gradient(y, x) if nested else None
    if not nested:
        g = tape.gradient(y, x)
    assert g.numpy().tolist() == [0.0, 0.0, 0.25]


def test_norm_of_a_zero_upstream():
    # TF 2.21: tf.norm at [-1, 0, 4, inf, nan] with upstream 0: [-0. 0. 0. nan nan].
    x = tf.constant(SINGULAR)
    g = _gradient(tf.norm, x, tf.constant(0.0), False).numpy()
    assert g[:3].tolist() == [0.0, 0.0, 0.0] and np.isnan(g[3:]).all()


def test_elu_passes_the_upstream_through_a_nan_input():
    # TF 2.21: tf.nn.elu at [-1, 0, 4, inf, nan] with upstream ones: [0.36787945 1. 1. 1. 1.].
    x = tf.constant(SINGULAR)
    g = _gradient(tf.nn.elu, x, tf.ones([5]), False).numpy()
    np.testing.assert_allclose(g, [0.36787945, 1.0, 1.0, 1.0, 1.0], rtol=1e-7)


def test_softsign_gradient_at_infinity_is_zero():
    # TF 2.21: softsign's gradient at inf is 0 (g / (|x| + 1)^2); tapeflow's product rule gave NaN.
    x = tf.constant([np.inf, -np.inf])
    assert _gradient(tf.nn.softsign, x, tf.ones([2]), False).numpy().tolist() == [0.0, 0.0]
