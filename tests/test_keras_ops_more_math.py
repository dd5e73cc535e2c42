"""keras.ops elementwise extras and order statistics (ops_elementwise, ops_statistics).

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr.
"""
import numpy as np
import pytest

from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops
NAN, INF = float('nan'), float('inf')

X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
I = np.array([[1, -2, 3], [4, 0, -6]], np.int32)  # noqa: E741
V = np.array([0.2, 0.7, 0.1], np.float32)
N = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]], np.float32)
T = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.cbrt(I)', [[1.0, -1.2599211, 1.4422495], [1.587401, 0.0, -1.8171207]], 'float32'),
    ('ops.cbrt(X)', [[0.7937005, -1.1447142, 1.2599211], [1.4422495, 0.62996054, -0.9085603]], 'float32'),
    ('ops.deg2rad(I)', [[0.017453292, -0.034906585, 0.05235988], [0.06981317, 0.0, -0.10471976]], 'float32'),
    ('ops.rad2deg(X)', [[28.647888, -85.943665, 114.59155], [171.88733, 14.323944, -42.971832]], 'float32'),
    ('ops.fabs(I)', [[1.0, 2.0, 3.0], [4.0, 0.0, 6.0]], 'float32'),
    ('ops.erfc(X)', [[0.47950011, 1.9661051, 0.0046777353], [2.2090497e-05, 0.7236736, 1.7111557]], 'float32'),
    ('ops.erfinv(X / 4)', [[0.11123545, -0.3456171, 0.4769363], [0.81341994, 0.055445947, -0.16772722]], 'float32'),
    ('ops.sinc(X)', [[0.63661975, -0.21220659, 2.7827534e-08], [-2.5305382e-09, 0.9003163, 0.30010542]], 'float32'),
    ('ops.i0(X)', [[1.0634835, 1.6467233, 2.2795854], [4.880793, 1.0156863, 1.1456468]], 'float32'),
    ('ops.trunc(X)', [[0.0, -1.0, 2.0], [3.0, 0.0, -0.0]], 'float32'),
    ('ops.trunc(I)', [[1, -2, 3], [4, 0, -6]], 'int32'),
    ('ops.signbit(X)', [[False, True, False], [False, False, True]], 'bool'),
    ('ops.signbit(I)', [[False, True, False], [False, False, True]], 'bool'),
    ('ops.isposinf(ops.divide(X, 0.0))', [[True, False, True], [True, True, False]], 'bool'),
    ('ops.isneginf(ops.divide(X, 0.0))', [[False, True, False], [False, False, True]], 'bool'),
    ('ops.isreal(X)', [[True, True, True], [True, True, True]], 'bool'),
    ('ops.copy(X)', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.real(X)', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.imag(X)', [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], 'float32'),
    ('ops.conj(I)', [[1, -2, 3], [4, 0, -6]], 'int32'),
    ('ops.angle(X)', [[0.0, 3.1415927, 0.0], [0.0, 0.0, 3.1415927]], 'float32'),
    ('ops.hypot(X, V)', [[0.53851646, 1.6552945, 2.0024984], [3.0066595, 0.7433035, 0.75663733]], 'float32'),
    ('ops.hypot(I, 2)', [[2.236068, 2.828427, 3.6055512], [4.472136, 2.0, 6.3245554]], 'float32'),
    ('ops.logaddexp(X, V)', [[1.0543553, 0.8050833, 2.1393867], [3.059033, 1.193249, 0.45586506]], 'float32'),
    ('ops.logaddexp(I, 1)', [[1.6931472, 1.0485873, 3.126928], [4.0485873, 1.3132617, 1.0009115]], 'float32'),
    ('ops.logaddexp2(X, V)', [[1.3577839, 0.98408484, 2.3424902], [3.1935666, 1.4924746, 0.73671484]], 'float32'),
    ('ops.divide_no_nan(I, I)', [[1.0, 1.0, 1.0], [1.0, 0.0, 1.0]], 'float32'),
    ('ops.divide_no_nan(X, ops.maximum(X, 0))', [[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]], 'float32'),
    ('ops.fmod(I, 4)', [[1, -2, 3], [0, 0, -2]], 'int32'),
    ('ops.fmod(I, -4)', [[1, -2, 3], [0, 0, -2]], 'int32'),
    ('ops.fmod(X, 0.7)', [[0.5, -0.100000024, 0.6], [0.20000005, 0.25, -0.050000012]], 'float32'),
    ('ops.fmod(X, V)', [[0.099999994, -0.100000024, 0.09999997], [0.19999996, 0.25, -0.04999999]], 'float32'),
    ('ops.fmax(N, X)', [[1.0, -1.5, 3.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.fmin(X, N)', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.fmax(I, X)', [[1.0, -1.5, 3.0], [4.0, 0.25, -0.75]], 'float32'),
    ('ops.heaviside(X, 0.5)', [[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]], 'float32'),
    ('ops.heaviside(I, I)', [[1.0, 0.0, 1.0], [1.0, 0.0, 0.0]], 'float32'),
    ('ops.ldexp(X, I)', [[1.0, -0.375, 16.0], [48.0, 0.25, -0.01171875]], 'float32'),
    ('ops.nextafter(X, 0.0)', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.isclose(X, X + 1e-6)', [[True, True, True], [True, True, True]], 'bool'),
    ('ops.isclose(X, X + 1e-3, atol=1e-2)', [[True, True, True], [True, True, True]], 'bool'),
    ('ops.isclose(N, N, equal_nan=True)', [[True, True, True], [True, True, True]], 'bool'),
    ('ops.allclose(X, X + 1e-6)', True, 'bool'),
    ('ops.allclose(X, V)', False, 'bool'),
    ('ops.nan_to_num(N)', [[1.0, 0.0, 3.0], [0.0, 0.0, 0.0]], 'float32'),
    ('ops.nan_to_num(ops.divide(X, 0.0), nan=1.0, posinf=5.0, neginf=-5.0)', [[5.0, -5.0, 5.0], [5.0, 5.0, -5.0]], 'float32'),
    ('ops.nan_to_num(I)', [[1, -2, 3], [4, 0, -6]], 'int32'),
    ('ops.amax(I)', 4, 'int32'),
    ('ops.amax(X, axis=0)', [3.0, 0.25, 2.0], 'float32'),
    ('ops.amin(X, axis=1, keepdims=True)', [[-1.5], [-0.75]], 'float32'),
    ('ops.ptp(I)', 10, 'int32'),
    ('ops.ptp(X, axis=1)', [3.5, 3.75], 'float32'),
    ('ops.median(I)', 0.5, 'float32'),
    ('ops.median(X, axis=0)', [1.75, -0.625, 0.625], 'float32'),
    ('ops.median(T, axis=(0, 2), keepdims=True)', [[[0.75], [1.15], [1.55]]], 'float32'),
    ('ops.quantile(I, 0.3)', -0.9999999, 'float32'),
    ('ops.quantile(X, [0.3, 0.9], axis=1)', [[-0.29999995, -0.14999998], [1.6999999, 2.4499998]], 'float32'),
    ("ops.quantile(X, 0.4, axis=1, method='lower')", [-1.5, -0.75], 'float32'),
    ("ops.quantile(X, 0.4, axis=1, method='higher')", [0.5, 0.25], 'float32'),
    ("ops.quantile(X, 0.4, axis=1, method='midpoint')", [-0.5, -0.25], 'float32'),
    ("ops.quantile(X, [0.4, 0.5, 0.6], axis=0, method='nearest')", [[0.5, -1.5, -0.75], [0.5, -1.5, -0.75], [3.0, 0.25, 2.0]], 'float32'),
    ('ops.quantile(T, [0.25], axis=1, keepdims=True)', [[[[0.2, 0.3, 0.4, 0.5]], [[1.4000001, 1.5, 1.5999999, 1.7]]]], 'float32'),
    ('ops.percentile(X, 75)', 1.625, 'float32'),
    ('ops.percentile(I, [10, 50], axis=1)', [[-1.4000001, -4.8], [1.0, 0.0]], 'float32'),
    ('ops.quantile(N, 0.5, axis=1)', [NAN, NAN], 'float32'),
    ('ops.nanquantile(N, 0.5, axis=1)', [2.0, NAN], 'float32'),
    ('ops.nanquantile(N, [0.2, 1.0])', [1.4, 3.0], 'float32'),
    ('ops.nanpercentile(N, 30)', 1.6, 'float32'),
    ('ops.nanmedian(N)', 2.0, 'float32'),
    ('ops.nanmedian(N, axis=1)', [2.0, NAN], 'float32'),
    ('ops.nansum(N)', 4.0, 'float32'),
    ('ops.nansum(N, axis=1)', [4.0, 0.0], 'float32'),
    ('ops.nansum(I, axis=0)', [5, -2, -3], 'int32'),
    ('ops.nanprod(N, axis=0)', [1.0, 1.0, 3.0], 'float32'),
    ('ops.nanmean(N, axis=1)', [2.0, NAN], 'float32'),
    ('ops.nanmean(I)', 0.0, 'float32'),
    ('ops.nanvar(N)', 1.0, 'float32'),
    ('ops.nanvar(X, axis=1)', [2.0555556, 2.5138888], 'float32'),
    ('ops.nanstd(N, axis=1, keepdims=True)', [[1.0], [NAN]], 'float32'),
    ('ops.nanmax(N, axis=1)', [3.0, NAN], 'float32'),
    ('ops.nanmin(N, axis=0)', [1.0, NAN, 3.0], 'float32'),
    ('ops.nanmax(I)', 4, 'int32'),
    ('ops.nanargmax(N, axis=1)', [2, -1], 'int32'),
    ('ops.nanargmin(N)', 0, 'int32'),
    ('ops.nanargmax(X)', 3, 'int32'),
    ('ops.nancumsum(N)', [1.0, 1.0, 4.0, 4.0, 4.0, 4.0], 'float32'),
    ('ops.nancumprod(N, axis=1)', [[1.0, 1.0, 3.0], [1.0, 1.0, 1.0]], 'float32'),
    ('ops.nancumsum(I, axis=0)', [[1, -2, 3], [5, -2, -3]], 'int32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=1e-6)


# ---- gradients: the tape against central differences, in float64 ----------------------------
A = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6]])
C = np.array([0.5, 0.2, 0.9])
A_NAN = np.array([[0.3, np.nan, 0.8], [1.1, 0.4, -0.6]])
GRADIENT_CASES = {
    'cbrt_deg_rad': (lambda a: ops.cbrt(a) + ops.deg2rad(a) * ops.rad2deg(a) + ops.fabs(a), [A]),
    'erfc_erfinv': (lambda a: ops.erfc(a) + ops.erfinv(a * 0.5), [A]),
    'sinc_i0': (lambda a: ops.sinc(a) * ops.i0(a) + ops.i0(ops.sinc(a) * 3), [A]),
    'hypot_logaddexp': (lambda a, c: ops.hypot(a, c) + ops.logaddexp(a, c) + ops.logaddexp2(c, a), [A, C]),
    'divide_no_nan_fmod': (lambda a, c: ops.divide_no_nan(a, c) + ops.fmod(a, c * 0.7), [A, C]),
    'fmax_fmin_heaviside': (lambda a, c: ops.fmax(a, c) * ops.fmin(c, a) + ops.heaviside(a, c), [A, C]),
    'ldexp_nan_to_num_copy': (lambda a: ops.ldexp(a, np.array([1, -2, 3])) + ops.nan_to_num(ops.copy(a)), [A]),
    'quantiles': (lambda a: ops.quantile(a, [0.3, 0.8], axis=1) + ops.quantile(a, 0.4, axis=1, method='midpoint')
                  + ops.percentile(a, 60, axis=1, method='nearest') + ops.median(a), [A]),
    'ptp_amax_amin': (lambda a: ops.ptp(a, axis=0) + ops.amax(a) * ops.amin(a, axis=0), [A]),
    'nan_reductions': (lambda a: ops.nansum(a, axis=1) + ops.nanmean(a, axis=1) * ops.nanvar(a, axis=1)
                       + ops.nanstd(a, axis=1) + ops.nanmax(a, axis=1) + ops.nanprod(a, axis=1), [A_NAN]),
    'nan_order_and_cumulative': (lambda a: ops.nanmedian(a) + ops.nanquantile(a, 0.7) + ops.nancumsum(a)[2]
                                 + ops.nancumprod(a, axis=1)[0, 2], [A_NAN]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


def test_erfinv_inverts_erf_to_float64_precision():
    grid = np.linspace(-0.999, 0.999, 41)
    np.testing.assert_allclose(np.asarray(ops.erf(ops.erfinv(grid))), grid, rtol=0, atol=1e-14)
    np.testing.assert_array_equal(np.asarray(ops.erfinv(np.array([-1.0, 1.0]))), [-INF, INF])


# ---- bad input: the error names the op and says what is wrong ----------------------------------
@pytest.mark.parametrize('call, message', [
    # (ops.quantile(X, 1.5) and ops.percentile(X, 150) are no errors on TF 2.21: Keras clips the positions,
    # tests/test_opsfuzz5_numeric_edges.py)
    (lambda: ops.quantile(X, [[0.5]]), 'keras.ops.quantile: q must be a scalar or 1-D'),
    (lambda: ops.quantile(X, 0.5, method='cubic'), 'keras.ops.quantile: method must be one of'),
    (lambda: ops.median(X, axis=2), 'axis 2 is out of bounds for an array with dimension 2.'),     # TF 2.21's
    (lambda: ops.median(np.zeros((2, 0), np.float32), axis=1), 'keras.ops.median: cannot take a quantile of an empty'),
    (lambda: ops.ldexp(X, X), "ldexp exponent must be an integer type. Received: x2 dtype=<dtype: 'float32'>"),  # TF 2.21's
    (lambda: ops.hypot(X, np.ones((2, 2), np.float32)), 'keras.ops.hypot'),
    (lambda: ops.fmod(X, np.ones(4, np.float32)), 'keras.ops.fmod'),
    (lambda: ops.cbrt(np.array(['a'])), 'keras.ops.cbrt: expected a numeric tensor'),
    (lambda: ops.nanmean('text'), 'keras.ops.nanmean'),
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
