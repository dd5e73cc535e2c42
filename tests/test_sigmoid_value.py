"""sigmoid's value on arrays past eigen_math's exact sizes: one division of the chosen numerator
(1 where x >= 0, exp(-|x|) below) by 1 + exp(-|x|) must give the bits of the two quotients
1 / (1 + e) and e / (1 + e) that it replaced, everywhere: signed zeros, subnormals, the saturation
ranges, infinities and NaNs included."""
import numpy as np
import pytest

from framework.ops.unary import _sigmoid_value


def _two_quotients(a):
    e = np.exp(-np.abs(a))
    return np.where(a >= 0, 1 / (1 + e), e / (1 + e)).astype(a.dtype, copy=False)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_one_division_gives_the_two_quotients_bits(dtype):
    rng = np.random.default_rng(0)
    tiny = np.finfo(dtype).smallest_subnormal
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, tiny, -tiny, 88.7, -88.7, 104.0, -104.0,
                         745.0, -745.0, 17.0, -17.0, 1e30, -1e30], dtype)
    for scale in (1e-3, 1.0, 5.0, 30.0, 200.0):
        a = np.concatenate([specials, (rng.normal(size=20046) * scale).astype(dtype)])
        for array in (a, a.reshape(-1, 38)[:, 3:30]):          # contiguous and a strided view
            got, expected = _sigmoid_value(np, array), _two_quotients(array)
            assert got.dtype == expected.dtype and got.shape == expected.shape
            assert np.array_equal(got.view(np.uint8), np.ascontiguousarray(expected).view(np.uint8))


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_any_float32_bit_pattern_gives_the_two_quotients_bits(dtype):
    # random bit patterns reach NaN payloads and signs (quiet and signalling) that the numerator,
    # max(exp(-|x|), x >= 0), must pass on as where(x >= 0, 1, exp(-|x|)) did
    bits = np.random.default_rng(1).integers(0, 2 ** 32, size=200_000, dtype=np.uint64).astype(np.uint32)
    with np.errstate(all='ignore'):      # (signalling NaNs raise 'invalid' in the cast and in exp)
        a = bits.view(np.float32).astype(dtype)
        got, expected = _sigmoid_value(np, a), _two_quotients(a)
    assert np.array_equal(got.view(np.uint8), expected.view(np.uint8))
