"""tf.reduce_logsumexp under a tape records TF's composition log(sum(exp(x - max))) + max as nodes holding
the kernel's values (ops/reductions._record_composed), so an outer tape adds its terms at the forward's exps
and sums as TF does. Second derivatives printed by TF 2.21 (notes progs/gradfuzz12/pin_lse.py), eager and in
a tf.function; one node with a recomputed softmax was an ulp off in some values of each."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = [[-2.14, -0.37, 1.52, 0.83], [-2.88, -1.86, 0.44, 2.71], [1.24, -1.94, 0.05, -0.66]]
C = [[-1.53, -0.33, 0.92, 1.1], [-1.61, -1.55, 0.27, -0.8], [1.74, -0.6, 1.31, 0.46]]
EXPECTED = {
    ('float32', -1, False, False): (
        '0x1.45c8300000000p-8 -0x1.3e9f8c0000000p-6 -0x1.db301c0000000p-2 -0x1.0724bc0000000p-2 '
        '0x1.d809ea0000000p-9 0x1.35f7ac0000000p-7 -0x1.0baafe0000000p-4 0x1.1ae2300000000p-2 '
        '-0x1.f947ba0000000p-1 -0x1.2a12740000000p-5 -0x1.2d06f80000000p-2 -0x1.1b8b360000000p-3'),
    ('float32', -1, False, True): (
        '0x1.45c8300000000p-8 -0x1.3e9f8c0000000p-6 -0x1.db301c0000000p-2 -0x1.0724bc0000000p-2 '
        '0x1.d809ea0000000p-9 0x1.35f7ac0000000p-7 -0x1.0baafe0000000p-4 0x1.1ae2300000000p-2 '
        '-0x1.f947ba0000000p-1 -0x1.2a12740000000p-5 -0x1.2d06f80000000p-2 -0x1.1b8b360000000p-3'),
    ('float32', 0, True, False): (
        '-0x1.3caffc0000000p-4 0x1.42112a0000000p-3 -0x1.05f2120000000p-1 -0x1.78cb2a0000000p-3 '
        '-0x1.3102940000000p-5 -0x1.403cde0000000p-3 -0x1.e754640000000p-4 0x1.5d4abe0000000p-2 '
        '-0x1.67bf000000000p+0 -0x1.a7ed840000000p-8 -0x1.1e795a0000000p-3 -0x1.81c76c0000000p-6'),
    ('float32', 0, True, True): (
        '-0x1.3caffc0000000p-4 0x1.42112a0000000p-3 -0x1.05f2120000000p-1 -0x1.78cb2a0000000p-3 '
        '-0x1.3102940000000p-5 -0x1.403cde0000000p-3 -0x1.e754640000000p-4 0x1.5d4abe0000000p-2 '
        '-0x1.67bf000000000p+0 -0x1.a7ed840000000p-8 -0x1.1e795a0000000p-3 -0x1.81c76c0000000p-6'),
    ('float64', -1, False, False): (
        '0x1.45c8410851d13p-8 -0x1.3e9f7c2965844p-6 -0x1.db301c21e9c05p-2 -0x1.0724bb1d2fc91p-2 '
        '0x1.d809ee2f35626p-9 0x1.35f7af646a484p-7 -0x1.0baafc1ef3d2fp-4 0x1.1ae22e369f738p-2 '
        '-0x1.f947b7826e43ap-1 -0x1.2a12728cc3adep-5 -0x1.2d06f806d81e1p-2 -0x1.1b8b36558b52ep-3'),
    ('float64', -1, False, True): (
        '0x1.45c8410851d13p-8 -0x1.3e9f7c2965844p-6 -0x1.db301c21e9c05p-2 -0x1.0724bb1d2fc91p-2 '
        '0x1.d809ee2f35626p-9 0x1.35f7af646a484p-7 -0x1.0baafc1ef3d2fp-4 0x1.1ae22e369f738p-2 '
        '-0x1.f947b7826e43ap-1 -0x1.2a12728cc3adep-5 -0x1.2d06f806d81e1p-2 -0x1.1b8b36558b52ep-3'),
    ('float64', 0, True, False): (
        '-0x1.3cb0027e09522p-4 0x1.42112f980d9e0p-3 -0x1.05f213ac68451p-1 -0x1.78cb281834c3ep-3 '
        '-0x1.310295cf4a088p-5 -0x1.403cdc264a7dfp-3 -0x1.e75462e3e1e69p-4 0x1.5d4aba932a4e4p-2 '
        '-0x1.67bf034ba2748p+0 -0x1.a7ed4e5d4a81cp-8 -0x1.1e795bd919e27p-3 -0x1.81c76ce15044cp-6'),
    ('float64', 0, True, True): (
        '-0x1.3cb0027e09522p-4 0x1.42112f980d9e0p-3 -0x1.05f213ac68451p-1 -0x1.78cb281834c3ep-3 '
        '-0x1.310295cf4a088p-5 -0x1.403cdc264a7dfp-3 -0x1.e75462e3e1e69p-4 0x1.5d4aba932a4e4p-2 '
        '-0x1.67bf034ba2748p+0 -0x1.a7ed4e5d4a81cp-8 -0x1.1e795bd919e27p-3 -0x1.81c76ce15044cp-6'),
}


def _second(x, axis, keepdims):
    dtype = x.dtype
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_sum(tf.sin(tf.reduce_logsumexp(x, axis=axis, keepdims=keepdims)))
        g = inner.gradient(loss, x)
        weighted = tf.reduce_sum(g * tf.constant(C, dtype))
    return outer.gradient(weighted, x)


@pytest.mark.parametrize('key', sorted(EXPECTED), ids=str)
def test_logsumexp_second_derivative(key):
    dtype, axis, keepdims, traced = key
    x = tf.Variable(X, dtype=dtype)
    got = (tf.function(_second) if traced else _second)(x, axis, keepdims)
    assert ' '.join(float(v).hex() for v in np.ravel(got.numpy())) == EXPECTED[key]


def test_logsumexp_value_and_gradient_under_a_tape():
    # the recorded nodes keep the kernel's value; the first derivative is the softmax
    x = tf.Variable([[1.0, 1.0, 1.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_logsumexp(x, axis=-1)
    assert float(y[0]) == float(tf.reduce_logsumexp(tf.constant([[1.0, 1.0, 1.0]]), axis=-1)[0])
    assert tape.gradient(y, x).numpy().tolist() == [[0.3333333432674408] * 3]
