"""tf.linalg.expm sums its Pade terms as TF 2.21's _matrix_exp_pade3..13 write them (the highest power first, left to
right; degree 13 through two products by A^6): tapeflow's ascending loop rounded differently, so expm(3 * randn(3, 3))
was 9 of 9 float32 values up to 1.2e-5 off TF's (4.8e-5 at 10 * randn), float64 1.7e-14. Now bit-equal."""
import numpy as np
import pytest

import framework as tf

# printed by TF 2.21: rs = np.random.RandomState(1); for each scale in turn a = rs.randn(3, 3) * scale, then float.hex
# of tf.linalg.expm(float32 a) and of tf.linalg.expm(float64 a)
TF_BITS = [
    (0.05,
     ['0x1.1595260000000p+0', '-0x1.06888c0000000p-5', '-0x1.a85a980000000p-6', '-0x1.ff23f80000000p-5',
     '0x1.0c225a0000000p+0', '-0x1.e2cd080000000p-4', '0x1.7bcfee0000000p-4', '-0x1.4cd50a0000000p-5',
     '0x1.0465780000000p+0'],
     ['0x1.159526b2bc607p+0', '-0x1.06888bd72a384p-5', '-0x1.a85a95e7d89c5p-6', '-0x1.ff23f88fb18b2p-5',
     '0x1.0c225a218fba6p+0', '-0x1.e2cd05da8f1aep-4', '0x1.7bcfef47fb595p-4', '-0x1.4cd508e5ed81ap-5',
     '0x1.046577c6e7eecp+0'],
     ),
    (0.3,
     ['0x1.fb23660000000p-1', '0x1.af44440000000p-2', '-0x1.e05fa80000000p-2', '-0x1.1be5300000000p-3',
     '0x1.b6990e0000000p-1', '0x1.4170ae0000000p-2', '-0x1.21b70c0000000p-2', '-0x1.b532960000000p-4',
     '0x1.ad423c0000000p-1'],
     ['0x1.fb2364cc38654p-1', '0x1.af4442b96fd2cp-2', '-0x1.e05fa3b7abd1ap-2', '-0x1.1be52fec2f80fp-3',
     '0x1.b6990e26c3f67p-1', '0x1.4170aa26d68f3p-2', '-0x1.21b70b123dc4dp-2', '-0x1.b532944484351p-4',
     '0x1.ad423717feccap-1'],
     ),
    (1.0,
     ['0x1.42c14a0000000p+0', '0x1.6e71480000000p+0', '-0x1.a908c60000000p-1', '0x1.115b480000000p+1',
     '0x1.8896b80000000p+1', '-0x1.424e9e0000000p-4', '0x1.4949440000000p-2', '-0x1.5a8c980000000p-1',
     '0x1.c3a0800000000p-2'],
     ['0x1.42c14987d9114p+0', '0x1.6e714448eb9ddp+0', '-0x1.a908c6fefa4a8p-1', '0x1.115b46b0bd0acp+1',
     '0x1.8896b2fb0db41p+1', '-0x1.424ea1dd97202p-4', '0x1.494945fa315d1p-2', '-0x1.5a8c971505b08p-1',
     '0x1.c3a0868027e62p-2'],
     ),
    (3.0,
     ['-0x1.c40bb40000000p-3', '-0x1.b796aa0000000p-1', '0x1.25c81e0000000p+0', '0x1.957fa20000000p-2',
     '0x1.d7e6a20000000p+0', '-0x1.2d84120000000p+1', '-0x1.04ad760000000p-1', '-0x1.484e3a0000000p+0',
     '0x1.b304f40000000p+0'],
     ['-0x1.c40ba8e0c4e52p-3', '-0x1.b796aa36e5d0ap-1', '0x1.25c81eda55dc6p+0', '0x1.957f90787a3e3p-2',
     '0x1.d7e69f34e53acp+0', '-0x1.2d840f2b14a9fp+1', '-0x1.04ad6e62b5b0bp-1', '-0x1.484e370bd0cb9p+0',
     '0x1.b304ed714a0f7p+0'],
     ),
    (10.0,
     ['0x1.8df0080000000p+0', '0x1.71915c0000000p+1', '0x1.38ccce0000000p-2', '0x1.738b720000000p-1',
     '0x1.58841a0000000p+0', '0x1.2352a00000000p-3', '0x1.0d015a0000000p+0', '0x1.f369540000000p+0',
     '0x1.a46fb00000000p-3'],
     ['0x1.8defffe943445p+0', '0x1.719152270b889p+1', '0x1.38ccbab9b9d0ap-2', '0x1.738b676cbcdbep-1',
     '0x1.58840db1d47e2p+0', '0x1.23528c1b60734p-3', '0x1.0d01537bf2d1fp+0', '0x1.f3694547a08c5p+0',
     '0x1.a46f94749405ap-3'],
     ),
]


# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: its 3 x 3 products in Eigen's order) prints other float32 last bits
# (notes/progs/epyc3/expm.py): the float32 lists per scale there
TF_BITS_F32_AVX2 = [
    ['0x1.1595260000000p+0', '-0x1.06888a0000000p-5', '-0x1.a85a980000000p-6', '-0x1.ff23f80000000p-5',
     '0x1.0c225a0000000p+0', '-0x1.e2cd080000000p-4', '0x1.7bcfee0000000p-4', '-0x1.4cd50a0000000p-5',
     '0x1.0465780000000p+0'],
    ['0x1.fb23660000000p-1', '0x1.af44400000000p-2', '-0x1.e05fa80000000p-2', '-0x1.1be5300000000p-3',
     '0x1.b6990e0000000p-1', '0x1.4170ae0000000p-2', '-0x1.21b70c0000000p-2', '-0x1.b532960000000p-4',
     '0x1.ad423c0000000p-1'],
    ['0x1.42c1480000000p+0', '0x1.6e71440000000p+0', '-0x1.a908c60000000p-1', '0x1.115b440000000p+1',
     '0x1.8896b20000000p+1', '-0x1.424e9c0000000p-4', '0x1.4949480000000p-2', '-0x1.5a8c940000000p-1',
     '0x1.c3a0800000000p-2'],
    ['-0x1.c40ba80000000p-3', '-0x1.b796a40000000p-1', '0x1.25c81c0000000p+0', '0x1.957f940000000p-2',
     '0x1.d7e69c0000000p+0', '-0x1.2d840e0000000p+1', '-0x1.04ad720000000p-1', '-0x1.484e360000000p+0',
     '0x1.b304ee0000000p+0'],
    ['0x1.8df0080000000p+0', '0x1.71915e0000000p+1', '0x1.38ccce0000000p-2', '0x1.738b740000000p-1',
     '0x1.58841e0000000p+0', '0x1.2352a00000000p-3', '0x1.0d015a0000000p+0', '0x1.f369560000000p+0',
     '0x1.a46fae0000000p-3'],
]


def _matrices():
    rs = np.random.RandomState(1)
    for scale, f32, f64 in TF_BITS:
        yield rs.randn(3, 3) * scale, f32, f64


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_expm_bits(dtype, cpu_kind):
    for (a, f32, f64), f32_avx2 in zip(_matrices(), TF_BITS_F32_AVX2):
        if cpu_kind == 'avx2':
            f32 = f32_avx2
        expected = np.array([float.fromhex(v) for v in (f32 if dtype == 'float32' else f64)], dtype)
        np.testing.assert_array_equal(tf.linalg.expm(tf.constant(a.astype(dtype))).numpy().ravel(), expected)
