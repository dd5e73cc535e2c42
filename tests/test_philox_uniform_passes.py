"""Large uniform draws run Philox in passes (framework/philox.py, _PASS_BLOCKS) to bound their temporary memory:
the values are TF 2.21's, across the passes' boundaries, and equal a one-pass draw to the bit."""
import numpy as np
import pytest

import framework as tf
from framework import philox


def test_a_draw_across_pass_boundaries_gives_tensorflows_values():
    # values printed by TF 2.21: tf.random.stateless_uniform([2**20 + 5], seed=[1, 2], dtype=...)
    index = [0, 2 ** 19 - 1, 2 ** 19, 2 ** 20 - 1, 2 ** 20, 2 ** 20 + 4]
    expected = {
        'float32': (['0x1.b028b00000000p-1', '0x1.9893800000000p-3', '0x1.5702e00000000p-3', '0x1.a9cd800000000p-6',
                     '0x1.973f3c0000000p-1', '0x1.88cf2c0000000p-1'], '0x1.ff9e508969000p+18'),
        'float64': (['0x1.81458cf3129e2p-1', '0x1.bef39880d4e6cp-2', '0x1.73f3e938b8c14p-2', '0x1.c323eb0142974p-1',
                     '0x1.44114083086dcp-2', '0x1.d7d5d9baf934ep-1'], '0x1.ffda5a273154bp+18')}
    for dtype, (values, total) in expected.items():
        x = tf.random.stateless_uniform([2 ** 20 + 5], seed=[1, 2], dtype=dtype).numpy()
        assert [float(x[i]).hex() for i in index] == values
        assert float(x.astype(np.float64).sum()).hex() == total


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'bfloat16'])
def test_passes_equal_one_pass(monkeypatch, dtype):
    dtype = tf.as_dtype(dtype).as_numpy_dtype
    key, counter = (123, 456), (1, 2, 3, 4)
    monkeypatch.setattr(philox, '_PASS_BLOCKS', 1 << 40)
    whole = philox.uniform_values(key, counter, 10007, dtype, start=7)
    monkeypatch.setattr(philox, '_PASS_BLOCKS', 100)
    parts = philox.uniform_values(key, counter, 10007, dtype, start=7)
    assert parts.dtype == whole.dtype
    assert parts.view(np.uint8).tobytes() == whole.view(np.uint8).tobytes()
