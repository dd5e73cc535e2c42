"""keras.ops rearrangement, products and search (ops_arrangement, ops_products, ops_search).

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr. A tuple of values is a tuple of results. Where Keras's
TensorFlow backend departs from its documented numpy behaviour (rot90 with
k=2, argpartition over a 2-D tensor, saturate_cast from float32 to int32),
the tests below check numpy's results instead.
"""
import numpy as np
import pytest

from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
I = np.array([[1, -2, 3], [4, 0, -6]], np.int32)  # noqa: E741
V = np.array([0.2, 0.7, 0.1], np.float32)
B = np.array([[True, False, True], [False, False, True]])
T = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.ravel(I)', [1, -2, 3, 4, 0, -6], 'int32'),
    ('ops.append(I, X)', [1.0, -2.0, 3.0, 4.0, 0.0, -6.0, 0.5, -1.5, 2.0, 3.0, 0.25, -0.75], 'float32'),
    ('ops.append(I, I, axis=0)', [[1, -2, 3], [4, 0, -6], [1, -2, 3], [4, 0, -6]], 'int32'),
    ('ops.array_split(I, 2, axis=1)', ([[1, -2], [4, 0]], [[3], [-6]],), ('int32', 'int32',)),
    ('ops.array_split(np.arange(7), 3)', ([0, 1, 2], [3, 4], [5, 6],), ('int64', 'int64', 'int64',)),
    ('ops.vsplit(T, 2)', ([[[0.0, 0.1, 0.2, 0.3], [0.4, 0.5, 0.6, 0.7], [0.8, 0.9, 1.0, 1.1]]], [[[1.2, 1.3, 1.4, 1.5], [1.6, 1.7, 1.8, 1.9], [2.0, 2.1, 2.2, 2.3]]],), ('float32', 'float32',)),
    ('ops.hsplit(X, 3)', ([[0.5], [3.0]], [[-1.5], [0.25]], [[2.0], [-0.75]],), ('float32', 'float32', 'float32',)),
    ('ops.hsplit(np.arange(6), [2])', ([0, 1], [2, 3, 4, 5],), ('int64', 'int64',)),
    ('ops.dsplit(T, [1, 3])', ([[[0.0], [0.4], [0.8]], [[1.2], [1.6], [2.0]]], [[[0.1, 0.2], [0.5, 0.6], [0.9, 1.0]], [[1.3, 1.4], [1.7, 1.8], [2.1, 2.2]]], [[[0.3], [0.7], [1.1]], [[1.5], [1.9], [2.3]]],), ('float32', 'float32', 'float32',)),
    ('ops.dstack([I, I])', [[[1, 1], [-2, -2], [3, 3]], [[4, 4], [0, 0], [-6, -6]]], 'int32'),
    ('ops.dstack([V, V])', [[[0.2, 0.2], [0.7, 0.7], [0.1, 0.1]]], 'float32'),
    ('ops.fliplr(I)', [[3, -2, 1], [-6, 0, 4]], 'int32'),
    ('ops.flipud(X)', [[3.0, 0.25, -0.75], [0.5, -1.5, 2.0]], 'float32'),
    ('ops.rot90(I)', [[3, -6], [-2, 0], [1, 4]], 'int32'),
    ('ops.rot90(I, k=3)', [[4, 1], [0, -2], [-6, 3]], 'int32'),
    ('ops.rot90(I, k=-1)', [[4, 1], [0, -2], [-6, 3]], 'int32'),
    ('ops.rot90(T, axes=(1, 2))', [[[0.3, 0.7, 1.1], [0.2, 0.6, 1.0], [0.1, 0.5, 0.9], [0.0, 0.4, 0.8]], [[1.5, 1.9, 2.3], [1.4, 1.8, 2.2], [1.3, 1.7, 2.1], [1.2, 1.6, 2.0]]], 'float32'),
    ('ops.diagonal(I)', [1, 0], 'int32'),
    ('ops.diagonal(I, offset=1)', [-2, -6], 'int32'),
    ('ops.diagonal(I, offset=-1)', [4], 'int32'),
    ('ops.diagonal(T, 1, 1, 2)', [[0.1, 0.6, 1.1], [1.3, 1.8, 2.3]], 'float32'),
    ('ops.diagonal(T, axis1=2, axis2=0)', [[0.0, 1.3], [0.4, 1.7], [0.8, 2.1]], 'float32'),
    ('ops.trace(I)', 1, 'int32'),
    ('ops.trace(T, offset=-1, axis1=1, axis2=2)', [1.3, 3.6999998], 'float32'),
    ('ops.trace(B)', 1, 'int32'),
    ('ops.diagflat(I)', [[1, 0, 0, 0, 0, 0], [0, -2, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0], [0, 0, 0, 4, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, -6]], 'int32'),
    ('ops.diagflat(V, k=-1)', [[0.0, 0.0, 0.0, 0.0], [0.2, 0.0, 0.0, 0.0], [0.0, 0.7, 0.0, 0.0], [0.0, 0.0, 0.1, 0.0]], 'float32'),
    ('ops.diff(I)', [[-3, 5], [-4, -6]], 'int32'),
    ('ops.diff(X, n=2, axis=1)', [[5.5], [1.75]], 'float32'),
    ('ops.diff(I, axis=0)', [[3, 2, -9]], 'int32'),
    ('ops.diff(V, n=0)', [0.2, 0.7, 0.1], 'float32'),
    ('ops.roll(I, 1)', [[-6, 1, -2], [3, 4, 0]], 'int32'),
    ('ops.roll(I, -1, axis=1)', [[-2, 3, 1], [0, -6, 4]], 'int32'),
    ('ops.roll(T, (1, 2), axis=(0, 2))', [[[1.4, 1.5, 1.2, 1.3], [1.8, 1.9, 1.6, 1.7], [2.2, 2.3, 2.0, 2.1]], [[0.2, 0.3, 0.0, 0.1], [0.6, 0.7, 0.4, 0.5], [1.0, 1.1, 0.8, 0.9]]], 'float32'),
    ('ops.select([I > 0, I < -3], [I, I * 10])', [[1, 0, 3], [4, 0, -60]], 'int32'),
    ('ops.select([X > 0], [X], default=-1.0)', [[0.5, -1.0, 2.0], [3.0, 0.25, -1.0]], 'float32'),
    ('ops.select([B], [I], default=7)', [[1, 7, 3], [7, 7, -6]], 'int32'),
    ('ops.get_item(X, 1)', [3.0, 0.25, -0.75], 'float32'),
    ('ops.get_item(T, (slice(None), 1))', [[0.4, 0.5, 0.6, 0.7], [1.6, 1.7, 1.8, 1.9]], 'float32'),
    ('ops.empty((2, 3))', [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], 'float32'),
    ("ops.empty((2,), dtype='int32')", [0, 0], 'int32'),
    ('ops.empty_like(I)', [[0, 0, 0], [0, 0, 0]], 'int32'),
    ('ops.logspace(0, 2, 3)', [1.0, 10.0, 100.0], 'float32'),
    ('ops.logspace(0, 1, 4, endpoint=False, base=2)', [1.0, 1.1892071, 1.4142135, 1.6817929], 'float32'),
    ("ops.logspace(1, 3, 3, dtype='float64')", [10.0, 100.0, 1000.0], 'float64'),
    ('ops.geomspace(1, 100, 3)', [1.0, 10.0, 100.0], 'float32'),
    ('ops.geomspace(-2, -32, 5)', [-1.9999999, -3.9999998, -7.999999, -15.999998, -31.999998], 'float32'),
    ('ops.geomspace(1, 1000, 3, endpoint=False)', [1.0, 10.0, 100.0], 'float32'),
    ('ops.vander(np.array([1, 2, 3]))', [[1, 1, 1], [4, 2, 1], [9, 3, 1]], 'int64'),
    ('ops.vander(V, 4, increasing=True)', [[1.0, 0.2, 0.040000003, 0.008], [1.0, 0.7, 0.48999998, 0.343], [1.0, 0.1, 0.010000001, 0.001]], 'float32'),
    ('ops.vander(np.array([1, 2], np.int32), 3)', [[1, 1, 1], [4, 2, 1]], 'int32'),
    ("ops.saturate_cast(X * 200, 'uint8')", [[100, 0, 255], [255, 50, 0]], 'uint8'),
    ("ops.saturate_cast(I * 100, 'int8')", [[100, -128, 127], [127, 0, -128]], 'int8'),
    ("ops.saturate_cast(np.array([1e10, -1e10]), 'int32')", [2147483647, -2147483648], 'int32'),
    ('ops.vdot(X, X)', 16.125, 'float32'),
    ('ops.vdot(I, X)', 26.0, 'float32'),
    ('ops.inner(I, I)', [[14, -14], [-14, 52]], 'int32'),
    ('ops.inner(X, V)', [-0.74999994, 0.70000005], 'float32'),
    ('ops.inner(V, 2.0)', [0.4, 1.4, 0.2], 'float32'),
    ('ops.kron(I, I)', [[1, -2, 3, -2, 4, -6, 3, -6, 9], [4, 0, -6, -8, 0, 12, 12, 0, -18], [4, -8, 12, 0, 0, 0, -6, 12, -18], [16, 0, -24, 0, 0, 0, -24, 0, 36]], 'int32'),
    ('ops.kron(V, X)', [[0.1, -0.3, 0.4, 0.35, -1.05, 1.4, 0.05, -0.15, 0.2], [0.6, 0.05, -0.15, 2.1, 0.175, -0.525, 0.3, 0.025, -0.075]], 'float32'),
    ('ops.kron(np.array([[1, 2]]), np.array([3, 4]))', [[3, 4, 6, 8]], 'int64'),
    ('ops.cross(X, X[::-1])', [[0.625, 6.375, 4.625], [-0.625, -6.375, -4.625]], 'float32'),
    ('ops.cross(V, X)', [[1.55, -0.35, -0.65], [-0.54999995, 0.45000002, -2.05]], 'float32'),
    ('ops.cross(X[:, :2], V[:2])', [0.65, 2.05], 'float32'),
    ('ops.cross(X[:, :2], V)', [[-0.15, -0.05, 0.65], [0.025, -0.3, 2.05]], 'float32'),
    ('ops.cross(np.transpose(X), np.transpose(X[::-1]), axisa=0, axisb=0)', [[0.625, 6.375, 4.625], [-0.625, -6.375, -4.625]], 'float32'),
    ('ops.cross(np.transpose(X), np.transpose(X[::-1]), axis=0)', [[0.625, -0.625], [6.375, -6.375], [4.625, -4.625]], 'float32'),
    ('ops.correlate(np.array([1., 2, 3]), np.array([0., 1, .5]))', [3.5], 'float64'),
    ("ops.correlate(np.array([1., 2, 3, 4, 5], np.float32), np.array([0., 1, .5], np.float32), mode='same')", [2.0, 3.5, 5.0, 6.5, 5.0], 'float32'),
    ("ops.correlate(np.array([1., 2, 3, 4], np.float32), np.array([0., 1, .5], np.float32), mode='full')", [0.5, 2.0, 3.5, 5.0, 4.0, 0.0], 'float32'),
    ("ops.correlate(np.array([1., 2], np.float32), np.array([0., 1, .5], np.float32), mode='full')", [0.5, 2.0, 2.0, 0.0], 'float32'),
    ('ops.correlate(np.array([1, 2, 3, 4], np.int32), np.array([2, 1], np.int32))', [4.0, 7.0, 10.0], 'float32'),
    ('ops.trapezoid(X)', [-0.25, 1.375], 'float32'),
    ('ops.trapezoid(X, axis=0)', [1.75, -0.625, 0.625], 'float32'),
    ('ops.trapezoid(X, dx=0.5)', [-0.125, 0.6875], 'float32'),
    ('ops.trapezoid(X, x=V)', [-0.39999998, 0.9625], 'float32'),
    ('ops.trapezoid(I)', [0.0, -1.0], 'float32'),
    ('ops.corrcoef(X)', [[1.0, -0.17718533], [-0.17718533, 1.0]], 'float32'),
    ('ops.corrcoef(T[0])', [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], 'float32'),
    ('ops.corrcoef(I)', [[0.99999994, -0.50000006], [-0.50000006, 1.0]], 'float32'),
    ('ops.cdist(X, X[::-1])', [[4.107919, 0.0], [0.0, 4.107919]], 'float32'),
    ('ops.cdist(T, T[:, :2])', [[[0.0, 0.8], [0.8, 0.0], [1.6, 0.8]], [[0.0, 0.8], [0.8, 0.0], [1.6, 0.79999995]]], 'float32'),
    ('ops.searchsorted(np.array([1., 2, 3]), np.array([2.5, 0., 2.]))', [2, 0, 1], 'int32'),
    ('ops.digitize(X, [0., 1.])', [[1, 0, 2], [2, 1, 0]], 'int32'),
    ('ops.digitize(I, np.array([-2, 0, 3]))', [[2, 1, 3], [3, 2, 0]], 'int32'),
    ('ops.isin(I, [1, 4])', [[True, False, False], [True, False, False]], 'bool'),
    ('ops.isin(X, V, invert=True)', [[True, True, True], [True, True, True]], 'bool'),
    ('ops.nonzero(I)', ([0, 0, 0, 1, 1], [0, 1, 2, 0, 2],), ('int32', 'int32',)),
    ('ops.nonzero(B)', ([0, 0, 1], [0, 2, 2],), ('int32', 'int32',)),
    ('ops.unravel_index(np.array([3, 5]), (2, 3))', ([1, 1], [0, 2],), ('int64', 'int64',)),
    ('ops.unravel_index(np.array([3, 5, 7], np.int32), (2, 2, 2))', ([0, 1, 1], [1, 0, 1], [1, 1, 1],), ('int32', 'int32', 'int32',)),
    ('ops.bincount(np.array([0, 2, 2]))', [1, 0, 2], 'int32'),
    ('ops.bincount(np.array([0, 2, 2], np.int32), minlength=5)', [1, 0, 2, 0, 0], 'int32'),
    ('ops.bincount(np.array([0, 2, 2], np.int32), weights=V)', [0.2, 0.0, 0.8], 'float32'),
    ('ops.bincount(np.array([[0, 1, 1], [2, 2, 2]], np.int32))', [[1, 2, 0], [0, 0, 3]], 'int32'),
    ('ops.bincount(np.array([1, 1], np.int32), weights=np.array([2, 3], np.int32))', [0, 5], 'int32'),
    ('ops.histogram(V)', ([1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0], [0.1, 0.16, 0.22, 0.27999997, 0.33999997, 0.39999998, 0.45999995, 0.52, 0.58, 0.64, 0.7],), ('float32', 'float32',)),
    ('ops.histogram(np.array([0.1, 0.5, 0.5, 0.9, 2.0], np.float32), bins=4, range=(0, 1))', ([1.0, 0.0, 2.0, 1.0], [0.0, 0.25, 0.5, 0.75, 1.0],), ('float32', 'float32',)),
    ('ops.histogram(np.array([1, 2, 2, 5], np.int32), bins=2)', ([3, 1], [1, 3, 5],), ('int32', 'int32',)),
    ('ops.unique(I)', [-6, -2, 0, 1, 3, 4], 'int32'),
    ('ops.unique(np.array([3, 1, 3, 2, 1], np.int32), sorted=False)', [3, 1, 2], 'int32'),
    ('ops.unique(np.array([3, 1, 3, 2, 1], np.int32), return_index=True, return_inverse=True, return_counts=True)', ([1, 2, 3], [1, 3, 0], [2, 0, 2, 1, 0], [2, 1, 2],), ('int32', 'int32', 'int32', 'int32',)),
    ('ops.unique(np.array([3, 1, 3, 2, 1], np.int32), sorted=False, return_index=True, return_inverse=True, return_counts=True)', ([3, 1, 2], [0, 1, 3], [0, 1, 0, 2, 1], [2, 2, 1],), ('int32', 'int32', 'int32', 'int32',)),
    ('ops.unique(np.array([3, 1, 3, 2, 1], np.int32), size=5, fill_value=-1)', [1, 2, 3, -1, -1], 'int32'),
    ('ops.unique(np.array([3, 1, 3, 2, 1], np.int32), size=2, return_counts=True)', ([1, 2], [2, 1],), ('int32', 'int32',)),
    ('ops.unique(np.array([[1, 2], [0, 5], [1, 2]], np.int32), axis=0, return_inverse=True)', ([[0, 5], [1, 2]], [1, 0, 1],), ('int32', 'int32',)),
    ('ops.unique(X)', [-1.5, -0.75, 0.25, 0.5, 2.0, 3.0], 'float32'),
    ('ops.argpartition(np.array([3, 1, 2, 5, 4], np.int32), 1)', [1, 2, 3, 4, 0], 'int32'),
    ('ops.argpartition(np.array([3, 1, 2, 5, 4], np.int32), 3)', [1, 2, 0, 4, 3], 'int32'),
    ('ops.argpartition(np.array([7, 1, 7, 5, 1], np.int32), 2)', [1, 4, 3, 0, 2], 'int32'),
    ('ops.argpartition(np.array([3, 1, 2, 5, 4], np.int32), 9)', [1, 2, 0, 4, 3], 'int32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=1e-6)


def test_numpy_behaviour_where_keras_tensorflow_departs_from_it():
    np.testing.assert_array_equal(ops.rot90(I, k=2), np.rot90(I, 2))
    np.testing.assert_array_equal(ops.rot90(T, k=-3, axes=(2, 0)), np.rot90(T, -3, axes=(2, 0)))
    # TF 2.21 gives [-2147483648, -2147483648, 7]: Keras's upper limit, float32(2**31 - 1) = 2**31, is not
    # above int32's maximum under numpy 2's comparison, so it is not stepped down, and it overflows the cast
    np.testing.assert_array_equal(ops.saturate_cast(np.array([1e10, -1e10, 7.9], np.float32), 'int32'),
                                  [-2147483648, -2147483648, 7])
    np.testing.assert_array_equal(ops.saturate_cast(np.array([300, -5], np.int32), 'uint8'), [255, 0])
    np.testing.assert_array_equal(ops.split(X, [1], axis=1)[1], X[:, 1:])     # (array_split takes no split points)
    values = np.array([[0.3, -1.0, 2.5, 0.1], [4.0, 2.0, -3.0, 1.0]], np.float32)
    for kth in range(4):        # the kth element in its sorted place, smaller before, larger after
        order = np.asarray(ops.argpartition(values, kth))
        picked = np.take_along_axis(values, order, axis=-1)
        np.testing.assert_array_equal(np.sort(order, axis=-1), [[0, 1, 2, 3]] * 2)
        np.testing.assert_array_equal(picked[:, kth], np.sort(values, axis=-1)[:, kth])
        assert (picked[:, :kth] <= picked[:, kth:kth + 1]).all() and (picked[:, kth + 1:] >= picked[:, kth:kth + 1]).all()


# ---- gradients: the tape against central differences, in float64 ----------------------------
A = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6]])
C = np.array([0.5, 0.2, 0.9])
D = np.arange(24.0).reshape(2, 3, 4) / 7 - 1
GRADIENT_CASES = {
    'append_splits_stacks': (lambda a, c: ops.reshape(ops.append(a, c)[1:7], (2, 3))
                             * ops.concatenate(ops.array_split(a, 2, axis=1)[::-1], 1)
                             + ops.dstack([a, a])[:, :, 1] + ops.hsplit(a, 3)[2], [A, C]),
    'flips_rot90_roll': (lambda a: ops.fliplr(a) * ops.flipud(a) + ops.rot90(ops.rot90(a), 3) * 2
                         + ops.roll(a, 2) + ops.roll(a, -1, axis=1), [A]),
    'diagonal_trace_diagflat': (lambda d, c: ops.diagonal(d, 1, 1, 2) * ops.trace(d, axis1=1, axis2=2)[:, None]
                                + ops.diagflat(c, k=1)[:2, 1:4], [D, C]),
    'diff_select_get_item': (lambda a: ops.diff(a, n=2) + ops.select([a > 0.5, a < 0], [a * a, a * 3], a)[:, :1]
                             + ops.get_item(a, (slice(None), 0))[:, None], [A]),
    'vander_logspace': (lambda c: ops.vander(c, 3, increasing=True) * ops.cast(ops.logspace(0, 1, 3), 'float64'), [C]),
    'vdot_inner_kron': (lambda a, c: ops.vdot(a, a) * ops.inner(a, c) + ops.sum(ops.kron(a, c[:2]), axis=1), [A, C]),
    'cross_correlate': (lambda a, c: ops.cross(a, c) + ops.correlate(c, a[0] + a[1], mode='same'), [A, C]),
    'trapezoid_corrcoef_cdist': (lambda a, c: ops.trapezoid(a, x=c * 3) + ops.corrcoef(a)[0, 1]
                                 + ops.cdist(a, a[::-1] + 0.5)[0], [A, C]),
    'unique_values': (lambda c: ops.unique(ops.concatenate([c, c[:1]]), sorted=False) * 2, [C]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


# ---- bad input: the error names the op and says what is wrong ----------------------------------
@pytest.mark.parametrize('call, message', [
    (lambda: ops.array_split(X, 0), 'keras.ops.array_split: the number of sections must be >= 1'),
    # (vsplit of a vector splits it, as Keras 3 on TF: tests/test_kerasops12_splits.py)
    (lambda: ops.rot90(X, axes=(1, 1)), 'Invalid axes: \\(1, 1\\). Axes must be a tuple of two different'),  # TF 2.21's
    # (rot90(X, axes=(0, 2)): TF's Transpose InvalidArgumentError, tests/test_kerasops12_flips.py)
    (lambda: ops.diagonal(V), 'axis 1 is out of bounds for an array with dimension 1.'),     # TF 2.21's words
    (lambda: ops.diff(X, n=-1), 'keras.ops.diff: n must be >= 0'),
    (lambda: ops.select([B], [X, X]), 'keras.ops.select: condlist and choicelist must be'),
    # (ops.geomspace(0, 10, 3) is [0, nan, 0] in Keras 3 on TF, no error: tests/test_kdocA_linspace.py)
    (lambda: ops.vander(X), 'Input tensor must be 1-dimensional. Received: input.shape=\\(2, 3\\)'),  # TF 2.21's text
    (lambda: ops.saturate_cast(X, 'string'), 'keras.ops.saturate_cast'),
    # (TF 2.21's tensordot errors, /work/notes/progs/kerasops13/p2.py; tests/test_kerasops13_products.py)
    (lambda: ops.vdot(X, V), 'Matrix size-incompatible: In\\[0\\]: \\[1,6\\], In\\[1\\]: \\[3,1\\]'),
    (lambda: ops.inner(X, X.T), 'Matrix size-incompatible: In\\[0\\]: \\[2,3\\], In\\[1\\]: \\[2,3\\]'),
    # (ops.cross of 4-vectors: TF's FailedPreconditionError, tests/test_kdocA_cross.py; one component broadcasts)
    (lambda: ops.correlate(X, V), 'Input to reshape is a tensor with 6 values, but the requested shape has 2'),
    (lambda: ops.correlate(V, V, mode='causal'), "Invalid mode: 'causal'. Mode must be one of: 'full', 'same', "),
    (lambda: ops.cdist(X, T), 'keras.ops.cdist: x and y must be'),
    (lambda: ops.searchsorted(X, V), '`searchsorted` only supports 1-D sorted sequences.'),     # TF 2.21's words
    (lambda: ops.searchsorted(V, V, side='middle'), "Argument `side` must be either 'right' or 'left'."),
    (lambda: ops.digitize(V, X), 'keras.ops.digitize: bins must be 1-D'),
    # (unravel_index checks no bounds and takes float indices, as Keras 3 on TF: tests/test_kerasops12_unravel_index.py)
    (lambda: ops.bincount(np.array([-1, 2])), 'keras.ops.bincount: x must be non-negative'),
    # (a float x is cast to int32 as Keras 3 on TF casts it: tests/test_kerasops2_bincount_inputs.py)
    (lambda: ops.bincount(np.zeros((1, 1, 1), np.int32)), 'keras.ops.bincount: x must be 1-D or 2-D'),
    (lambda: ops.bincount(np.array([0, 1]), weights=V), 'keras.ops.bincount: weights must have the shape of x'),
    (lambda: ops.bincount(np.array([0, 1]), sparse=True), 'keras.ops.bincount: sparse=True is not supported'),
    (lambda: ops.histogram(X), 'keras.ops.histogram: x must be 1-D'),
    (lambda: ops.argpartition(np.float32(1.0), 0), 'keras.ops.argpartition: x must have rank >= 1'),
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
