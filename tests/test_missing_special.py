"""tf.math.special.bessel_j0 / j1 / y0 / y1, dawsn, expint, fresnel_cos / sin and spence
(framework/ops/bessel_jy.py, special_integrals.py): values pinned to TF 2.21 in float32 and float64 and
TF's gradients (/work/notes/progs/missing/golden_special.py run with /opt/tfref), gradients checked against
central differences in float64, and TF's dtype errors."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError

NAN, INF = np.nan, np.inf
X = np.array([1e-3, 0.1, 0.5, 1.0, 2.5, 7.0, 30.0, 120.0, 0.0, -1.0], np.float32)
TF_FLOAT32 = {
    'bessel_j0': [0.9999997615814209, 0.99750155210495, 0.9384698867797852, 0.7651976943016052,
        -0.04838378727436066, 0.3000792860984802, -0.08636794984340668, 0.07182344049215317, 1.0,
        0.7651976943016052],
    'bessel_j1': [0.0004999999655410647, 0.04993753135204315, 0.24226847290992737, 0.4400506019592285,
        0.497094064950943, -0.0046827844344079494, -0.11875107139348984, -0.011805465444922447, 0.0,
        -0.4400506019592285],
    'bessel_y0': [-4.471416473388672, -1.5342386960983276, -0.44451871514320374, 0.08825697004795074,
        0.49807029962539673, -0.025949709117412567, -0.1172957494854927, -0.012104236520826817, -INF, -INF],
    'bessel_y1': [-636.6221313476562, -6.458950996398926, -1.4714723825454712, -0.7812128067016602,
        0.1459180861711502, -0.30266720056533813, 0.08442555367946625, -0.07187443226575851, NAN, -INF],
    'dawsn': [0.0009999993490055203, 0.09933599084615707, 0.42443639039993286, 0.5380795001983643,
        0.22308368980884552, 0.07218097895383835, 0.01667594164609909, 0.00416681170463562, 0.0,
        -0.5380795001983643],
    'expint': [-6.3295392990112305, -1.6228128671646118, 0.4542198181152344, 1.8951178789138794,
        7.073765754699707, 191.5047607421875, 368973217792.0, INF, -INF, NAN],
    'fresnel_cos': [0.0010000000474974513, 0.09999752789735794, 0.4923442006111145, 0.7798933982849121,
        0.457412987947464, 0.5454670786857605, 0.49999603629112244, 0.49999913573265076, 0.0,
        -0.7798933982849121],
    'fresnel_sin': [5.235988309593154e-10, 0.000523589551448822, 0.06473242491483688, 0.4382591247558594,
        0.619181752204895, 0.4997049868106842, 0.48938968777656555, 0.4973474144935608, 0.0,
        -0.4382591247558594],
    'spence': [1.637022614479065, 1.2997148036956787, 0.5822403430938721, 0.0, -1.1473808288574219,
        -3.08994197845459, -7.280084609985352, -13.056559562683105, 1.644934058189392, NAN],
}
TF_FLOAT64 = {
    'bessel_j0': [0.999999749999992, 0.9975015619916272, 0.938469807240813, 0.7651976865579665,
        -0.04838377646819804, 0.3000792705195556, -0.08636798358104031, 0.07182341582915616, 1.0,
        0.7651976865579665],
    'bessel_j1': [0.0004999999612487194, 0.04993752677850804, 0.24226845767487387, 0.44005058574493355,
        0.497094102464274, -0.004682823482345807, -0.11875106261662303, -0.011805211433002331, 0.0,
        -0.44005058574493355],
    'bessel_y0': [-4.471416581137995, -1.5342386417257798, -0.4445187335067066, 0.08825696421567697,
        0.498070359615232, -0.025949743967209254, -0.11729573168666396, -0.012104365410016008, -INF, -INF],
    'bessel_y1': [-636.6221369934229, -6.458951000742351, -1.4714723926702433, -0.7812128213002888,
        0.14591813796678577, -0.3026672370241849, 0.08442557066174712, -0.07187447320914947, -INF, -INF],
    'dawsn': [0.0009999993808309563, 0.09933599385836456, 0.4244363835020223, 0.5380795069127684,
        0.22308372216743552, 0.0721809746582363, 0.016675941401059175, 0.004166811357665619, 0.0,
        -0.5380795069127684],
    'expint': [-6.3295393164800675, -1.6228127975009468, 0.45421990486317354, 1.895117816355937,
        7.073765894578601, 191.50474333550136, 368973209407.2742, 1.096029062158031e+50, -INF, NAN],
    'fresnel_cos': [0.0010000000474972045, 0.09999753411701735, 0.4923442258714464, 0.779893400376823,
        0.45741300964177706, 0.5454670925469698, 0.4999962473706091, 0.49999994136505294, 0.0,
        -0.779893400376823],
    'fresnel_sin': [5.235988502070321e-10, 0.0005235895710179376, 0.06473243285999929, 0.4382591473903547,
        0.6191817558195929, 0.4997047894534464, 0.4893896744421938, 0.4973474176190234, 0.0,
        -0.4382591473903547],
    'spence': [1.6370226049476886, 1.299714719192604, 0.5822405264650135, 0.0, -1.1473806603755703,
        -3.089942051088032, -7.280084707384272, -13.056558975204345, 1.6449340668482264, NAN],
}
NAMES = ['bessel_j0', 'bessel_j1', 'bessel_y0', 'bessel_y1', 'dawsn', 'expint', 'fresnel_cos', 'fresnel_sin', 'spence']
# TF's float32 gradients at x = [0.5, 2.0] and at x = [0.0, 1.0], in the order of NAMES
TF_GRADIENTS = [[-0.24226847290992737, -0.5767248272895813], [0.4539329409599304, -0.06447161734104156], [1.4714723825454712, 0.10703243315219879], [2.4984259605407715, 0.5638919472694397], [0.5755636096000671, -0.20536160469055176], [3.2974424362182617, 3.694528102874756], [0.9238795042037964, 1.0], [0.3826834559440613, 1.7484555314695172e-07], [-1.3862943649291992, -0.6931471824645996]]
TF_GRADIENTS_AT_0_1 = [[-0.0, -0.4400506019592285], [0.5, 0.3251470923423767], [NAN, 0.7812128067016602], [NAN, 0.8694697618484497], [1.0, -0.07615900039672852], [INF, 2.7182817459106445], [1.0, -4.371138828673793e-08], [0.0, 1.0], [-INF, -1.0]]


@pytest.mark.parametrize('name', NAMES)
def test_values_match_tf(name):
    out = getattr(tf.math.special, name)(X)
    assert out.dtype == tf.float32
    # TF's float32 kernels (Cephes' float code) are a few ulps off the rounded float64 value tapeflow gives,
    # and its float32 Bessel asymptotics are good to ~1e-7 absolute only (they round x - 3pi/4 to float32: 2.5e-7 for J1 at 120)
    np.testing.assert_allclose(out.numpy(), np.float32(TF_FLOAT32[name]), rtol=2e-6, atol=3e-7)
    wide = getattr(tf.math.special, name)(X.astype(np.float64))
    assert wide.dtype == tf.float64
    np.testing.assert_allclose(wide.numpy(), TF_FLOAT64[name], rtol=1e-12, atol=1e-300)


def test_fresnel_float32_keeps_tf_phase_rounding():
    # at x = 120 TF's float32 phase (pi/2) x^2 is off by ~1e-3 rad: 0.49999914 where float64 gives 0.49999994
    assert tf.math.special.fresnel_cos(np.float32(120.0)).numpy() == np.float32(0.49999913573265076)
    assert tf.math.special.fresnel_cos(np.float64(120.0)).numpy() == pytest.approx(0.49999994136505294, abs=1e-15)


def test_edge_values_match_tf():
    # TF 2.21, float64, at [inf, -inf, 40000]
    x = np.array([np.inf, -np.inf, 40000.0])
    s = tf.math.special
    np.testing.assert_array_equal(s.expint(x).numpy()[:2], [NAN, NAN])
    np.testing.assert_array_equal(s.spence(x).numpy()[:2], [NAN, NAN])
    np.testing.assert_array_equal(s.bessel_j0(x).numpy()[:2], [NAN, NAN])
    np.testing.assert_array_equal(s.bessel_y1(x).numpy()[:2], [NAN, -INF])
    np.testing.assert_array_equal(s.dawsn(x).numpy()[:2], [0.0, 0.0])
    np.testing.assert_array_equal(s.fresnel_sin(x).numpy(), [0.5, -0.5, 0.5])
    np.testing.assert_allclose(s.bessel_j0(x).numpy()[2], 0.00358014703611111, rtol=1e-11)


def test_gradients_match_tf():
    for at, expected in (([0.5, 2.0], TF_GRADIENTS), ([0.0, 1.0], TF_GRADIENTS_AT_0_1)):
        x = tf.constant(at)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            ys = [getattr(tf.math.special, f)(x) for f in NAMES]
        got = [tape.gradient(y, x).numpy() for y in ys]
        np.testing.assert_allclose(got, expected, rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize('name, kernel', [('dawsn', 'Dawsn'), ('expint', 'Expint'), ('fresnel_cos', 'FresnelCos'),
                                          ('fresnel_sin', 'FresnelSin'), ('spence', 'Spence')])
def test_half_precision_has_no_kernel_as_in_tf(name, kernel):
    # TF 2.21's NotFoundError lists the registered kernels (double and float); tapeflow's words ride as a note
    with pytest.raises(NotFoundError, match=r"(?s)\{\{node %s\}\} = %s\[T=DT_HALF\].*device='CPU'; T in \[DT_DOUBLE\]"
                       % (kernel, kernel)) as caught:
        getattr(tf.math.special, name)(np.array([1.0], np.float16))
    assert any(name in note for note in caught.value.__notes__)


@pytest.mark.parametrize('name', NAMES)
def test_integer_and_complex_inputs_are_refused(name):
    with pytest.raises(InvalidArgumentError, match=name + '.*int32'):
        getattr(tf.math.special, name)(tf.constant([1, 2]))
    with pytest.raises(InvalidArgumentError, match=name + '.*complex64'):
        getattr(tf.math.special, name)(tf.constant([1 + 1j], tf.complex64))


def test_bessel_runs_in_half_precision_as_tf():
    # TF 2.21: bessel_j0(float16 1.0) = 0.765, bessel_y1 = -0.7812
    assert tf.math.special.bessel_j0(np.array([1.0], np.float16)).numpy()[0] == np.float16(0.765)
    assert tf.math.special.bessel_y1(np.array([1.0], np.float16)).numpy()[0] == np.float16(-0.7812)


GRADIENT_CASES = {name: (getattr(tf.math.special, name), [np.array([0.3, 1.2, 4.0, 9.5])]) for name in NAMES}
GRADIENT_CASES['bessel_j1-far'] = (tf.math.special.bessel_j1, [np.array([12.0, 45.0])])
GRADIENT_CASES['fresnel_sin-far'] = (tf.math.special.fresnel_sin, [np.array([5.5, 7.0])])
GRADIENT_CASES['spence-inverted'] = (tf.math.special.spence, [np.array([0.1, 3.0, 12.0])])


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    f, inputs = GRADIENT_CASES[name]
    tf.check_gradients(f, inputs)
    tf.check_gradients(lambda v: _first_derivative(f, v), inputs)     # the rules are written with these ops


def _first_derivative(f, v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = f(v)
    return tape.gradient(y, v)


# The framework.ops names this file checks, for test_op_gradients' coverage test and the bad-input sweep.
COVERED_HERE = set(NAMES)
SWEEP_CALLS = {name: ((np.array([0.5, 1.0, 2.0], np.float32),), {}) for name in NAMES}
