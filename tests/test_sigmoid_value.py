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
