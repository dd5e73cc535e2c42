"""tf.math.special.bessel_k0 / k0e / k1 / k1e: values pinned to TF 2.21 in float32 and float64
(/work/notes/progs/tfops/k2.py run with /opt/tfref), gradients checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf

X = np.array([1e-3, 0.1, 0.5, 1.0, 2.5, 7.0, 30.0, 120.0, 0.0, -1.0], np.float32)
TF_FLOAT32 = {
    'bessel_k0': [7.0236897e+00, 2.4270697e+00, 9.2441911e-01, 4.2102444e-01, 6.2347557e-02, 4.2479573e-04,
                  2.1324774e-14, 0.0, np.inf, np.inf],
    'bessel_k0e': [7.030717, 2.682327, 1.5241094, 1.1444631, 0.7595488, 0.4658451, 0.22788665, 0.11429278, np.inf,
                   np.inf],
    'bessel_k1': [9.9999628e+02, 9.8538446e+00, 1.6564410e+00, 6.0190731e-01, 7.3890820e-02, 4.5418247e-04,
                  2.1677321e-14, 0.0, np.inf, np.inf],
    'bessel_k1e': [1.00099683e+03, 1.08901834e+01, 2.73100948e+00, 1.63615370e+00, 9.00174439e-01, 4.98071551e-01,
                   2.31654137e-01, 1.14768006e-01, np.inf, np.inf],
}

TF_FLOAT64 = {
    'bessel_k0': [7.023688753065105, 2.427069010018645, 0.9244190712276663, 0.42102443824070823, 0.062347553200366196,
                  0.0004247957418692318, 2.132477496463056e-14, 8.763568099825578e-54, np.inf, np.inf],
    'bessel_k0e': [7.030715955167395, 2.6823260900322365, 1.5241093857739103, 1.1444630798068947, 0.7595486903280997,
                   0.46584509609301583, 0.2278866656162537, 0.11429277942292937, np.inf, np.inf],
    'bessel_k1': [999.9961906584816, 9.853844630420264, 1.6564411200033013, 0.6019072301972348, 0.07389081634774707,
                  0.0004541824868848969, 2.1677320018915495e-14, 8.800007520092761e-54, np.inf, np.inf],
    'bessel_k1e': [1000.9966870614878, 10.89018253300399, 2.7310097082117863, 1.6361534862632587, 0.900174423907878,
                   0.49807157509547645, 0.2316541293777118, 0.11476801537425146, np.inf, np.inf],
}


@pytest.mark.parametrize('name', sorted(TF_FLOAT32))
def test_values_match_tf(name):
    out = getattr(tf.math.special, name)(X)
    assert out.dtype == tf.float32
    # TF's float32 kernels (Cephes' float polynomials) are a few ulps off the rounded float64 value tapeflow gives
    np.testing.assert_allclose(out.numpy(), np.float32(TF_FLOAT32[name]), rtol=1e-6, atol=1e-45)
    wide = getattr(tf.math.special, name)(X.astype(np.float64))
    assert wide.dtype == tf.float64
    np.testing.assert_allclose(wide.numpy(), TF_FLOAT64[name], rtol=1e-12)


def test_gradients_match_tf():
    x = tf.constant([0.5, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        ys = [getattr(tf.math.special, f)(x) for f in ['bessel_k0', 'bessel_k0e', 'bessel_k1', 'bessel_k1e']]
    got = [tape.gradient(y, x).numpy() for y in ys]
    np.testing.assert_allclose(got, [[-1.6564409732818604, -0.13986587524414062],
                                     [-1.2069001197814941, -0.19190841913223267],
                                     [-4.237300872802734, -0.18382683396339417],
                                     [-4.2551188468933105, -0.32482999563217163]], rtol=2e-6)


def test_special_namespace_holds_the_i_functions_too():
    assert tf.math.special.bessel_i0 is tf.math.bessel_i0 and tf.math.special.bessel_i1e is tf.math.bessel_i1e


GRADIENT_CASES = {name: (getattr(tf.math.special, name), [np.array([0.3, 1.2, 4.0, 9.5])])
                  for name in TF_FLOAT32}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    f, inputs = GRADIENT_CASES[name]
    tf.check_gradients(f, inputs)
    # and the second derivative (the rules are written with these ops)
    tf.check_gradients(lambda v: _first_derivative(f, v), inputs)


def _first_derivative(f, v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = f(v)
    return tape.gradient(y, v)


# The framework.ops names this file checks, for test_op_gradients' coverage test.
COVERED_HERE = set(TF_FLOAT32)
SWEEP_CALLS = {name: ((np.array([0.5, 1.0, 2.0], np.float32),), {}) for name in TF_FLOAT32}
