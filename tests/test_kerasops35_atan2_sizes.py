"""tf.math.atan2 / keras.ops.arctan2 of 33 to 256 float32 or float64 values: Eigen's patan2 bits, as TF 2.21.

atan2 is elementwise, but it followed the summation orders' size limit (32 elements) for TF's kernel, so
from 33 values on numpy's arctan2 answered: 28 of 120 float32 values were an ulp off (0.5455 / 1.4444:
TF 0x1.71ca8cp-2, tapeflow 0x1.71ca90p-2). It now takes the elementwise kernels' limit (256).

Goldens: /work/notes/progs/kerasops/g_atan2.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def _operands():
    y = (np.sin(np.arange(40) * 1.7) * 3).astype('float32')
    x = (np.cos(np.arange(40) * 0.9) * 2).astype('float32')
    return y, x


def test_forty_float32_values():
    y, x = _operands()
    expected = [
        '0x0.0p+0', '0x1.2cca680000000p+0', '-0x1.0d8cb40000000p+1', '-0x1.12edc80000000p+1',
        '0x1.39b7240000000p+1', '0x1.beb8dc0000000p+0', '-0x1.06eaa40000000p+0', '-0x1.7ed4780000000p-1',
        '0x1.2137ca0000000p+0', '0x1.f591060000000p+0', '-0x1.1130020000000p+1', '-0x1.729a9e0000000p+1',
        '0x1.b31cd00000000p+0', '-0x1.f8db8e0000000p-3', '-0x1.f087660000000p-1', '0x1.78b30c0000000p-1',
        '0x1.c3eab20000000p+0', '-0x1.3067bc0000000p+1', '-0x1.1ff38e0000000p+1', '0x1.b90fcc0000000p+0',
        '0x1.c0efd00000000p-1', '-0x1.e0bede0000000p-1', '-0x1.4cd8ce0000000p-1', '0x1.c160020000000p+0',
        '0x1.89af480000000p+1', '-0x1.0cc4140000000p+1', '0x1.042bb80000000p+1', '0x1.2030060000000p+0',
        '-0x1.34e8860000000p-1', '-0x1.23b9ca0000000p+0', '0x1.da85260000000p+0', '0x1.2aa8d80000000p+1',
        '-0x1.163c9e0000000p+1', '-0x1.ca1d8c0000000p+0', '0x1.1f525e0000000p+0', '0x1.1bff3a0000000p-2',
        '-0x1.3773d00000000p+0', '0x1.6928920000000p+1', '0x1.11a6560000000p+1', '-0x1.509a500000000p+1',
    ]
    assert [float(v).hex() for v in tf.math.atan2(y, x).numpy()] == expected
    assert [float(v).hex() for v in tf.keras.ops.arctan2(y, x).numpy()] == expected


def test_forty_float64_values():
    y, x = _operands()
    assert [float(v).hex() for v in tf.math.atan2(y.astype('float64'), x.astype('float64')).numpy()][:8] == [
        '0x0.0p+0', '0x1.2cca671b5039ap+0', '-0x1.0d8cb4b548f50p+1', '-0x1.12edc6a562bbbp+1',
        '0x1.39b7220132453p+1', '0x1.beb8dc0c2fecap+0', '-0x1.06eaa2b19c9cdp+0', '-0x1.7ed474912f5abp-1',
    ]
