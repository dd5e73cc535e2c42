"""MaxPool of NaN inputs as TF 2.21's own (Eigen) CPU kernel answers where oneDNN is off (measured on the AMD
EPYC; Eigen's rule does not hang on the vector width): NaNs are skipped, a window of NaNs pools to the lowest
value, and MaxPoolGrad sends a window's gradient to its first element when no later one is greater (probes
/work/notes/progs/gradfuzz27/mpn2.py, model.py; gradfuzz26/mpn.py). Other NaN-free results are unchanged."""
import numpy as np
import pytest

import framework as tf

_X = [np.nan, 1.0, 2.0, np.nan, np.nan, np.nan, -3.0, np.nan]


@pytest.fixture(autouse=True)
def _eigen_kernels(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')       # TF's own kernels (oneDNN's rule not measured)


@pytest.mark.parametrize('dtype, lowest', [('float32', -3.4028234663852886e+38), ('float16', -65504.0),
                                           ('float64', -1.7976931348623157e+308),
                                           ('bfloat16', -3.3895313892515355e+38)])
@pytest.mark.parametrize('padding', ['VALID', 'SAME'])
def test_max_pool1d_skips_nans(dtype, lowest, padding):
    # TF 2.21: [1, 2, lowest, -3], gradient [1, 0, 1, 0, 1, 0, 1, 0]
    x = tf.constant(np.array(_X).reshape(1, 8, 1), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool1d(x, 2, 2, padding)
    g = tape.gradient(y, x)
    assert np.asarray(y.numpy(), np.float64).ravel().tolist() == [1.0, 2.0, lowest, -3.0]
    assert np.asarray(g.numpy(), np.float64).ravel().tolist() == [1, 0, 1, 0, 1, 0, 1, 0]


def _nan_image():
    rng = np.random.RandomState(0)
    a = rng.randint(-3, 4, size=(2, 5, 6, 2)).astype(np.float64)
    a[rng.rand(*a.shape) < 0.35] = np.nan
    a[0, 0:2, 0:2, 0] = np.nan
    return a


def _eigen_max_pool(x, k, s, padding):
    """TF's own MaxPool / MaxPoolGrad, element by element: the maximum from the lowest value on `v > max`
    over the window's unpadded elements; the gradient at the first of them, moved on `v > held`."""
    n, h, w, c = x.shape
    lowest = np.finfo(x.dtype).min

    def sizes(size, k, s):
        if padding == 'VALID':
            return (size - k) // s + 1, 0
        out = -(-size // s)
        return out, max((out - 1) * s + k - size, 0) // 2
    (oh, ph), (ow, pw) = sizes(h, k[0], s[0]), sizes(w, k[1], s[1])
    y, g = np.full((n, oh, ow, c), lowest, x.dtype), np.zeros(x.shape)
    for b, i, j, ch in np.ndindex(n, oh, ow, c):
        best, where, held = lowest, None, None
        for r in range(i * s[0] - ph, i * s[0] - ph + k[0]):
            for q in range(j * s[1] - pw, j * s[1] - pw + k[1]):
                if 0 <= r < h and 0 <= q < w:
                    v = x[b, r, q, ch]
                    best = v if v > best else best
                    if where is None or v > held:
                        where, held = (r, q), v
        y[b, i, j, ch] = best
        g[b, where[0], where[1], ch] += 1
    return y, g


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('k, s, padding', [((2, 2), (2, 2), 'VALID'), ((3, 3), (2, 2), 'SAME'),
                                           ((2, 2), (1, 1), 'VALID'), ((2, 3), (1, 2), 'SAME')])
def test_max_pool2d_of_nans_as_eigen_pools_them(dtype, k, s, padding):
    # the model equals TF 2.21's outputs and gradients on these cases (probe model.py: all True)
    a = _nan_image().astype(dtype)
    x = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, list(k), list(s), padding)
    g = tape.gradient(y, x)
    want_y, want_g = _eigen_max_pool(a, k, s, padding)
    np.testing.assert_array_equal(y.numpy(), want_y)
    np.testing.assert_array_equal(g.numpy(), want_g)


def test_tf_golden_values_of_a_nan_image():
    # TF 2.21: max_pool2d(2, 2, 'VALID') of the image's first row of windows, channel 0, and its gradient's
    # first 8 values
    x = tf.constant(_nan_image().astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, 2, 2, 'VALID')
    g = tape.gradient(y, x)
    assert y.numpy()[0, 0, :, 0].tolist() == [-3.4028234663852886e+38, 3.0, 1.0]
    assert g.numpy().ravel()[:8].tolist() == [1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0]


def test_nan_free_pools_keep_the_first_maximum():
    # TF 2.21: -0.0 before +0.0 pools to -0.0
    y = tf.nn.max_pool2d(tf.constant([[[[-0.0], [0.0]]]]), [1, 2], [1, 2], 'VALID')
    assert np.signbit(y.numpy()).all()
