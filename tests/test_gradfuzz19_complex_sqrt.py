"""Complex tf.math.sqrt / rsqrt in TF 2.21's bits: Eigen's psqrt_complex on packets and complex_sqrt on the tail,
complex_rsqrt everywhere (framework/ops/eigen_complex_sqrt.py), infinities, NaNs and signed zeros included.
numpy's sqrt differed from TF in about 11% of random values, 1 / sqrt(z) in about 70%.

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t19.py: the 13 values EDGES as
complex64 (sqrt and rsqrt), then rs = np.random.RandomState(4); x = complex64 rs.randn(6) + 1j * rs.randn(6);
each value printed as (real.hex(), imag.hex()).
"""
import numpy as np
import pytest

import framework as tf

INF, NAN = np.inf, np.nan
EDGES = [0j, complex(-0., 0.), complex(0., -0.), complex(-4, 0), complex(-4, -0.), complex(INF, 1), complex(-INF, 1),
         complex(1, INF), complex(NAN, 1), complex(1, NAN), complex(-INF, -2), complex(0, 2), complex(3, -4)]
TF_SQRT_EDGES = [
    ('0x0.0p+0', '0x0.0p+0'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('0x0.0p+0', '0x1.0000000000000p+1'),
    ('0x0.0p+0', '-0x1.0000000000000p+1'),
    ('inf', '0x0.0p+0'),
    ('0x0.0p+0', 'inf'),
    ('inf', 'inf'),
    ('nan', 'nan'),
    ('nan', 'nan'),
    ('0x0.0p+0', 'inf'),
    ('0x1.0000000000000p+0', '0x1.0000000000000p+0'),
    ('0x1.0000000000000p+1', '-0x1.0000000000000p+0')]
TF_RSQRT_EDGES = [
    ('inf', 'nan'),
    ('inf', 'nan'),
    ('inf', 'nan'),
    ('0x0.0p+0', '-0x1.0000000000000p-1'),
    ('0x0.0p+0', '-0x1.0000000000000p-1'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('nan', 'nan'),
    ('nan', 'nan'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('0x1.0000000000000p-1', '-0x1.0000000000000p-1'),
    ('0x1.99999a0000000p-2', '0x1.99999a0000000p-3')]
TF_SQRT_RANDOM = [
    ('0x1.2ef47a0000000p-1', '-0x1.183a280000000p-1'),
    ('0x1.9993800000000p-1', '0x1.7f1c440000000p-2'),
    ('0x1.50655c0000000p-3', '0x1.02e9c80000000p+0'),
    ('0x1.0231680000000p+0', '-0x1.23424e0000000p-1'),
    ('0x1.9f02d40000000p-2', '0x1.86c93e0000000p-1'),
    ('0x1.1e309a0000000p-5', '-0x1.42607a0000000p+0')]
TF_RSQRT_RANDOM = [
    ('0x1.d250f00000000p-1', '0x1.af553a0000000p-1'),
    ('0x1.0695240000000p+0', '-0x1.eb3af60000000p-2'),
    ('0x1.406aca0000000p-3', '-0x1.ed3aca0000000p-1'),
    ('0x1.8120f80000000p-1', '0x1.b2737a0000000p-2'),
    ('0x1.15dae60000000p-1', '-0x1.05a2dc0000000p+0'),
    ('0x1.68a9e20000000p-6', '0x1.9644740000000p-1')]


def _hex(values):
    return [(float(v.real).hex(), float(v.imag).hex()) for v in np.ravel(values)]


def test_edge_cases_in_packets_and_the_tail():
    x = tf.constant(np.array(EDGES, np.complex64))
    assert _hex(tf.math.sqrt(x).numpy()) == TF_SQRT_EDGES
    assert _hex(tf.math.rsqrt(x).numpy()) == TF_RSQRT_EDGES


def test_random_values():
    rs = np.random.RandomState(4)
    x = tf.constant((rs.randn(6) + 1j * rs.randn(6)).astype(np.complex64))
    assert _hex(tf.math.sqrt(x).numpy()) == TF_SQRT_RANDOM
    assert _hex(tf.math.rsqrt(x).numpy()) == TF_RSQRT_RANDOM


@pytest.mark.parametrize('dtype', [np.complex64, np.complex128])
def test_roots_square_back(dtype):
    rs = np.random.RandomState(9)
    z = (rs.randn(11) + 1j * rs.randn(11)).astype(dtype)
    root = tf.math.sqrt(tf.constant(z)).numpy()
    tol = 1e-5 if dtype == np.complex64 else 1e-12
    np.testing.assert_allclose(root * root, z, rtol=tol, atol=tol)
    np.testing.assert_allclose(tf.math.rsqrt(tf.constant(z)).numpy() * root, np.ones(11), rtol=tol, atol=tol)
    assert np.all(root.real >= 0)
