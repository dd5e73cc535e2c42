"""float32 exp, log, tanh, erf, sigmoid ... give TensorFlow's bits (framework/ops/eigen_math.py).

The golden bits in tests/data/eigen_math.npz are TensorFlow 2.21's outputs (CPU wheel) on 403
inputs: edge values and their float neighbours (0, -0, +-inf, NaN, denormals, the kernels'
clamps and thresholds), normal, uniform and random-bit-pattern values; 403 = 50 * 8 + 3, so the
last three take TensorFlow's scalar path. tests/data/make_eigen_math_goldens.py wrote them.
"""
import os

import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math
from framework.ops.eigen_sum import kernel_row_sums

# By default the kernels compute small arrays only (they cost 25-100x numpy's functions): every
# array for these tests (the conftest fixture).
pytestmark = pytest.mark.usefixtures('exact_math')


GOLDEN = np.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'eigen_math.npz'))
X = GOLDEN['x'].view(np.float32)

OPS = {'exp': tf.exp, 'log': tf.math.log, 'log1p': tf.math.log1p, 'expm1': tf.math.expm1, 'tanh': tf.tanh,
       'sigmoid': tf.sigmoid, 'softplus': tf.nn.softplus, 'elu': tf.nn.elu, 'selu': tf.nn.selu, 'erf': tf.math.erf}


def _assert_same_bits(actual, golden_bits):
    actual = np.asarray(actual, np.float32)
    expected = golden_bits.view(np.float32).reshape(actual.shape)
    same = (actual.view(np.uint32) == golden_bits.reshape(actual.shape)) | (np.isnan(actual) & np.isnan(expected))
    bad = np.flatnonzero(~same)
    assert bad.size == 0, 'differs at %s: got %s, TensorFlow %s' % (
        bad[:5].tolist(), actual.reshape(-1)[bad[:5]].tolist(), expected.reshape(-1)[bad[:5]].tolist())


@pytest.mark.parametrize('name', sorted(OPS))
def test_op_gives_tensorflow_bits(name):
    _assert_same_bits(OPS[name](X).numpy(), GOLDEN[name])


@pytest.mark.parametrize('name', ['exp', 'log', 'log1p', 'expm1', 'tanh', 'sigmoid', 'softplus', 'erf'])
def test_kernel_keeps_the_flat_order_of_any_shape(name):
    # Eigen's packets run over the flattened tensor: reshaping changes nothing.
    kernel = getattr(eigen_math, name)
    _assert_same_bits(kernel(X[:400].reshape(20, 4, 5)).reshape(-1), GOLDEN[name][:400])


@pytest.mark.parametrize('name', ['exp', 'log', 'tanh', 'sigmoid'])
def test_kernel_on_a_numpy_scalar_gives_a_scalar(name):
    value = getattr(eigen_math, name)(np.float32(0.75))
    assert type(value) is np.float32
    assert value == pytest.approx(float(getattr(np, name, None)(0.75)) if name != 'sigmoid' else 1 / (1 + np.exp(-0.75)),
                                  rel=1e-6)


def test_float64_takes_its_own_eigen_kernels():
    # TF 2.21's float64 bits (eigen_math64: pexp_double, ptanh_double; the last 11 % 4 values C's)
    x = np.linspace(-3, 3, 11)
    np.testing.assert_array_equal(tf.exp(x).numpy(), [
        0.049787068367863944, 0.09071795328941251, 0.16529888822158653, 0.301194211912202, 0.5488116360940264,
        1.0, 1.8221188003905082, 3.320116922736548, 6.049647464412945, 11.023176380641596, 20.085536923187668])
    np.testing.assert_array_equal(tf.tanh(x).numpy(), [
        -0.9950547536867305, -0.9836748576936802, -0.9468060128462683, -0.8336546070121553, -0.5370495669980353,
        0.0, 0.5370495669980352, 0.8336546070121553, 0.9468060128462683, 0.9836748576936802, 0.9950547536867305])
    assert not eigen_math.handles(x) and eigen_math.handles(x.astype(np.float32))


def test_softmax_family_gives_tensorflow_bits():
    logits = GOLDEN['logits'].view(np.float32)
    labels = GOLDEN['labels']
    _assert_same_bits(tf.nn.log_softmax(logits).numpy(), GOLDEN['log_softmax'])
    _assert_same_bits(tf.reduce_logsumexp(logits, axis=1).numpy(), GOLDEN['reduce_logsumexp'])
    _assert_same_bits(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits).numpy(), GOLDEN['sparse_xent'])
    one_hot = np.eye(logits.shape[1], dtype=np.float32)[labels]
    _assert_same_bits(tf.nn.softmax_cross_entropy_with_logits(one_hot, logits).numpy(), GOLDEN['xent'])


def test_row_sum_adds_in_eigens_order():
    rows = GOLDEN['long_row'].view(np.float32)
    _assert_same_bits(kernel_row_sums(rows), GOLDEN['long_row_sum'])
    # Eigen's order is not numpy's pairwise order: the test would notice a plain sum.
    assert (rows.sum(axis=1).view(np.uint32) != GOLDEN['long_row_sum']).any()


def test_rows_past_eigens_leaf_size_are_summed_as_a_tree():
    rows = GOLDEN['very_long_row'].view(np.float32)
    _assert_same_bits(tf.reduce_logsumexp(rows, axis=1).numpy(), GOLDEN['very_long_logsumexp'])


def test_row_sum_of_short_rows_is_sequential():
    a = np.array([[1e8, 1.0, -1e8, 1.0, 0.5]], np.float32)
    assert kernel_row_sums(a)[0] == np.float32(((np.float32(1e8) + 1) - np.float32(1e8)) + 1 + np.float32(0.5))


@pytest.mark.parametrize('name, reference', [('exp', np.exp), ('tanh', np.tanh), ('log1p', np.log1p)])
def test_kernels_stay_within_a_few_ulps_of_float64(name, reference):
    x = np.random.default_rng(3).uniform(-20 if name != 'log1p' else -0.99, 20, 4099).astype(np.float32)
    got = getattr(eigen_math, name)(x).astype(np.float64)
    want = reference(x.astype(np.float64))
    ulp = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    assert np.max(np.abs(got - want) / ulp) < 6      # Eigen documents a few ulps


def test_gradients_still_match_central_differences():
    from framework.gradient_check import check_gradients
    x = np.random.default_rng(5).uniform(0.2, 2.0, (3, 4))
    for op in (tf.exp, tf.math.log, tf.tanh, tf.sigmoid, tf.nn.softplus, tf.math.log1p, tf.math.expm1, tf.nn.selu):
        check_gradients(op, [x])


def test_softplus_gradient_is_tensorflows():
    # TF 2.21's _SoftplusGrad (nn_grad.py) is grad * sigmoid(x), Eigen's logistic: TF's tape gradient
    # equals tf.sigmoid(x) in 4000 of 4000 draws in [-20, 20], 1 / (exp(-x) + 1) in 40% of them
    x = tf.Variable(X[np.isfinite(X) & (np.abs(X) < 50)])
    with tf.GradientTape() as tape:
        y = tf.nn.softplus(x)
    g = tape.gradient(y, x).numpy()
    np.testing.assert_array_equal(g, eigen_math.sigmoid(x.numpy()))


def test_by_default_small_arrays_are_exact_and_large_ones_numpys():
    tf.config.set_tf_exact_math('small')
    n = eigen_math.SMALL_ELEMENTWISE    # a multiple of 8: TensorFlow's goldens took the packet path there too
    with np.errstate(all='ignore'):
        _assert_same_bits(tf.exp(GOLDEN['x'].view(np.float32)[:n]).numpy(), GOLDEN['exp'][:n])
        _assert_same_bits(tf.tanh(GOLDEN['x'].view(np.float32)[:n]).numpy(), GOLDEN['tanh'][:n])
    x = np.linspace(-3, 3, n + 1, dtype=np.float32)
    np.testing.assert_array_equal(tf.exp(x).numpy(), np.exp(x))
    np.testing.assert_array_equal(tf.tanh(x).numpy(), np.tanh(x))


def test_switched_off_the_ops_use_numpys_functions():
    tf.config.set_tf_exact_math(False)
    assert tf.config.tf_exact_math() is False
    x = np.float32([0.5, 1.0, 2.0])
    np.testing.assert_array_equal(tf.exp(x).numpy(), np.exp(x))
    assert not eigen_math.handles(x)
    with pytest.raises(ValueError, match='set_tf_exact_math'):
        tf.config.set_tf_exact_math('sometimes')
