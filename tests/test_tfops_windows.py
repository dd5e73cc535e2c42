"""tf.nn.max_pool_with_argmax, dilation2d and erosion2d: values, argmax indices and gradients pinned to
TF 2.21 (/work/notes/progs/tfops/d1.py and d2.py run with /opt/tfref; inputs full of ties, so the
first-maximum rule is checked too), gradients checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = ((np.arange(2 * 4 * 5 * 2) * 7) % 11).reshape(2, 4, 5, 2).astype(np.float32)
IMG = ((np.arange(1 * 4 * 5 * 2) * 5) % 7).reshape(1, 4, 5, 2).astype(np.float32) / 2
FILT = ((np.arange(2 * 3 * 2) * 3) % 5).reshape(2, 3, 2).astype(np.float32) / 4


def test_max_pool_with_argmax_matches_tf():
    out, arg = tf.nn.max_pool_with_argmax(X, [1, 2, 2, 1], [1, 2, 2, 1], 'SAME', include_batch_in_index=True)
    assert out.shape == (2, 2, 3, 2) and arg.dtype == tf.int64
    assert out.numpy().ravel().tolist() == [7, 10, 10, 9, 5, 8, 8, 8, 10, 10, 9, 9, 9, 8, 7, 10, 10, 6, 9, 9, 8, 8,
                                            7, 10]
    assert arg.numpy().ravel().tolist() == [12, 3, 14, 17, 18, 9, 20, 31, 36, 25, 28, 39, 50, 53, 56, 47, 58, 59, 72,
                                            61, 64, 75, 78, 69]
    out, arg = tf.nn.max_pool_with_argmax(X, 3, 1, 'VALID', output_dtype=tf.int32)
    assert arg.dtype == tf.int32
    assert arg.numpy().ravel().tolist() == [14, 3, 14, 3, 14, 25, 14, 25, 14, 25, 14, 25, 10, 21, 2, 7, 18, 7, 10, 21,
                                            32, 13, 18, 29]


def test_max_pool_with_argmax_gradient_goes_to_the_argmax():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out, arg = tf.nn.max_pool_with_argmax(x, 2, 2, 'SAME')
        loss = tf.reduce_sum(out * tf.reshape(tf.range(24, dtype=tf.float32), out.shape))
    grad = tape.gradient(loss, x).numpy().reshape(2, -1)
    expected = np.zeros_like(grad)
    for b in range(2):
        np.add.at(expected[b], arg.numpy()[b].ravel(), np.arange(24, dtype=np.float32).reshape(2, -1)[b])
    np.testing.assert_array_equal(grad, expected)


def test_dilation_and_erosion_match_tf():
    d = tf.nn.dilation2d(IMG, FILT, [1, 1, 2, 1], 'SAME', 'NHWC', [1, 2, 1, 1])
    assert d.shape == (1, 4, 3, 2)
    assert d.numpy().ravel().tolist() == [2.0, 3.5, 2.75, 3.0, 4.0, 2.5, 2.5, 3.5, 3.25, 3.5, 2.75, 3.0, 3.0, 4.0, 3.75,
                                          3.5, 3.25, 3.5, 3.0, 1.5, 2.5, 4.0, 2.0, 3.5]
    e = tf.nn.erosion2d(IMG, FILT, [1, 1, 2, 1], 'SAME', 'NHWC', [1, 2, 1, 1])
    np.testing.assert_array_equal(e.numpy().ravel(), [0.25, 0.25, -0.25, -0.25, 1.0, 0.5, -1.0, -1.0, 0.25, -0.25,
                                                      -0.25, -0.75, -0.5, -0.5, -1.0, -1.0, 0.25, -0.25, -0.0, -0.5,
                                                      -0.5, 0.75, -1.0, 0.25])


def test_dilation_gradients_go_to_the_first_maximum_as_tf():
    img, filt = tf.constant(IMG), tf.constant(FILT)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([img, filt])
        d = tf.nn.dilation2d(img, filt, [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1])
        loss = tf.reduce_sum(d * tf.reshape(tf.range(18, dtype=tf.float32), d.shape))
    assert tape.gradient(loss, img).numpy().ravel().tolist() == [
        0, 1, 0, 0, 6, 8, 0, 0, 0, 0, 0, 7, 0, 0, 0, 20, 0, 0, 10, 0, 0, 0, 14, 0, 0, 45, 0, 0, 0, 0, 0, 0, 26, 0, 0, 0,
        16, 0, 0, 0]
    assert tape.gradient(loss, filt).numpy().ravel().tolist() == [4, 41, 2, 27, 10, 13, 22, 0, 34, 0, 0, 0]


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.nn.dilation2d(IMG, FILT, [1, 1, 1, 1], 'VALID', 'NCHW', [1, 1, 1, 1]), ValueError,
     "`data_format` values other  than 'NHWC' are not supported"),
    (lambda: tf.nn.dilation2d(IMG, FILT[..., :1], [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]), InvalidArgumentError,
     'input and filter must have the same depth: 2 vs 1'),
    (lambda: tf.nn.max_pool_with_argmax(X, 2, 2, 'VALID', data_format='NCHW'), ValueError,
     "`data_format` values other  than 'NHWC' are not supported"),
    (lambda: tf.nn.max_pool_with_argmax(X[0], 2, 2, 'VALID'), InvalidArgumentError, 'tensor_in must be 4-dimensional'),
])
def test_bad_input_raises_as_tf(call, error, text):
    with pytest.raises(error, match=text):
        call()


_R = np.random.default_rng(5)
GRADIENT_CASES = {
    'max_pool_with_argmax': (lambda x: tf.nn.max_pool_with_argmax(x, 3, 2, 'SAME')[0], [_R.standard_normal((2, 5, 4, 2))]),
    'dilation2d': (lambda x, f: tf.nn.dilation2d(x, f, [1, 2, 1, 1], 'SAME', 'NHWC', [1, 1, 2, 1]),
                   [_R.standard_normal((2, 5, 6, 2)), _R.standard_normal((2, 3, 2))]),
    'erosion2d': (lambda x, f: tf.nn.erosion2d(x, f, [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]),
                  [_R.standard_normal((1, 4, 5, 3)), _R.standard_normal((3, 2, 3))]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    f, inputs = GRADIENT_CASES[name]
    tf.check_gradients(f, inputs)


# The framework.ops names this file checks, for test_op_gradients' coverage test.
COVERED_HERE = {'max_pool_with_argmax', 'dilation2d', 'erosion2d'}
_F = np.ones((2, 2, 2), np.float32)
SWEEP_CALLS = {
    'max_pool_with_argmax': ((X, 2, 2, 'VALID'), {}),
    'dilation2d': ((IMG, _F, [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]), {}),
    'erosion2d': ((IMG, _F, [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]), {}),
}


# ---- tf.nn.fractional_max_pool / fractional_avg_pool (/work/notes/progs/tfops/h1.py): TF's region
# sequences from its seeded kernel, values and gradients bit for bit there.
_XF = np.random.RandomState(4).randn(2, 11, 9, 2).astype(np.float32)


@pytest.fixture(autouse=True)
def _no_global_seed():
    # the region sequences below are TF's for an op seed without a global seed: a test file run
    # before this one may leave one set (tf.random.set_seed / keras.utils.set_random_seed)
    tf.random.set_seed(None)
    yield


def _regions_reference(x, rows, cols, overlapping, reduce):
    out = np.empty((x.shape[0], len(rows) - 1, len(cols) - 1, x.shape[3]), x.dtype)
    for i in range(len(rows) - 1):
        r1 = min(rows[i + 1] if overlapping else rows[i + 1] - 1, x.shape[1] - 1)
        for j in range(len(cols) - 1):
            c1 = min(cols[j + 1] if overlapping else cols[j + 1] - 1, x.shape[2] - 1)
            out[:, i, j] = reduce(x[:, rows[i]:r1 + 1, cols[j]:c1 + 1], axis=(1, 2))
    return out


@pytest.mark.parametrize('kwargs, rows, cols', [
    (dict(pooling_ratio=[1, 1.5, 1.44, 1], seed=7), [0, 2, 4, 6, 7, 9, 10, 11], [0, 2, 3, 5, 7, 8, 9]),
    (dict(pooling_ratio=[1, 1.6, 1.3, 1], pseudo_random=True, seed=3), [0, 1, 3, 5, 7, 9, 11], [0, 1, 3, 4, 6, 7, 9]),
    (dict(pooling_ratio=[1, 2.2, 1.7, 1], overlapping=True, seed=11), [0, 2, 5, 7, 9, 11], [0, 2, 4, 5, 7, 9]),
])
def test_fractional_max_pool_regions_and_values_match_tf(kwargs, rows, cols):
    out, row_seq, col_seq = tf.nn.fractional_max_pool(_XF, **kwargs)
    assert row_seq.dtype == tf.int64 and row_seq.numpy().tolist() == rows and col_seq.numpy().tolist() == cols
    np.testing.assert_array_equal(out.numpy(), _regions_reference(_XF, rows, cols, kwargs.get('overlapping'), np.max))


def test_fractional_max_pool_values_match_tf_printout():
    out = tf.nn.fractional_max_pool(_XF, [1, 1.5, 1.44, 1], seed=7)[0]
    np.testing.assert_allclose(out.numpy().ravel()[:8], [0.723342, 0.693599, 0.159893, -1.208948, 2.22336, 0.598575,
                                                         1.635748, 0.542451], atol=1e-6)


def test_fractional_pools_follow_the_global_seed():
    tf.random.set_seed(9)
    try:
        _, rows, cols = tf.nn.fractional_max_pool(_XF, 1.5, seed=5)
    finally:
        tf.random.set_seed(None)
    assert rows.numpy().tolist() == [0, 2, 3, 5, 6, 8, 10, 11] and cols.numpy().tolist() == [0, 2, 3, 5, 6, 8, 9]


def test_fractional_avg_pool_matches_tf_regions():
    out, rows, cols = tf.nn.fractional_avg_pool(_XF, [1, 1.6, 1.3, 1], pseudo_random=True, overlapping=True, seed=3)
    assert rows.numpy().tolist() == [0, 1, 3, 5, 7, 9, 11] and cols.numpy().tolist() == [0, 1, 3, 4, 6, 7, 9]
    np.testing.assert_allclose(out.numpy(), _regions_reference(_XF, rows.numpy(), cols.numpy(), True, np.mean),
                               rtol=1e-6, atol=1e-6)


def test_fractional_pool_gradients_go_where_tf_sends_them():
    x = tf.constant(_XF)
    tf.random.set_seed(9)         # h1.py computes its gradients after tf.random.set_seed(9)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        m = tf.nn.fractional_max_pool(x, [1, 1.5, 1.44, 1], overlapping=True, seed=7)[0]
        a = tf.nn.fractional_avg_pool(x, [1, 1.5, 1.44, 1], overlapping=True, seed=7)[0]
        weights = tf.reshape(tf.range(168, dtype=tf.float32), m.shape)
        lm, la = tf.reduce_sum(m * weights), tf.reduce_sum(a * weights)
    tf.random.set_seed(None)
    max_grad, avg_grad = tape.gradient(lm, x).numpy(), tape.gradient(la, x).numpy()
    assert max_grad.sum() == np.arange(168).sum() and (max_grad != 0).sum() <= 168
    # TF 2.21's first average-pool gradients (its double accumulation, printed to 6 decimals)
    np.testing.assert_allclose(avg_grad.ravel()[:8], [0., 0.25, 0.5, 1., 1.166667, 1.583333, 0.666667, 0.833333],
                               atol=1e-6)
    np.testing.assert_allclose(avg_grad.sum(), np.arange(168).sum(), rtol=1e-6)


def test_fractional_pool_refuses_as_tf():
    with pytest.raises(ValueError, match='pooling_ratio'):
        tf.nn.fractional_max_pool(_XF, 0.5, seed=1)
    # TF 2.21: UnimplementedError 'Fractional average pooling is not yet supported on the batch nor channel dimension.'
    with pytest.raises(tf.errors.UnimplementedError, match='not yet supported on the batch nor channel dimension'):
        tf.nn.fractional_avg_pool(_XF, [2, 1.5, 1.5, 1], seed=1)
    with pytest.raises(InvalidArgumentError, match='tensor_in must be 4-dimensional'):
        tf.nn.fractional_max_pool(_XF[0], 1.5, seed=1)


GRADIENT_CASES.update({
    'fractional_max_pool': (lambda x: tf.nn.fractional_max_pool(x, [1, 1.5, 1.3, 1], overlapping=True, seed=2)[0],
                            [_R.standard_normal((1, 6, 5, 2))]),
    'fractional_avg_pool': (lambda x: tf.nn.fractional_avg_pool(x, [1, 1.4, 1.6, 1], pseudo_random=True, seed=2)[0],
                            [_R.standard_normal((2, 7, 6, 1))]),
})
COVERED_HERE |= {'fractional_max_pool', 'fractional_avg_pool'}
SWEEP_CALLS.update({'fractional_max_pool': ((X, [1, 1.5, 1.5, 1]), {'seed': 3}),
                    'fractional_avg_pool': ((X, [1, 1.5, 1.5, 1]), {'seed': 3})})
