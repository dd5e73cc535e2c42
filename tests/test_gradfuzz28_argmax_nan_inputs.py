"""tf.nn.max_pool_with_argmax of NaN inputs as TF 2.21's MaxPoolWithArgmax kernel answers (it has no oneDNN
kernel: TF_ENABLE_ONEDNN_OPTS=1 gives the same): each window starts at its first unpadded element and moves on
`val > max`, so a NaN there stays (value, index and gradient alike) and later NaNs are passed over; MaxPool
instead starts at the lowest value (tests/test_gradfuzz27_max_pool_nan_inputs.py). Probes
/work/notes/progs/gradfuzz28/am2.py, gradfuzz27/am.py."""
import numpy as np
import pytest

import framework as tf

_X = [np.nan, 1.0, 2.0, np.nan, np.nan, np.nan, -3.0, np.nan]


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'float16', 'bfloat16'])
def test_first_nan_of_a_window_stays(dtype):
    # TF 2.21: output [nan, 2.0], argmax [0, 2], gradient [1, 0, 1, 0, 0, 0, 0, 0]
    x = tf.constant(np.array(_X).reshape(1, 2, 4, 1), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, a = tf.nn.max_pool_with_argmax(x, 2, 2, 'VALID')
    g = tape.gradient(y, x)
    assert str(np.asarray(y.numpy(), np.float64).ravel().tolist()) == '[nan, 2.0]'
    assert a.numpy().ravel().tolist() == [0, 2]
    assert np.asarray(g.numpy(), np.float64).ravel().tolist() == [1, 0, 1, 0, 0, 0, 0, 0]


def test_same_padding_window_of_nans_names_its_first_element():
    # TF 2.21 (am2.py, seed 4): a 3x3 SAME window over a (1, 3, 3, 1) input of mostly NaNs; tapeflow gave
    # [3.0, 4.0, ...] and indices into the padding (negative ones in other windows)
    rng = np.random.RandomState(4)
    v = rng.randint(-4, 5, size=(1, 3, 3, 1)).astype(np.float64)
    v[rng.rand(1, 3, 3, 1) < 0.6] = np.nan
    x = tf.constant(v, tf.float32)
    y, a = tf.nn.max_pool_with_argmax(x, 3, 1, 'SAME')
    assert str(y.numpy().ravel().tolist()) == '[nan, nan, nan, nan, nan, nan, nan, nan, 4.0]'
    assert a.numpy().ravel().tolist() == [0, 0, 1, 0, 0, 1, 3, 3, 5]
    assert a.dtype == tf.int64


def test_output_dtype_int32_with_a_nan():
    # TF 2.21: [nan] [0] int32
    x = tf.constant(np.array([np.nan, 1, 2, 3.0]).reshape(1, 2, 2, 1), tf.float32)
    y, a = tf.nn.max_pool_with_argmax(x, 2, 2, 'VALID', output_dtype=tf.int32)
    assert str(y.numpy().ravel().tolist()) == '[nan]'
    assert a.numpy().ravel().tolist() == [0]
    assert a.dtype == tf.int32


def _model(x, k, s, padding, batch_in_index):
    """MaxPoolWithArgmax and its gradient, element by element: the window's first unpadded element, then
    each later one greater than the one held; the gradient added at the index held."""
    n, h, w, c = x.shape

    def sizes(size, k, s):
        if padding == 'VALID':
            return (size - k) // s + 1, 0
        out = -(-size // s)
        return out, max((out - 1) * s + k - size, 0) // 2
    (oh, ph), (ow, pw) = sizes(h, k[0], s[0]), sizes(w, k[1], s[1])
    y, idx, order = np.zeros((n, oh, ow, c)), np.zeros((n, oh, ow, c), np.int64), []
    for b, i, j, ch in np.ndindex(n, oh, ow, c):
        held, where = None, None
        for r in range(i * s[0] - ph, i * s[0] - ph + k[0]):
            for q in range(j * s[1] - pw, j * s[1] - pw + k[1]):
                if 0 <= r < h and 0 <= q < w and (held is None or x[b, r, q, ch] > held):
                    held, where = x[b, r, q, ch], (r, q)
        y[b, i, j, ch] = held
        idx[b, i, j, ch] = ((b * h if batch_in_index else 0) + where[0]) * w * c + where[1] * c + ch
        order.append((b, where[0], where[1], ch))
    return y, idx, order


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'float16', 'bfloat16'])
@pytest.mark.parametrize('k, s, padding', [((2, 2), (2, 2), 'VALID'), ((3, 3), (2, 2), 'SAME'),
                                           ((2, 3), (1, 2), 'VALID'), ((2, 2), (1, 1), 'SAME')])
def test_matches_the_kernels_rule(dtype, k, s, padding):
    # the model above equals TF 2.21's outputs, indices and gradients on these inputs (am2.py: all equal)
    rng = np.random.RandomState(sum(k) + sum(s))
    v = rng.randint(-4, 5, size=(2, 5, 5, 2)).astype(np.float64)
    v[rng.rand(*v.shape) < 0.4] = np.nan
    x = tf.constant(v, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, a = tf.nn.max_pool_with_argmax(x, list(k), list(s), padding, include_batch_in_index=True)
        weights = tf.cast(tf.reshape(tf.range(1, tf.size(y) + 1), tf.shape(y)), dtype)
        loss = tf.reduce_sum(y * weights)
    g = tape.gradient(loss, x)
    ref, idx, order = _model(np.asarray(x.numpy(), np.float64), k, s, padding, True)
    want_g = np.zeros(v.shape)
    for m, where in enumerate(order):
        want_g[where] += m + 1
    np.testing.assert_array_equal(np.asarray(y.numpy(), np.float64), ref)
    np.testing.assert_array_equal(a.numpy(), idx)
    np.testing.assert_array_equal(np.asarray(g.numpy(), np.float64), want_g)


def test_nan_free_input_unchanged():
    # TF 2.21: ties go to the first maximum; [[1, 3], [3, 2]] pools to 3 at index 1
    x = tf.constant([[[[1.0], [3.0]], [[3.0], [2.0]]]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, a = tf.nn.max_pool_with_argmax(x, 2, 2, 'VALID')
    assert y.numpy().ravel().tolist() == [3.0] and a.numpy().ravel().tolist() == [1]
    assert tape.gradient(y, x).numpy().ravel().tolist() == [0, 1, 0, 0]
