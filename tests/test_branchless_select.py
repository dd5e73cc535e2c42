"""select() picks by bits what numpy's where picks: NaNs, signed zeros, infinities and denormals included,
for arrays, transposed views and Python-number operands; anything else falls back to where itself."""
import numpy as np
import pytest

from framework.ops.branchless_select import select

SPECIAL = [np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 1e-310, -3.5]


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('shape', [(2048,), (40, 37), (3, 20, 30)])
def test_select_gives_wheres_bits(dtype, shape):
    rng = np.random.RandomState(0)
    a, b = rng.randn(*shape).astype(dtype), rng.randn(*shape).astype(dtype)
    a.flat[:10] = SPECIAL
    b.flat[5:15] = SPECIAL
    mask = rng.rand(*shape) > 0.5
    for x, y in [(a, b), (a, 0), (0, b), (a, 0.5), (-0.0, b), (a[::-1], b), (a.T.copy().T, b)]:
        want, got = np.where(mask, x, y), select(np, mask, x, y)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.tobytes() == want.tobytes()
    assert select(np, mask.T, a.T, b.T).tobytes() == np.where(mask.T, a.T, b.T).tobytes()


def test_other_operands_take_wheres_own_result():
    mask = np.arange(2000) % 3 == 0
    a = np.linspace(-1, 1, 2000).astype(np.float32)
    for y in (np.float64(2.0), a[:1], a.astype(np.float16), True):      # promotion, broadcasting, other dtypes
        want, got = np.where(mask, a, y), select(np, mask, a, y)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
    small = mask[:10]
    assert select(np, small, a[:10], 0).tobytes() == np.where(small, a[:10], 0).tobytes()
