"""libm.apply('exp', float32 array) takes numpy's double exp, rounded to float32, wherever glibc's expf is
known to give the same float (exp(x) * (1 -+ 2**-30) round alike), and glibc's expf elsewhere: every value
equals a call of the C function itself, the last-classes exps of TF's SparseSoftmaxCrossEntropyWithLogits
included, on edge inputs and on random ones."""
import numpy as np
import pytest

from framework import libm

expf = libm.c_function('exp', np.float32)
pytestmark = pytest.mark.skipif(expf is None or not libm.GLIBC_ROUNDING, reason="needs glibc's expf (2.28 on)")

F = np.float32


def _per_value(a):
    return np.array([expf(v) for v in a.reshape(-1).tolist()], F).reshape(a.shape)


def _same_bits(a, b):
    return bool(np.all((a.view(np.uint32) == b.view(np.uint32)) | (np.isnan(a) & np.isnan(b))))


EDGES = np.array([0.0, -0.0, 1e-45, -1e-45, 1.0, -1.0, np.inf, -np.inf, np.nan, 88.72, 88.7228, 88.7229, 89.0,
                  -87.33, -87.34, -103.97, -103.98, -104.0, -150.0, 3.4e38, -3.4e38, 0.5, -0.5], F)


def test_edge_values_equal_the_c_function():
    assert _same_bits(libm.apply('exp', EDGES), _per_value(EDGES))


@pytest.mark.parametrize('scale', [0.01, 1.0, 20.0, 60.0])
def test_random_values_equal_the_c_function(scale):
    a = (np.random.default_rng(int(scale * 100)).normal(size=(500, 7)) * scale).astype(F)
    out = libm.apply('exp', a)
    assert out.shape == a.shape and out.dtype == F
    assert _same_bits(out, _per_value(a))


def test_the_floats_next_to_hard_points_equal_the_c_function():
    # every float32 in small windows around the overflow and underflow points and around 0 and -20
    points = np.array([88.72283, -87.33654, -103.97208, 0.0, -20.0], F)
    bits = points.view(np.uint32)
    window = np.concatenate([np.arange(int(b) - 3000, int(b) + 3000) for b in bits]).astype(np.uint32)
    a = window.view(F)
    assert _same_bits(libm.apply('exp', a), _per_value(a))


def test_small_arrays_and_scalars_take_the_calls():
    a = np.array([1.5, -2.25], F)
    assert _same_bits(libm.apply('exp', a), _per_value(a))
    assert libm.apply('exp', F(1.5)) == expf(1.5)
