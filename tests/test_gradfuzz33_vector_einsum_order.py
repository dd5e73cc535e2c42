"""float32 einsums with a side of 1 on the AVX2 EPYC: Einsum's batch-of-one BatchMatMul runs Eigen's Matrix product.

TensorFlow's Einsum kernel always calls BatchMatMul; with oneDNN off (this AMD EPYC) and the smallest of M, K, N
equal to 1, its CPU kernel multiplies with Eigen's Matrix product (SequentialMatMulKernel), not MatMul's tensor
contraction, and for K + M + N < 20 that product is coefficient-based: each output's rounded products added in
order (eigen_float_batched.py). tapeflow summed these (a matrix-vector einsum, 'ij,j->i') with one fused
multiply-add per step, oneDNN's order on the Xeon: 6 of 6 of these cases, 28 of 99 small einsums of
/work/notes/progs/gradfuzz33/p9.py differed from TF 2.21 in the last bit. Goldens: TF 2.21 on this EPYC,
/work/notes/progs/gradfuzz33/p11.py (its inputs are regenerated here from the same seeds). Past those sizes the
product is Eigen's matrix-vector kernel, as tf.matmul's (eigen_float_matvec.py; p16.py, 5 of 5 differed before).
"""
import numpy as np
import pytest

import framework as tf

CASES = [('ij,j->i', (3, 4), (4,)), ('ij,j->i', (5, 12), (12,)), ('j,ij->i', (9,), (2, 9)),
         ('i,ij->j', (12,), (12, 5)), ('ij,kj->ik', (6, 11), (1, 11)), ('bij,bj->bi', (1, 4, 13), (1, 13))]

GOLDEN = [
    ['0x1.0831f00000000p-1', '-0x1.3f428c0000000p+0', '-0x1.3dc7cc0000000p+1'],
    ['-0x1.e2f5e00000000p+0', '-0x1.0b00780000000p-2', '0x1.c505640000000p+1', '-0x1.9b8bce0000000p+2', '0x1.6269140000000p+0'],
    ['-0x1.7bf7260000000p-4', '0x1.d313ce0000000p+2'],
    ['0x1.b3fabe0000000p+2', '0x1.68cf780000000p+2', '-0x1.a577180000000p-1', '-0x1.0360580000000p+2', '0x1.08321a0000000p+2'],
    ['-0x1.7b39d40000000p+0', '-0x1.4509a00000000p+3', '-0x1.514ac40000000p+1', '0x1.4dc4340000000p+1', '0x1.9bb2bc0000000p-1', '-0x1.4c90540000000p+2'],
    ['-0x1.2321a60000000p+1', '-0x1.4b9b300000000p+2', '-0x1.07c54a0000000p+3', '0x1.9fb4880000000p-2'],
]


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy()).ravel()]


@pytest.mark.parametrize('seed', range(len(CASES)))
def test_vector_einsum_sums_as_eigen_matrix_product(epyc_cpu, seed):
    spec, lhs_shape, rhs_shape = CASES[seed]
    r = np.random.RandomState(seed)
    x = tf.constant(np.round(r.uniform(-2, 2, size=lhs_shape), 3), tf.float32)
    y = tf.constant(np.round(r.uniform(-2, 2, size=rhs_shape), 3), tf.float32)
    out = tf.einsum(spec, x, y)
    assert out.dtype == tf.float32
    assert _hexes(out) == GOLDEN[seed]


GEMV_CASES = [('ij,j->i', (4, 15), (15,)), ('bij,bj->bi', (1, 6, 13), (1, 13)), ('i,ij->j', (20,), (20, 8)),
              ('ij,kj->ik', (5, 33), (1, 33)), ('j,ij->i', (16,), (3, 16))]

GEMV_GOLDEN = [
    ['-0x1.36d0360000000p+1', '0x1.70f2380000000p+1', '0x1.176fc60000000p+3', '0x1.9014cc0000000p+0'],
    ['0x1.48b9b00000000p+2', '-0x1.4c775e0000000p+3', '0x1.db6c300000000p-4', '-0x1.ff9d0e0000000p+0', '0x1.53e5cc0000000p+0', '-0x1.0c78b00000000p+2'],
    ['0x1.45a1f00000000p+0', '0x1.ba739e0000000p+3', '0x1.9f28340000000p+2', '-0x1.ef0a600000000p-2', '-0x1.295ca80000000p-1', '-0x1.7155ee0000000p+2', '0x1.61d4b00000000p+3', '-0x1.3991500000000p+2'],
    ['-0x1.291c9a0000000p+3', '-0x1.b034740000000p+3', '0x1.d7d3400000000p+2', '-0x1.5caf0e0000000p+1', '0x1.b865580000000p+1'],
    ['0x1.049dc80000000p+0', '-0x1.5b394e0000000p+1', '-0x1.dd5b640000000p-1'],
]


@pytest.mark.parametrize('case', range(len(GEMV_CASES)))
def test_vector_einsum_past_coefficient_sizes_sums_as_eigen_gemv(epyc_cpu, case):
    spec, lhs_shape, rhs_shape = GEMV_CASES[case]
    r = np.random.RandomState(case + 10)
    x = tf.constant(np.round(r.uniform(-2, 2, size=lhs_shape), 3), tf.float32)
    y = tf.constant(np.round(r.uniform(-2, 2, size=rhs_shape), 3), tf.float32)
    assert _hexes(tf.einsum(spec, x, y)) == GEMV_GOLDEN[case]
