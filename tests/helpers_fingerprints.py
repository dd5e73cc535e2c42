"""What the tf.nn golden tests share (test_nn_more.py, test_nn_windows.py): their inputs,
sin(arange * 0.7 + seed) * scale, and the fingerprint each output is compared by: its shape,
its sum and its sum weighted by cos(arange(size) * 0.37), as printed from TensorFlow 2.21."""
import numpy as np


def arr(shape, seed, scale=1.0):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.7 + seed) * scale).reshape(shape).astype('float32')


def fingerprint(out):
    out = np.asarray(out, np.float64)
    weights = np.cos(np.arange(out.size) * 0.37).reshape(out.shape)
    return list(out.shape), out.sum(), (out * weights).sum()


def check_fingerprint(out, golden, rtol, atol):
    """``out`` has the golden (shape, sum, weighted sum)."""
    shape, total, weighted = fingerprint(out)
    want_shape, want_total, want_weighted = golden
    assert shape == want_shape
    np.testing.assert_allclose([total, weighted], [want_total, want_weighted], rtol=rtol, atol=atol)
