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
