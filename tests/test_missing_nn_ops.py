"""tf.math / tf.nn.approx_max_k, approx_min_k (framework/ops/approx_top_k.py) and tf.nn.isotonic_regression
(framework/ops/isotonic_regression.py), pinned to TF 2.21 on a CPU (/work/notes/progs/missing/tf_approx2.py and
tf_iso.py run with /opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError

X = np.array([[3., 1., 4., 1., 5., 9., 2., 6.], [2., 7., 1., 8., 2., 8., 1., 8.]], np.float32)


def test_approx_max_k_is_exact_top_k_on_cpu():
    values, indices = tf.math.approx_max_k(X, 3)
    np.testing.assert_array_equal(values.numpy(), [[9., 6., 5.], [8., 8., 8.]])
    assert indices.dtype == tf.int32 and indices.numpy().tolist() == [[5, 7, 4], [3, 5, 7]]
    out = tf.nn.approx_max_k(X, 2, recall_target=0.5, aggregate_to_topk=False)
    assert type(out).__name__ == 'ApproxTopK' and out.indices.numpy().tolist() == [[5, 7], [3, 5]]


def test_approx_max_k_gradient_as_tf():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        values, _ = tf.math.approx_max_k(v, 2)
        loss = tf.reduce_sum(values * tf.constant([[1., 2.], [3., 4.]]))
    np.testing.assert_array_equal(tape.gradient(loss, v).numpy(),
                                  [[0, 0, 0, 0, 0, 1, 0, 2], [0, 0, 0, 3, 0, 4, 0, 0]])


@pytest.mark.parametrize('call, error, message', [
    (lambda: tf.math.approx_min_k(X, 2), NotFoundError, 'no CPU kernel for ApproxTopK with is_max_k=false'),
    (lambda: tf.math.approx_max_k(X, 2, reduction_dimension=0), NotFoundError, 'reduction_dimension=0'),
    (lambda: tf.math.approx_max_k(tf.constant([1, 5, 3]), 2), InvalidArgumentError, "attr 'T' of int32"),
    (lambda: tf.math.approx_max_k(X.astype(np.float64), 2), InvalidArgumentError, "attr 'T' of double"),
    (lambda: tf.math.approx_max_k(X, 9), InvalidArgumentError, 'input must have at least k columns. Had 8, needed 9'),
])
def test_approx_top_k_errors_as_tf_cpu(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize('x, dtype, output, segments', [
    (np.array([[1, 3, 2, 4]], np.int32), 'float64', [[2.5] * 4], [[0, 0, 0, 0]]),
    (np.array([[1., 3., 2., 4.]]), 'float64', [[2.5] * 4], [[0, 0, 0, 0]]),
    (np.array([[1., 3., 2., 4.]], np.float16), 'float16', [[2.5] * 4], [[0, 0, 0, 0]]),
    (np.array([[1, 3, 2, 4]], np.int8), 'float32', [[2.5] * 4], [[0, 0, 0, 0]]),
    (np.array([[3., 1., 2., 2.], [1., 1., 1., 1.]], np.float32), 'float32',
     [[3.0, 1.6666666269302368, 1.6666666269302368, 1.6666666269302368], [1.0, 1.0, 1.0, 1.0]],
     [[0, 1, 1, 1], [0, 1, 2, 3]]),
])
def test_isotonic_regression_values_dtypes_and_segments_as_tf(x, dtype, output, segments):
    out = tf.nn.isotonic_regression(x)
    assert type(out).__name__ == 'IsotonicRegression' and out.output.dtype.name == dtype
    np.testing.assert_array_equal(out.output.numpy(), np.asarray(output, dtype))
    assert out.segments.dtype == tf.int32 and out.segments.numpy().tolist() == segments


def test_isotonic_regression_axis_increasing_and_edges():
    x3 = tf.reshape(tf.range(24, dtype=tf.float32) % 5, (2, 3, 4))
    out, seg = tf.nn.isotonic_regression(x3, axis=1)
    assert seg.numpy().tolist() == [[[0, 0, 0, 0], [0, 0, 1, 1], [0, 0, 2, 2]],
                                    [[0, 0, 0, 0], [1, 1, 1, 0], [2, 2, 2, 0]]]
    np.testing.assert_allclose(out.numpy()[0, :, 0], [2.3333333] * 3, rtol=1e-6)
    up = tf.nn.isotonic_regression(tf.constant([[1., 3., 2., 4.]]), decreasing=False)
    assert type(up) is tuple and up[0].numpy().tolist() == [[1., 2.5, 2.5, 4.]] and up[1].numpy().tolist() == [[0, 1, 1, 2]]
    scalar = tf.nn.isotonic_regression(tf.constant(1.0))
    assert scalar.output.numpy() == 1.0 and scalar.segments.numpy() == 0
    assert tf.nn.isotonic_regression(np.zeros((2, 0), np.float32)).output.shape == (2, 0)


def test_isotonic_regression_gradient_is_the_segment_mean_as_tf():
    x = tf.Variable([[1., 3., 2., 4., 0.5]])
    with tf.GradientTape() as tape:
        y, _ = tf.nn.isotonic_regression(x)
        loss = tf.reduce_sum(y * tf.constant([[1., 2., 3., 4., 5.]]))
    assert tape.gradient(loss, x).numpy().tolist() == [[2.5, 2.5, 2.5, 2.5, 5.0]]


def test_isotonic_regression_gradient_central_differences():
    # values apart, so that a small step keeps every segment
    x = np.array([[0.3, 2.0, 1.1, 3.5, -1.0], [4.0, 3.0, 2.0, 5.0, 0.0]])
    tf.check_gradients(lambda v: tf.nn.isotonic_regression(v, axis=-1).output, [x])
    tf.check_gradients(lambda v: tf.nn.isotonic_regression(v, decreasing=False, axis=0)[0], [x])


@pytest.mark.parametrize('call, message', [
    (lambda: tf.nn.isotonic_regression(tf.zeros((2, 3, 4)), axis=3),
     '`dim` must be in the range \\[-3, 3\\) where 3 is the number of dimensions in the input. Received: dim=3'),
    (lambda: tf.nn.isotonic_regression(tf.constant([['a']])), "attr 'T' of string is not in the list"),
])
def test_isotonic_regression_errors_as_tf(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call()


# The framework.ops names this file checks, for test_op_gradients' coverage test and the bad-input sweep.
COVERED_HERE = {'approx_max_k', 'isotonic_regression'}
SWEEP_CALLS = {'approx_max_k': ((X, 2), {}), 'isotonic_regression': ((X,), {})}
