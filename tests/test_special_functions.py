"""tf.math's special functions (framework/ops/special_functions.py, incomplete_gamma_beta.py, bessel.py)
against TensorFlow 2.21.

Golden values: each case run with /opt/tfref's tensorflow 2.21 on the float64 (and, for
erfinv and ndtri, float32) inputs below, edge values included (poles, the ends of the
domains, arguments outside them, large orders); outputs printed in full. TensorFlow's
float32 erfinv is less accurate near 0 (it gives 0 for -1e-8, 8.45e-7 for 1e-6, where
x * sqrt(pi) / 2 is -8.9e-9 and 8.86e-7), hence the float32 tolerance.
"""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

m = tf.math
inf, nan = np.inf, np.nan

U = np.array([-1.0, -0.999999, -0.9, -0.5, -1e-8, 0.0, 1e-6, 0.3, 0.5, 0.75, 0.99, 0.9999999, 1.0, 1.5])
P = np.array([0.0, 1e-300, 1e-30, 1e-8, 0.001, 0.1, 0.5, 0.7, 0.999, 1.0 - 1e-12, 1.0, 1.2, -0.1])
E = np.array([0.0, 1e-10, 0.5, 1.0, 1.7, 1.999, 2.0, 2.5, -0.5, 1e-200])
XS = np.array([-50.0, -12.0, -3.0, -0.5, -1e-5, 0.0, 1e-5, 0.2, 1.0, 2.5, 7.0, 29.0, 31.0, 100.0, 800.0])
ZX = np.array([1.0, 1.5, 2.0, 3.0, 4.5, 10.0, 0.5, 2.0, 2.0, 3.0, 60.0])
ZQ = np.array([1.0, 2.0, 0.3, 5.0, 1e-3, 2.5, 1.0, -2.0, -1.5, -2.5, 1.1])
PA = np.array([0.0, 1.0, 2.0, 3.0, 1.5, -1.0, 4.0, 1.0, 0.0, 2.0])
PX = np.array([2.0, 0.5, 3.0, 1.2, 2.0, 2.0, 10.0, -0.5, 0.1, 40.0])
GA = np.array([0.5, 1.0, 3.0, 10.0, 100.0, 0.1, 2.5, 1000.0, -1.0, 2.0, 5.0, 1e-3])
GX = np.array([0.2, 1.0, 2.0, 15.0, 90.0, 5.0, 0.0, 1010.0, 1.0, np.inf, -1.0, 1e-4])
BA = np.array([0.5, 1.0, 2.0, 5.0, 0.1, 30.0, 2.0, 1.0, -1.0, 3.0, 200.0, 2.0])
BB = np.array([0.5, 3.0, 2.0, 1.5, 0.2, 20.0, 3.0, 1.0, 1.0, 2.0, 300.0, 2.0])
BX = np.array([0.3, 0.2, 0.9, 0.99, 0.5, 0.61, 0.0, 1.0, 0.5, 1.2, 0.4, 0.5])
LB = np.array([[1.0, 2.0], [0.5, 0.5], [3.0, 4.0], [10.0, 0.1]])
CASES = {
    'erfc': lambda: m.erfc(XS), 'erfinv': lambda: m.erfinv(U), 'ndtri': lambda: m.ndtri(P),
    'erfcinv': lambda: m.erfcinv(E),
    'lbeta': lambda: m.lbeta(LB), 'lbeta3': lambda: m.lbeta(np.array([[1.0, 2.0, 3.0]])),
    'zeta': lambda: m.zeta(ZX, ZQ), 'polygamma': lambda: m.polygamma(PA, PX),
    'igamma': lambda: m.igamma(GA, GX), 'igammac': lambda: m.igammac(GA, GX),
    'betainc': lambda: m.betainc(BA, BB, BX),
    'bessel_i0': lambda: m.bessel_i0(XS[np.abs(XS) < 700]), 'bessel_i1': lambda: m.bessel_i1(XS[np.abs(XS) < 700]),
    'bessel_i0e': lambda: m.bessel_i0e(XS), 'bessel_i1e': lambda: m.bessel_i1e(XS),
    'erfinv32': lambda: m.erfinv(U.astype('float32')), 'ndtri32': lambda: m.ndtri(P.astype('float32')),
}
GOLDEN = {
    'erfc': [2.0, 2.0, 1.9999779095030015, 1.5204998778130467, 1.0000112837916706, 1.0, 0.9999887162083294, 0.7772974107895215, 0.15729920705028522, 0.00040695201744495903, 4.183825607779415e-23, 0.0, 0.0, 0.0, 0.0],
    'erfinv': [-inf, -3.4589107372754997, -1.1630871536766743, -0.4769362762044699, -8.862269299058351e-09, 0.0, 8.862269253800832e-07, 0.27246271472675443, 0.4769362762044699, 0.8134198475976184, 1.8213863677184496, 3.7665625817811264, inf, nan],
    'ndtri': [-inf, -37.0470962993612, -11.464024688443613, -5.612001244174789, -3.090232306167813, -1.2815515655446004, 0.0, 0.5244005127080407, 3.090232306167813, 7.0344869100478356, inf, nan, nan],
    'erfcinv': [inf, 4.572824967389486, 0.4769362762044699, -0.0, -0.7328690779592171, -2.3267537655135464, -inf, nan, nan, 21.374783049026263],
    'lbeta': [-0.6931471805599453, 1.1447298858494002, -4.094344562222101, 2.0270133931824397],
    'lbeta3': [-4.0943445622221],
    'zeta': [inf, 1.6123753486854886, 12.245364546107734, 0.024394866122557243, 31622776601684.836, 0.00010882584206868631, nan, inf, 9.379246644989124, 0.0541020258208641, 0.0032842702814728075],
    'polygamma': [0.42278433509846747, 4.93480220054468, -0.15411380631918856, 3.2449948647257805, nan, nan, -0.0007299311682352869, 8.934802200544679, -10.423754940411076, -0.0006408202718352985],
    'igamma': [0.47291074313446185, 0.6321205588285578, 0.32332358381693643, 0.9301463393005902, 0.15822098918642064, 0.9998560610341533, 0.0, 0.6276789447368795, nan, 1.0, nan, 0.9914031196674437],
    'igammac': [0.5270892568655381, 0.36787944117144233, 0.6766764161830636, 0.06985366069940974, 0.8417790108135794, 0.00014393896584673397, 1.0, 0.37232105526312054, nan, 0.0, nan, 0.008596880332556345],
    'betainc': [0.36901011956554536, 0.488, 0.972, 0.9911908166941407, 0.6705707961028992, 0.5496267108968358, 0.0, 1.0, nan, nan, 0.5024286163200112, 0.5000000000000001],
    'bessel_i0': [2.9325537838493355e+20, 18948.925349296307, 4.880792585865024, 1.0634833707413238, 1.0000000000249998, 1.0, 1.0000000000249998, 1.0100250277951455, 1.2660658777520082, 3.289839144050123, 168.59390851028968, 292520631785.6908, 2089962966491.9038, 1.073751707131074e+42],
    'bessel_i1': [-2.9030785901035566e+20, -18141.348781638837, -3.9533702174026093, -0.2578943053908962, -5.0000000000625e-06, 0.0, 5.0000000000625e-06, 0.10050083402812506, 0.565159103992485, 2.5167162452886984, 156.03909286995543, 287432108126.2548, 2055972795294.5647, 1.0683693903381627e+42],
    'bessel_i0e': [0.056561626647454184, 0.11642622121344044, 0.24300035416182536, 0.6450352704491502, 0.9999900000749995, 1.0, 0.9999900000749995, 0.8269385516343289, 0.46575960759364043, 0.27004644161220276, 0.15373774467288123, 0.07440746822222558, 0.07194649669698383, 0.03994437929909669, 0.014106945005869183],
    'bessel_i1e': [-0.0559931238928954, -0.11146429929018101, -0.19682671329730084, -0.15642080318487162, -4.999950000312499e-06, 0.0, 4.999950000312499e-06, 0.08228312352881209, 0.20791041534970844, 0.20658464953126654, 0.14228923470959867, 0.07311311793938836, 0.07077639283438568, 0.039744153025130256, 0.014098125406526996],
    'erfinv32': [-inf, -3.4570746421813965, -1.1630871295928955, -0.47693631052970886, 0.0, 0.0, 8.451718258584151e-07, 0.2724626660346985, 0.47693631052970886, 0.8134199380874634, 1.821386456489563, 3.7439210414886475, inf, nan],
    'ndtri32': [-inf, -inf, -11.46402359008789, -5.612000942230225, -3.0902326107025146, -1.2815515995025635, 0.0, 0.5244004726409912, 3.090236186981201, inf, inf, nan, nan],
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_matches_tensorflow(name):
    out = CASES[name]().numpy()
    if name.endswith('32'):
        assert out.dtype == np.float32
        np.testing.assert_allclose(out, GOLDEN[name], rtol=2e-6, atol=1e-7)
    else:
        np.testing.assert_allclose(out, GOLDEN[name], rtol=1e-8, atol=0)


X = np.array([-3.0, -0.5, 0.2, 1.0, 2.5, 7.0, 35.0])


@pytest.mark.parametrize('f, inputs', [
    (m.erfc, [X]),
    (m.erfinv, [np.array([-0.9, -0.3, 0.01, 0.6, 0.99])]),
    (m.erfcinv, [np.array([0.01, 0.4, 1.0, 1.7])]),
    (m.ndtri, [np.array([0.001, 0.3, 0.5, 0.9])]),
    (m.lbeta, [np.array([[1.5, 2.0], [0.7, 3.0]])]),
    (lambda q: m.zeta(np.array([2.0, 3.5]), q), [np.array([1.5, 0.7])]),
    (lambda x: m.polygamma(np.array([0.0, 1.0, 2.0]), x), [np.array([1.5, 0.7, 3.0])]),
    (lambda x: m.igamma(np.array([0.5, 3.0, 10.0]), x), [np.array([0.7, 2.0, 12.0])]),
    (lambda x: m.igammac(np.array([0.5, 3.0, 10.0]), x), [np.array([0.7, 2.0, 12.0])]),
    (lambda x: m.betainc(np.array([0.5, 2.0]), np.array([1.5, 2.0]), x), [np.array([0.3, 0.9])]),
    (m.bessel_i0, [X[:-1]]), (m.bessel_i1, [X[:-1]]), (m.bessel_i0e, [X]), (m.bessel_i1e, [X]),
], ids=['erfc', 'erfinv', 'erfcinv', 'ndtri', 'lbeta', 'zeta', 'polygamma', 'igamma', 'igammac', 'betainc',
        'bessel_i0', 'bessel_i1', 'bessel_i0e', 'bessel_i1e'])
def test_gradients_match_central_differences(f, inputs):
    check_gradients(f, inputs)


@pytest.mark.filterwarnings('ignore::framework.tape.NoneGradientWarning')
def test_gradients_at_zero_and_where_tensorflow_has_none():
    # TensorFlow 2.21 at x = [0, 1]: d bessel_i1e = [0.5, 0.0499388], d bessel_i0e = [0, -0.25784922],
    # d bessel_i1 = [1.0, 0.7009069]. I1'(0) is 1/2 (I1(x) = x/2 + x**3/16 + ...), but TensorFlow's
    # _BesselI1Grad imputes 1.0 there, and ported programs print TensorFlow's numbers (autodiff13).
    x = tf.constant([0.0, 1.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        outputs = [m.bessel_i1e(x), m.bessel_i0e(x), m.bessel_i1(x)]
    np.testing.assert_allclose(tape.gradient(outputs[0], x).numpy(), [0.5, 0.0499388], rtol=1e-5)
    np.testing.assert_allclose(tape.gradient(outputs[1], x).numpy(), [0.0, -0.25784922], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(tape.gradient(outputs[2], x).numpy(), [1.0, 0.7009069], rtol=1e-5)
    # No gradient for zeta's x, polygamma's order, betainc's a and b, as TensorFlow (None there).
    a, b, q = tf.constant([2.0]), tf.constant([3.0]), tf.constant([0.7])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([a, b, q])
        z, p, i = m.zeta(a + 1, q), m.polygamma(a, q), m.betainc(a, b, q)
    assert tape.gradient(z, a) is None and tape.gradient(p, a) is None
    assert tape.gradient(i, a) is None and tape.gradient(i, b) is None


def test_igamma_gradient_for_a_matches_tensorflow():
    # TensorFlow 2.21 (IgammaGradA), float64; at a = 2.5, x = 300 the exact value is ~1e-126, and the
    # series here cancels to ~3e-12 there.
    a = tf.constant(np.array([0.5, 1.0, 3.0, 10.0, 100.0, 2.5, 0.05]))
    x = tf.constant(np.array([0.2, 1.0, 2.0, 15.0, 90.0, 300.0, 3.0]))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        lower, upper = m.igamma(a, x), m.igammac(a, x)
    expected = [-0.8201614064863386, -0.43172971063489896, -0.23184867204398962, -0.04008077846711623,
                -0.02461191684397851, -1.0120104615097498e-126, -0.015620284327717294]
    np.testing.assert_allclose(tape.gradient(lower, a).numpy(), expected, rtol=1e-9, atol=1e-11)
    np.testing.assert_allclose(tape.gradient(upper, a).numpy(), -np.array(expected), rtol=1e-9, atol=1e-11)
    check_gradients(lambda a: m.igamma(a, np.array([0.7, 2.0, 12.0])), [np.array([0.5, 3.0, 10.0])])


@pytest.mark.parametrize('call, error, message', [
    # TF 2.21 fails in its composition's Sum
    (lambda: m.lbeta(np.float32(1.0)), tf.errors.InvalidArgumentError,
     r'Invalid reduction dimension \(-1 for input with 0'),
    (lambda: m.zeta(np.ones(2, 'float32'), np.ones(3, 'float32')), ValueError, 'zeta'),
    (lambda: m.erfinv(np.array([1, 2])), TypeError, 'erfinv'),
    (lambda: m.betainc(1.0, 1.0, 'x'), TypeError, 'betainc'),
    (lambda: m.igamma(np.ones(2), np.ones(2, 'float32')), TypeError, 'igamma'),
])
def test_bad_input_names_the_op(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_empty_last_axis_and_float32_dtypes():
    # TF 2.21: 0 - lgamma(0) = -inf for an empty last axis
    assert m.lbeta(np.zeros((2, 0), 'float32')).numpy().tolist() == [-np.inf, -np.inf]
    for f in (m.erfc, m.bessel_i0e, m.bessel_i1):
        assert f(np.ones(2, 'float32')).dtype == tf.float32


# ---- for tests/test_op_gradients.py and tests/test_bad_input_sweep.py -------------------------
COVERED_HERE = {'erfc', 'erfinv', 'erfcinv', 'ndtri', 'lbeta', 'zeta', 'polygamma', 'igamma', 'igammac', 'betainc',
                'bessel_i0', 'bessel_i1', 'bessel_i0e', 'bessel_i1e'}
_V = np.array([0.2, 0.5, 0.7], 'float32')
SWEEP_CALLS = {name: ((_V,), {}) for name in ('erfc', 'erfinv', 'erfcinv', 'ndtri', 'bessel_i0', 'bessel_i1',
                                              'bessel_i0e', 'bessel_i1e')}
SWEEP_CALLS.update({
    'lbeta': ((np.array([[1.0, 2.0], [0.5, 0.5]], 'float32'),), {}),
    'zeta': ((_V + 2, _V), {}), 'polygamma': ((np.array([0.0, 1.0, 2.0], 'float32'), _V), {}),
    'igamma': ((_V, _V), {}), 'igammac': ((_V, _V), {}), 'betainc': ((_V, _V, _V), {}),
})
SWEEP_ANY_DTYPE = set()
