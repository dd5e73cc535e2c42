"""Forward values, dtypes and shapes of the ops against TensorFlow 2.21 semantics.

Every expected literal below was printed by TensorFlow 2.21 (CPU) for the same
expression (``np.asarray(result).tolist()``, float32 values at full precision);
the dtype rules are TensorFlow's conversion rules.
"""
import math

import numpy as np
import pytest

import framework as tf
from framework.backend import is_device_array


def _check(result, expected, dtype, shape=None, rtol=2e-6, atol=1e-7):
    assert result.dtype == tf.as_dtype(dtype), (result.dtype, dtype)
    if shape is not None:
        assert tuple(result.shape) == tuple(shape)
    np.testing.assert_allclose(np.asarray(result, dtype=np.float64) if result._data.dtype.kind in 'fiu'
                               else np.asarray(result), expected, rtol=rtol, atol=atol)


# ---- conversion dtypes -----------------------------------------------------------------
@pytest.mark.parametrize('value,dtype', [
    (1.5, 'float32'),                          # Python float -> float32
    (3, 'int32'),                              # Python int -> int32
    (True, 'bool'),
    ([1.0, 2], 'float32'),                     # a float in a list makes it float
    (2 ** 31, 'int64'),                        # does not fit int32 -> int64
    ([1, 2 ** 40], 'int64'),
    (np.array([1.0, 2.0]), 'float64'),         # numpy keeps its dtype
    (np.float64(1.0), 'float64'),
    (np.array([1, 2], np.int64), 'int64'),
    (np.array([1.0], np.float16), 'float16'),
], ids=['float', 'int', 'bool', 'mixed_list', 'big_int', 'big_int_list', 'np_float64', 'np_float64_scalar',
        'np_int64', 'np_float16'])
def test_constant_dtype_rules(value, dtype, backend):
    t = tf.constant(value)
    assert t.dtype == tf.as_dtype(dtype)
    assert backend.holds(t)


@pytest.mark.parametrize('expr,expected,dtype', [
    (lambda: tf.constant(1) / tf.constant(2), 0.5, 'float64'),          # int / int -> float64
    (lambda: tf.constant([7, 8]) / 2, [3.5, 4.0], 'float64'),
    (lambda: tf.constant(1.5) * 2, 3.0, 'float32'),                      # Python number keeps float32
    (lambda: 2 * tf.constant(1.5), 3.0, 'float32'),
    (lambda: tf.constant(np.array([1.0, 2.0])) * 2.5, [2.5, 5.0], 'float64'),
    (lambda: tf.constant([7, -7]) // 2, [3, -4], 'int32'),               # floor division
    (lambda: tf.constant([7, -7]) % 3, [1, 2], 'int32'),                 # floor modulo
    (lambda: tf.constant([7.5, -7.5]) % 2.0, [1.5, 0.5], 'float32'),
    (lambda: tf.constant(2) ** 3, 8, 'int32'),
    (lambda: tf.constant([1.0, 4.0]) ** 0.5, [1.0, 2.0], 'float32'),
    (lambda: 2 ** tf.constant([1.0, 2.0]), [2.0, 4.0], 'float32'),
], ids=['int_div_int', 'int_div_python', 'f32_times_int', 'int_times_f32', 'f64_times_float', 'floordiv',
        'floormod_int', 'floormod_float', 'int_pow', 'sqrt_pow', 'python_base_pow'])
def test_arithmetic_result_dtypes(expr, expected, dtype, backend):
    _check(expr(), expected, dtype)


def test_argmax_defaults_to_axis_0_and_int64(backend):
    x = tf.constant([[1, 5], [3, 2]])
    _check(tf.argmax(x), [1, 0], 'int64', (2,))
    _check(tf.argmax(x, axis=1), [1, 0], 'int64', (2,))
    _check(tf.argmin(x), [0, 1], 'int64', (2,))
    _check(tf.argmax(x, output_type=tf.int32), [1, 0], 'int32')


def test_one_hot(backend):
    # out-of-range (-1, 5) indices give all-zero rows
    _check(tf.one_hot([0, 2, -1, 5], 3), [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]], 'float32', (4, 3))
    _check(tf.one_hot([0, 2], 3, dtype=tf.int32), [[1, 0, 0], [0, 0, 1]], 'int32')
    _check(tf.one_hot([0, 2], 3, axis=0), [[1, 0], [0, 0], [0, 1]], 'float32', (3, 2))
    _check(tf.one_hot([1], 3, on_value=5.0, off_value=-1.0), [[-1, 5, -1]], 'float32')


def test_range_dtypes(backend):
    _check(tf.range(5), [0, 1, 2, 3, 4], 'int32')
    _check(tf.range(0.0, 2.0, 0.5), [0.0, 0.5, 1.0, 1.5], 'float32')
    _check(tf.range(3, dtype=tf.float64), [0.0, 1.0, 2.0], 'float64')
    _check(tf.range(0, 2.5), [0.0, 1.0, 2.0], 'float32')
    _check(tf.range(5, 0, -2), [5, 3, 1], 'int32')


def test_reduce_mean_on_ints_truncates_toward_zero(backend):
    _check(tf.reduce_mean(tf.constant([1, 2])), 1, 'int32', ())
    _check(tf.reduce_mean(tf.constant([-1, -2])), -1, 'int32')
    _check(tf.reduce_mean(tf.constant([-3, 0])), -1, 'int32')
    _check(tf.reduce_mean(tf.constant([[1, 2], [4, 7]]), axis=0), [2, 4], 'int32')


def test_softplus_and_sigmoid_are_stable_far_out(backend):
    _check(tf.nn.softplus(tf.constant([100.0, 0.0, 2.5, -3.0])),
           [100.0, 0.6931471824645996, 2.578889846801758, 0.04858735203742981], 'float32')
    _check(tf.sigmoid(tf.constant([100.0, 0.0, 2.5, -3.0])),
           [1.0, 0.5, 0.9241418242454529, 0.04742587357759476], 'float32')
    # TensorFlow flushes the float32 subnormal exp(-100) = 3.7e-44 to 0; either is fine, inf/nan is not.
    for op in (tf.nn.softplus, tf.sigmoid):
        tiny = float(op(tf.constant(-100.0)))
        assert 0.0 <= tiny < 1e-40
    x = tf.constant([100.0, -100.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        soft, sig = tf.nn.softplus(x), tf.sigmoid(x)
    _check(tape.gradient(soft, x), [1.0, 0.0], 'float32', atol=1e-30)
    _check(tape.gradient(sig, x), [0.0, 0.0], 'float32', atol=1e-30)


def test_logsumexp_with_infinities_and_large_values(backend):
    _check(tf.reduce_logsumexp(tf.constant([1.0, np.inf])), np.inf, 'float32')
    _check(tf.reduce_logsumexp(tf.constant([-np.inf, -np.inf])), -np.inf, 'float32')
    _check(tf.reduce_logsumexp(tf.constant([1000.0, 1000.0])), 1000.6931762695312, 'float32')
    _check(tf.reduce_logsumexp(tf.constant([[1.0, 2.0], [3.0, 4.0]]), axis=1, keepdims=True),
           [[2.3132617473602295], [4.31326150894165]], 'float32', (2, 1))


# ---- gradients at the points where the rule is a convention -----------------------------
def _grads(f, *values):
    xs = [tf.constant(v) for v in values]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = f(*xs)
    return [g.numpy().tolist() for g in tape.gradient(y, xs)]


@pytest.mark.parametrize('f,values,expected', [
    (tf.maximum, ([1.0, 2.0], [1.0, 1.0]), [[1.0, 1.0], [0.0, 0.0]]),   # a tie sends the gradient to x
    (tf.minimum, ([1.0, 2.0], [1.0, 1.0]), [[1.0, 0.0], [0.0, 1.0]]),
    (tf.nn.relu, ([0.0, 1.0, -1.0],), [[0.0, 1.0, 0.0]]),                # relu'(0) = 0
    (tf.nn.relu6, ([0.0, 6.0, 3.0],), [[0.0, 0.0, 1.0]]),
    (tf.abs, ([0.0, -2.0],), [[0.0, -1.0]]),
    (tf.sqrt, ([0.0, 1.0],), [[math.inf, 0.5]]),
    (tf.nn.elu, ([0.0],), [[1.0]]),
    (tf.nn.leaky_relu, ([0.0],), [[0.20000000298023224]]),
    (lambda x: tf.clip_by_value(x, 0.0, 1.0), ([0.0, 1.0, 0.5, 2.0],), [[1.0, 1.0, 1.0, 0.0]]),
    (tf.reduce_max, ([1.0, 3.0, 3.0],), [[0.0, 0.5, 0.5]]),              # ties share the gradient
    (tf.reduce_prod, ([2.0, 0.0, 3.0],), [[0.0, 6.0, 0.0]]),
    (tf.reduce_prod, ([2.0, 0.0, 0.0],), [[0.0, 0.0, 0.0]]),
    (tf.pow, ([0.0, 2.0], [2.0, 3.0]), [[0.0, 12.0], [0.0, 5.545177459716797]]),
    (lambda x: tf.math.cumprod(x), ([2.0, 0.0, 3.0, 4.0],), [[1.0, 0.0, 0.0, 0.0]]),  # TF's div_no_nan rule
], ids=['maximum_tie', 'minimum_tie', 'relu_at_0', 'relu6_edges', 'abs_at_0', 'sqrt_at_0', 'elu_at_0',
        'leaky_relu_at_0', 'clip_edges', 'reduce_max_tie', 'reduce_prod_one_zero', 'reduce_prod_two_zeros',
        'pow_at_0', 'cumprod_zero'])
def test_gradient_conventions(f, values, expected, backend):
    for got, want in zip(_grads(f, *values), expected):
        np.testing.assert_allclose(got, want, rtol=1e-6)


# ---- forward values ------------------------------------------------------------------
VALUES = [
    ('elu', lambda: tf.nn.elu(tf.constant([-1.0, 3.0])), [-0.6321205496788025, 3.0]),
    ('selu', lambda: tf.nn.selu(tf.constant([-1.0, 3.0])), [-1.1113307476043701, 3.1521029472351074]),
    ('leaky_relu', lambda: tf.nn.leaky_relu(tf.constant([-1.0, 3.0])), [-0.20000000298023224, 3.0]),
    ('gelu', lambda: tf.nn.gelu(tf.constant([-1.0, 0.5, 3.0])),
     [-0.15865525603294373, 0.3457312285900116, 2.995950222015381]),
    ('gelu_approximate', lambda: tf.nn.gelu(tf.constant([-1.0, 0.5, 3.0]), approximate=True),
     [-0.15880799293518066, 0.3457140028476715, 2.9963626861572266]),
    ('swish', lambda: tf.nn.swish(tf.constant([-1.0, 0.5, 3.0])),
     [-0.2689414322376251, 0.3112296760082245, 2.857722282409668]),
    ('softsign', lambda: tf.nn.softsign(tf.constant([-1.0, 0.5, 3.0])), [-0.5, 0.3333333432674408, 0.75]),
    ('hard_sigmoid', lambda: tf.hard_sigmoid(tf.constant([-4.0, -1.0, 0.5, 3.0])),
     [0.0, 0.3333333432674408, 0.5833333134651184, 1.0]),
    ('relu6', lambda: tf.nn.relu6(tf.constant([-1.0, 3.0, 8.0])), [0.0, 3.0, 6.0]),
    ('softmax', lambda: tf.nn.softmax(tf.constant([1.0, 2.0, 3.0])),
     [0.09003056585788727, 0.2447284758090973, 0.6652408838272095]),
    ('log_softmax', lambda: tf.nn.log_softmax(tf.constant([1.0, 2.0, 3.0])),
     [-2.4076058864593506, -1.4076058864593506, -0.40760594606399536]),
    ('softmax_cross_entropy', lambda: tf.nn.softmax_cross_entropy_with_logits(
        labels=[[0.0, 1.0, 0.0], [0.5, 0.25, 0.25]], logits=[[1.0, 2.0, 3.0], [0.0, 0.0, 1.0]]),
     [1.4076058864593506, 1.30144464969635]),
    ('sparse_softmax_cross_entropy', lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=[1, 2], logits=[[1.0, 2.0, 3.0], [0.0, 0.0, 1.0]]), [1.4076058864593506, 0.5514447093009949]),
    ('sigmoid_cross_entropy', lambda: tf.nn.sigmoid_cross_entropy_with_logits(
        labels=[0.0, 1.0, 1.0], logits=[1.0, -2.0, 30.0]),
     [1.3132617473602295, 2.1269280910491943, 9.357622912219837e-14]),
    ('l2_loss', lambda: tf.nn.l2_loss(tf.constant([1.0, 2.0])), 2.5),
    ('moments_variance', lambda: tf.nn.moments(tf.constant([[1.0, 2.0], [3.0, 6.0]]), axes=[0])[1], [1.0, 4.0]),
    ('erf', lambda: tf.math.erf(tf.constant([0.5, -1.0])), [0.5204998850822449, -0.8427008390426636]),
    ('expm1', lambda: tf.math.expm1(tf.constant([1e-5, 1.0])), [1.0000049769587349e-05, 1.7182817459106445]),
    ('log1p', lambda: tf.math.log1p(tf.constant([1e-5, 1.0])), [9.999949725170154e-06, 0.6931471824645996]),
    ('rsqrt', lambda: tf.math.rsqrt(tf.constant([4.0, 0.25])), [0.5, 2.0]),
    ('atan', lambda: tf.math.atan(tf.constant([1.0, -0.5])), [0.7853981852531433, -0.46364760398864746]),
    ('sinh', lambda: tf.math.sinh(tf.constant([1.0, -0.5])), [1.175201177597046, -0.5210952758789062]),
    ('cosh', lambda: tf.math.cosh(tf.constant([1.0, -0.5])), [1.5430805683135986, 1.1276259422302246]),
    ('asin', lambda: tf.math.asin(tf.constant([0.5, -0.2])), [0.5235987901687622, -0.20135793089866638]),
    ('acos', lambda: tf.math.acos(tf.constant([0.5, -0.2])), [1.0471975803375244, 1.7721542119979858]),
    ('asinh', lambda: tf.math.asinh(tf.constant([0.5, -2.0])), [0.4812118411064148, -1.4436354637145996]),
    ('acosh', lambda: tf.math.acosh(tf.constant([1.5, 3.0])), [0.9624236822128296, 1.7627471685409546]),
    ('atanh', lambda: tf.math.atanh(tf.constant([0.5, -0.2])), [0.5493061542510986, -0.20273254811763763]),
    ('reduce_std', lambda: tf.math.reduce_std(tf.constant([1.0, 2.0, 4.0])), 1.247219204902649),
    ('reduce_variance', lambda: tf.math.reduce_variance(tf.constant([[1.0, 2.0], [4.0, 8.0]]), axis=0), [2.25, 9.0]),
    ('norm', lambda: tf.norm(tf.constant([[3.0, 4.0], [1.0, 1.0]])), 5.196152210235596),
    ('norm_axis1', lambda: tf.norm(tf.constant([[3.0, 4.0], [1.0, 1.0]]), axis=1), [5.0, 1.4142135381698608]),
    ('norm_ord1_all', lambda: tf.norm(tf.constant([[3.0, -4.0], [1.0, 1.0]]), ord=1), 9.0),
    ('norm_matrix_1', lambda: tf.norm(tf.constant([[3.0, -4.0], [1.0, 1.0]]), ord=1, axis=[0, 1]), 5.0),
    ('norm_matrix_inf', lambda: tf.norm(tf.constant([[3.0, -4.0], [1.0, 1.0]]), ord=np.inf, axis=[-2, -1]), 7.0),
    ('norm_p3', lambda: tf.norm(tf.constant([3.0, -4.0]), ord=3), 4.497941493988037),
    ('l2_normalize', lambda: tf.math.l2_normalize(tf.constant([[3.0, 4.0], [1.0, 1.0]]), axis=1),
     [[0.6000000238418579, 0.800000011920929], [0.7071067690849304, 0.7071067690849304]]),
    ('l2_normalize_zero_row', lambda: tf.math.l2_normalize(tf.constant([[3.0, 4.0], [0.0, 0.0]]), axis=1),
     [[0.6000000238418579, 0.800000011920929], [0.0, 0.0]]),
    ('reduce_euclidean_norm', lambda: tf.math.reduce_euclidean_norm(tf.constant([[3.0, 4.0], [1.0, 1.0]]), axis=1),
     [5.0, 1.4142135381698608]),
    ('clip_by_norm', lambda: tf.clip_by_norm(tf.constant([[3.0, 4.0], [0.3, 0.4]]), 1.0, axes=[1]),
     [[0.6000000238418579, 0.800000011920929], [0.30000001192092896, 0.4000000059604645]]),
    ('clip_by_norm_zero', lambda: tf.clip_by_norm(tf.constant([0.0, 0.0]), 1.0), [0.0, 0.0]),
    ('global_norm', lambda: tf.linalg.global_norm([tf.constant([3.0, 4.0]), tf.constant([12.0])]), 13.0),
    ('squared_difference', lambda: tf.math.squared_difference(tf.constant([1.0, 2.0]), 4.0), [9.0, 4.0]),
    ('divide_no_nan', lambda: tf.math.divide_no_nan(tf.constant([1.0, 2.0]), tf.constant([0.0, 4.0])), [0.0, 0.5]),
    ('round_half_even', lambda: tf.round(tf.constant([0.5, 1.5, 2.5, -0.5])), [0.0, 2.0, 2.0, -0.0]),
    ('sign', lambda: tf.sign(tf.constant([-2.0, 0.0, 3.0])), [-1.0, 0.0, 1.0]),
    ('cumsum_exclusive_reverse', lambda: tf.cumsum(tf.constant([1.0, 2.0, 3.0]), exclusive=True, reverse=True),
     [5.0, 3.0, 0.0]),
    ('cumprod_exclusive', lambda: tf.math.cumprod(tf.constant([2.0, 0.0, 3.0, 4.0]), exclusive=True),
     [1.0, 2.0, 0.0, 0.0]),
    ('cumprod_reverse', lambda: tf.math.cumprod(tf.constant([2.0, 0.0, 3.0, 4.0]), reverse=True),
     [0.0, 0.0, 12.0, 4.0]),
    ('reduce_prod_axis1', lambda: tf.reduce_prod(tf.constant([[1.0, 2.0], [3.0, 0.0]]), axis=1), [2.0, 0.0]),
    ('einsum_implicit', lambda: tf.einsum('ij,jk', tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                                          tf.constant([[1.0, 2.0], [3.0, 4.0]])), [[7.0, 10.0], [15.0, 22.0]]),
    ('einsum_trace', lambda: tf.einsum('ii', tf.constant([[1.0, 2.0], [3.0, 4.0]])), 5.0),
    ('einsum_diagonal', lambda: tf.einsum('ii->i', tf.constant([[1.0, 2.0], [3.0, 4.0]])), [1.0, 4.0]),
    ('einsum_transpose', lambda: tf.einsum('ji', tf.constant([[1.0, 2.0], [3.0, 4.0]])), [[1.0, 3.0], [2.0, 4.0]]),
]


@pytest.mark.parametrize('name,expr,expected', VALUES, ids=[v[0] for v in VALUES])
def test_float_values_match_tensorflow(name, expr, expected, backend):
    result = expr()
    assert backend.holds(result)
    _check(result, expected, 'float32', np.shape(expected))


INT_VALUES = [
    ('clip_by_value', lambda: tf.clip_by_value(tf.constant([1, 5, 9]), 2, 7), [2, 5, 7], 'int32'),
    ('cumsum', lambda: tf.cumsum(tf.constant([1, 2, 3])), [1, 3, 6], 'int32'),
    ('cumprod_axis1', lambda: tf.math.cumprod(tf.constant([[1, 2], [3, 4]]), axis=1), [[1, 2], [3, 12]], 'int32'),
    ('reduce_sum', lambda: tf.reduce_sum(tf.constant([[1, 2], [3, 4]]), axis=0), [4, 6], 'int32'),
    ('reduce_max', lambda: tf.reduce_max(tf.constant([1, 5, 3])), 5, 'int32'),
    ('reduce_euclidean_norm_int', lambda: tf.math.reduce_euclidean_norm(tf.constant([[3, 4], [1, 1]])), 5, 'int32'),
    ('square', lambda: tf.square(tf.constant([-3, 4])), [9, 16], 'int32'),
    ('abs', lambda: tf.abs(tf.constant([-3, 4])), [3, 4], 'int32'),
    ('cast_truncates', lambda: tf.cast(tf.constant([1.7, -1.7]), tf.int32), [1, -1], 'int32'),
    ('cast_to_bool', lambda: tf.cast(tf.constant([1.7, 0.0]), tf.bool), [True, False], 'bool'),
    ('where_coordinates', lambda: tf.where(tf.constant([[True, False], [False, True]])), [[0, 0], [1, 1]], 'int64'),
    ('equal', lambda: tf.equal(tf.constant([1, 2]), tf.constant([1, 3])), [True, False], 'bool'),
    ('less_broadcast', lambda: tf.less(tf.constant([[1], [4]]), tf.constant([2, 3])), [[True, True], [False, False]],
     'bool'),
    ('logical_and', lambda: tf.logical_and(tf.constant([True, False]), tf.constant([True, True])), [True, False],
     'bool'),
    ('reduce_any', lambda: tf.reduce_any(tf.constant([[True, False], [False, False]]), axis=1), [True, False], 'bool'),
    ('shape', lambda: tf.shape(tf.ones((2, 3))), [2, 3], 'int32'),
    ('size', lambda: tf.size(tf.ones((2, 3))), 6, 'int32'),
    ('rank', lambda: tf.rank(tf.ones((2, 3))), 2, 'int32'),
    ('fill', lambda: tf.fill([2], 3), [3, 3], 'int32'),
    ('zeros_int', lambda: tf.zeros((2,), tf.int32), [0, 0], 'int32'),
    ('ones_like_int', lambda: tf.ones_like(tf.constant([1, 2])), [1, 1], 'int32'),
    ('argsort', lambda: tf.argsort(tf.constant([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, -1.0, 5.0]])),
     [[1, 3, 2, 0], [2, 0, 1, 3]], 'int32'),
    ('argsort_descending_ties_in_order', lambda: tf.argsort(tf.constant([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, -1.0, 5.0]]),
                                                              direction='DESCENDING'), [[0, 2, 1, 3], [1, 3, 0, 2]],
     'int32'),
    ('top_k_indices', lambda: tf.math.top_k(tf.constant([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, -1.0, 5.0]]), 2).indices,
     [[0, 2], [1, 3]], 'int32'),
    ('top_k_int_values', lambda: tf.math.top_k(tf.constant([1, 3, 2]), 2).values, [3, 2], 'int32'),
    ('tile', lambda: tf.tile(tf.constant([[1, 2]]), [2, 2]), [[1, 2, 1, 2], [1, 2, 1, 2]], 'int32'),
    ('pad', lambda: tf.pad(tf.constant([[1, 2]]), [[1, 0], [0, 1]]), [[0, 0, 0], [1, 2, 0]], 'int32'),
    ('pad_reflect', lambda: tf.pad(tf.constant([[1, 2, 3]]), [[0, 0], [2, 1]], mode='REFLECT'),
     [[3, 2, 1, 2, 3, 2]], 'int32'),
    ('pad_symmetric', lambda: tf.pad(tf.constant([[1, 2, 3]]), [[1, 0], [2, 1]], mode='SYMMETRIC'),
     [[2, 1, 1, 2, 3, 3], [2, 1, 1, 2, 3, 3]], 'int32'),
    ('reverse', lambda: tf.reverse(tf.constant([[1, 2], [3, 4]]), [1]), [[2, 1], [4, 3]], 'int32'),
    ('gather_duplicates', lambda: tf.gather(tf.constant([[1, 2], [3, 4]]), [1, 1, 0]), [[3, 4], [3, 4], [1, 2]],
     'int32'),
    ('gather_axis1', lambda: tf.gather(tf.constant([[1, 2], [3, 4]]), [1], axis=1), [[2], [4]], 'int32'),
    ('gather_nd', lambda: tf.gather_nd(tf.constant([[1, 2], [3, 4]]), [[0, 1], [1, 0]]), [2, 3], 'int32'),
    ('gather_nd_rows', lambda: tf.gather_nd(tf.constant([[1, 2], [3, 4]]), [[1]]), [[3, 4]], 'int32'),
    ('boolean_mask', lambda: tf.boolean_mask(tf.constant([[1, 2], [3, 4]]), [False, True]), [[3, 4]], 'int32'),
    ('boolean_mask_2d', lambda: tf.boolean_mask(tf.constant([[1, 2], [3, 4]]), [[True, False], [True, True]]),
     [1, 3, 4], 'int32'),
    ('boolean_mask_axis1', lambda: tf.boolean_mask(tf.constant([[1, 2, 3]]), [True, False, True], axis=1),
     [[1, 3]], 'int32'),
    ('stack_axis1', lambda: tf.stack([tf.constant([1, 2]), tf.constant([3, 4])], axis=1), [[1, 3], [2, 4]], 'int32'),
    ('concat_neg_axis', lambda: tf.concat([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=-1), [[1, 2, 3, 4]],
     'int32'),
    ('broadcast_to', lambda: tf.broadcast_to(tf.constant([1, 2]), [2, 2]), [[1, 2], [1, 2]], 'int32'),
    ('sort_axis0', lambda: tf.sort(tf.constant([[3, 1], [0, 5]]), axis=0), [[0, 1], [3, 5]], 'int32'),
]


@pytest.mark.parametrize('name,expr,expected,dtype', INT_VALUES, ids=[v[0] for v in INT_VALUES])
def test_integer_and_bool_values_match_tensorflow(name, expr, expected, dtype, backend):
    result = expr()
    # Shape, Size and Rank answer in host memory, as TF's kernels do (HostMemory outputs): their
    # values feed Python and other shapes, which a device copy would only have to bring back
    assert backend.holds(result) or (name in ('shape', 'size', 'rank') and not is_device_array(result._data))
    _check(result, expected, dtype, np.shape(expected), rtol=0, atol=0)


def test_shape_ops(backend):
    assert tf.squeeze(tf.ones((1, 2, 1))).shape == (2,)
    assert tf.expand_dims(tf.ones((2,)), -1).shape == (2, 1)
    assert tf.transpose(tf.ones((2, 3, 4))).shape == (4, 3, 2)
    assert [tuple(t.shape) for t in tf.split(tf.ones((4, 6)), [1, -1, 2], axis=1)] == [(4, 1), (4, 3), (4, 2)]
    assert [tuple(t.shape) for t in tf.unstack(tf.ones((2, 3)), axis=1)] == [(2,), (2,), (2,)]
    assert tf.reshape(tf.range(6), [-1, 2]).shape == (3, 2)
    assert tf.reduce_sum(tf.ones((2, 3)), axis=[0, 1], keepdims=True).shape == (1, 1)
    assert tf.tensordot(tf.ones((2,)), tf.ones((3,)), 0).shape == (2, 3)


def test_meshgrid_xy_and_ij(backend):
    x, y = tf.meshgrid([1, 2, 3], [4, 5])
    _check(x, [[1, 2, 3], [1, 2, 3]], 'int32', (2, 3))
    _check(y, [[4, 4, 4], [5, 5, 5]], 'int32', (2, 3))
    a, b = tf.meshgrid([1.0, 2.0], [4.0, 5.0, 6.0], indexing='ij')
    _check(a, [[1, 1, 1], [2, 2, 2]], 'float32', (2, 3))
    _check(b, [[4, 5, 6], [4, 5, 6]], 'float32', (2, 3))


def test_sort_and_top_k_values(backend):
    x = tf.constant([[3.0, 1.0, 2.0, 1.0], [0.0, 5.0, -1.0, 5.0]])
    _check(tf.sort(x), [[1, 1, 2, 3], [-1, 0, 5, 5]], 'float32')
    _check(tf.sort(x, direction='DESCENDING'), [[3, 2, 1, 1], [5, 5, 0, -1]], 'float32')
    top = tf.math.top_k(x, 2)
    assert type(top).__name__ == 'TopKV2' and top._fields == ('values', 'indices')
    _check(top.values, [[3, 2], [5, 5]], 'float32')


def test_clip_by_global_norm_keeps_none_and_returns_the_norm(backend):
    clipped, norm = tf.clip_by_global_norm([tf.constant([3.0, 4.0]), None, tf.constant([12.0])], 6.5)
    _check(norm, 13.0, 'float32')
    assert clipped[1] is None
    _check(clipped[0], [1.5, 2.0], 'float32')
    _check(clipped[2], [6.0], 'float32')
    unchanged, norm = tf.clip_by_global_norm([tf.constant([3.0, 4.0])], 10.0)
    _check(unchanged[0], [3.0, 4.0], 'float32')
    _check(norm, 5.0, 'float32')
    poisoned, _ = tf.clip_by_global_norm([tf.constant([np.inf, 1.0])], 1.0)
    assert np.isnan(poisoned[0].numpy()).all()       # as TensorFlow: a non-finite norm poisons everything


# ---- random streams ---------------------------------------------------------------------
def test_set_seed_repeats_every_draw(backend):
    def draws():
        return [tf.random.normal([5]).numpy(), tf.random.uniform([5]).numpy(),
                tf.random.normal([5]).numpy(), tf.random.truncated_normal([5]).numpy()]
    tf.random.set_seed(7)
    first = draws()
    tf.random.set_seed(7)
    second = draws()
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a, b)
    # different ops, and the same op twice, draw different numbers
    assert not np.array_equal(first[0], first[2])
    assert not np.allclose(first[0], first[1])
    tf.random.set_seed(8)
    assert not np.array_equal(tf.random.normal([5]).numpy(), first[0])


def test_op_level_seed_repeats_after_set_seed(backend):
    tf.random.set_seed(3)
    a = tf.random.uniform([4], seed=11).numpy()
    tf.random.set_seed(3)
    b = tf.random.uniform([4], seed=11).numpy()
    np.testing.assert_array_equal(a, b)


def test_random_dtypes_shapes_and_ranges(backend):
    tf.random.set_seed(0)
    u = tf.random.uniform([200], minval=2.0, maxval=3.0)
    assert u.dtype == tf.float32 and u.shape == (200,) and backend.holds(u)
    assert 2.0 <= float(tf.reduce_min(u)) and float(tf.reduce_max(u)) < 3.0
    i = tf.random.uniform([200], minval=0, maxval=4, dtype=tf.int32)
    assert i.dtype == tf.int32 and set(np.unique(i.numpy())) <= {0, 1, 2, 3}
    n = tf.random.normal([2, 3], dtype=tf.float64)
    assert n.dtype == tf.float64 and n.shape == (2, 3)


def test_truncated_normal_stays_within_two_standard_deviations(backend):
    tf.random.set_seed(0)
    t = tf.random.truncated_normal([4000], mean=1.0, stddev=0.5).numpy()
    assert t.min() >= 0.0 and t.max() <= 2.0
    assert abs(t.mean() - 1.0) < 0.03
    # the truncated normal's standard deviation is 0.88 of the parent's
    assert 0.40 < t.std() < 0.48


# ---- results follow their inputs' device ----------------------------------------------------
def test_ops_and_gradients_follow_their_inputs_outside_a_device_scope(backend):
    """Data made on the backend's device, then used under the CPU scope: results and
    gradients stay with the data (on the GPU for cupy), whatever the current scope."""
    x = tf.constant([[3.0, -1.0, 2.0], [0.5, 4.0, -2.0], [1.0, 1.5, -0.5]])
    mask = tf.constant([[True, False, True], [False, True, True], [True, True, False]])
    with tf.device('/CPU:0'):
        with tf.GradientTape() as tape:
            tape.watch(x)
            results = [tf.clip_by_norm(x, 1.0), tf.norm(x, axis=1), tf.sort(x), tf.math.top_k(x, 2).values,
                       tf.gather(x, [1, 0, 1]), tf.gather_nd(x, [[0, 1], [2, 2]]), tf.boolean_mask(x, mask),
                       tf.gather_nd(x, [[0, 2], [1, 2]]), tf.pad(x, [[1, 1], [1, 1]], 'REFLECT'), tf.einsum('ii->i', x),
                       tf.math.cumprod(x, axis=1), tf.reduce_prod(x, axis=0), tf.math.l2_normalize(x, axis=1),
                       tf.clip_by_global_norm([x], 1.0)[0][0], tf.meshgrid(x[0], x[1])[0], tf.math.sinh(x)]
            total = tf.add_n([tf.reduce_sum(r) for r in results])
        grad = tape.gradient(total, x)
    for r in results + [total, grad]:
        assert backend.holds(r)
    assert grad.shape == (3, 3) and np.isfinite(grad.numpy()).all()


def test_reduce_mean_and_sum_of_squares_match_numpy_bit_for_bit():
    # reduce_mean computes sum / count; np.mean's own result must come out to the bit where the sum
    # takes numpy's order (float16, float32 and float64 sums over trailing axes take TensorFlow's:
    # test_tf_sum_order.py, test_tapeC_parity_float64_sums.py, test_optim5_parity_float16.py).
    rng = np.random.default_rng(5)
    for dtype in ('float16', 'float32', 'float64'):
        a = rng.standard_normal((7, 33)).astype(dtype) * 3
        np.testing.assert_array_equal(tf.reduce_mean(a, axis=0).numpy(), np.mean(a, axis=0, dtype=dtype))


def test_scaled_sum_of_squares_is_the_unfused_penalty_bit_for_bit():
    # l2 * reduce_sum(square(w)): the fused op must give the two-op result and gradient exactly.
    rng = np.random.default_rng(6)
    for dtype in ('float32', 'float64'):
        w = tf.Variable(rng.standard_normal((8, 30)).astype(dtype))
        with tf.GradientTape(persistent=True) as tape:
            fused = tf.sum_of_squares(w, 0.05)
            unfused = 0.05 * tf.reduce_sum(tf.square(w))
        np.testing.assert_array_equal(fused.numpy(), unfused.numpy())
        np.testing.assert_array_equal(tape.gradient(fused, w).numpy(), tape.gradient(unfused, w).numpy())


def test_adding_string_tensors_concatenates_them_as_tensorflow_does():
    # TF 2.21: tf.constant('a') + tf.constant('b') -> b'ab'; ['x', 'y'] + '!' -> [b'x!', b'y!']
    assert tf.constant('a') + tf.constant('b') == tf.constant('ab')
    assert ('z' + tf.constant('a')).numpy() == b'za'
    np.testing.assert_array_equal((tf.constant(['x', 'y']) + tf.constant('!')).numpy(), [b'x!', b'y!'])
    with pytest.raises(TypeError, match='add'):
        tf.constant(1.0) + tf.constant('a')
