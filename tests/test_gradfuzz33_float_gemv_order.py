"""float32 ``tf.matmul(..., transpose_b=True)`` with one row or one column where oneDNN is off (the AVX2 EPYC).

TF runs Eigen's matrix-vector product there (eigen_float_matvec.py): one row times the stored b is the
row-major gemv (eight lanes over packets of 8, folded; the last odd row's half packet), one column of a
transposed a the column-major gemv (products in order), coefficient-based below K + M + N = 20. tapeflow took
numpy's BLAS: 8 of these 12 results differed from TF 2.21 in the last bits, the input gradient of a
one-sample tanh(x @ W) among them (its ``g @ W.T``). Goldens: TF 2.21 on this EPYC,
/work/notes/progs/gradfuzz33/p15.py (inputs regenerated here from the same seeds) and p14.py.
"""
import numpy as np
import pytest

import framework as tf

CASES = [(4, 15, False, 'row'), (8, 20, True, 'row'), (5, 33, False, 'row'), (30, 7, False, 'row'),
         (6, 13, True, 'col'), (12, 9, True, 'col'), (3, 16, False, 'col'), (3, 8, False, 'row'),
         (2, 16, True, 'row'), (6, 5, False, 'row'), (4, 3, True, 'col')]

GOLDEN = [
    ['0x1.b2c2de0000000p+1', '0x1.2273500000000p-1', '-0x1.a3d04c0000000p-1', '0x1.550c7c0000000p-1'],
    ['-0x1.2351700000000p-1', '0x1.0c0dc00000000p-2', '-0x1.b470340000000p+0', '0x1.e8e4fc0000000p-2',
        '-0x1.dc4d200000000p-1', '-0x1.02bdac0000000p+3', '0x1.da10f00000000p+2', '0x1.2041640000000p+3'],
    ['0x1.4dc7440000000p+0', '-0x1.3c32000000000p-6', '-0x1.e9f4b40000000p+0', '0x1.ba7d7a0000000p+1',
        '0x1.73fb3c0000000p+2'],
    ['0x1.8bf9840000000p-2', '0x1.4ab8520000000p+0', '0x1.a82ab60000000p+1', '0x1.5072340000000p+2',
        '-0x1.161e8c0000000p+1', '-0x1.6c92a00000000p-3', '-0x1.e468000000000p+0', '0x1.9dbf680000000p+0',
        '0x1.494e3c0000000p+1', '0x1.5036500000000p-2', '-0x1.1efc860000000p+2', '0x1.83b36c0000000p+1',
        '0x1.258d800000000p+2', '0x1.640f660000000p+1', '0x1.85594c0000000p-1', '-0x1.5a7ef80000000p-1',
        '-0x1.23655e0000000p+2', '0x1.90522c0000000p+0', '0x1.060c8a0000000p+2', '0x1.86c3100000000p-1',
        '0x1.7196c40000000p+2', '-0x1.708e440000000p+2', '0x1.fdaf500000000p+2', '-0x1.3155e00000000p+1',
        '0x1.e9a6b80000000p-2', '-0x1.97ef660000000p+2', '0x1.7238fc0000000p+2', '-0x1.0ccfac0000000p+3',
        '0x1.ba832c0000000p-1', '-0x1.51ee880000000p+1'],
    ['-0x1.11909c0000000p+3', '-0x1.2fba5c0000000p+1', '-0x1.dd73c20000000p+1', '-0x1.352f8c0000000p-1',
        '0x1.2cf5780000000p+1', '-0x1.457ed40000000p+1'],
    ['0x1.0b156a0000000p+1', '-0x1.22b7840000000p+3', '-0x1.0e493a0000000p+0', '0x1.5fb6140000000p+1',
        '-0x1.cdbbae0000000p+1', '-0x1.3fb0b00000000p-2', '-0x1.03c4340000000p+1', '0x1.693d3c0000000p+1',
        '-0x1.0bab980000000p-1', '-0x1.5948640000000p+2', '0x1.88b6f80000000p+0', '-0x1.b8ca380000000p-2'],
    ['0x1.55f1e80000000p+1', '-0x1.2d22080000000p+2', '-0x1.db81800000000p-2'],
    ['-0x1.8175ac0000000p+0', '0x1.418cf00000000p-2', '-0x1.1b5ea00000000p+1'],
    ['0x1.5b81ec0000000p-2', '0x1.abe33a0000000p+2'],
    ['0x1.62c7760000000p+2', '0x1.09e08a0000000p+2', '-0x1.0148340000000p+1', '-0x1.7321820000000p+0',
        '-0x1.4138a00000000p+2', '0x1.0f93040000000p+1'],
    ['-0x1.93ec380000000p+0', '-0x1.ace13e0000000p+1', '0x1.95e0b00000000p-1', '0x1.6492c00000000p+2'],
]

ONE_SAMPLE_INPUT_GRADIENT = [
    '-0x1.d50ce00000000p-3', '-0x1.23ae8a0000000p-2', '0x1.e2f6800000000p-4', '-0x1.39d7160000000p-5',
    '0x1.107eea0000000p-3', '-0x1.889f4a0000000p-2', '-0x1.a7354c0000000p-5', '0x1.f2cf560000000p-5',
    '-0x1.0ec1f00000000p-4', '-0x1.4f51c00000000p-3', '-0x1.e633c60000000p-3', '0x1.451bf40000000p-2',
    '0x1.95db2e0000000p-3', '-0x1.c744040000000p-2', '0x1.3886400000000p-4', '-0x1.dc09560000000p-4',
    '-0x1.c3197e0000000p-3', '0x1.f6fcd20000000p-7', '-0x1.7a2dbe0000000p-2', '-0x1.532cf80000000p-2',
    '-0x1.e6f7280000000p-3', '-0x1.52d5be0000000p-4', '0x1.bb59e20000000p-2', '-0x1.16e07a0000000p-3']


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy()).ravel()]


@pytest.mark.parametrize('seed', range(len(CASES)))
def test_transposed_b_product_with_a_side_of_one_sums_as_eigen_gemv(epyc_cpu, seed):
    rows, depth, transpose_a, side = CASES[seed]
    r = np.random.RandomState(seed)
    a = np.round(r.uniform(-2, 2, size=(rows, depth) if side == 'col' else (1, depth)), 3).astype(np.float32)
    b = np.round(r.uniform(-2, 2, size=(1, depth) if side == 'col' else (rows, depth)), 3).astype(np.float32)
    if transpose_a:
        a = a.T.copy()
    out = tf.matmul(tf.constant(a), tf.constant(b), transpose_a=transpose_a, transpose_b=True)
    assert out.dtype == tf.float32 and out.shape == ((rows, 1) if side == 'col' else (1, rows))
    assert _hexes(out) == GOLDEN[seed]


def test_one_sample_input_gradient(epyc_cpu):
    r = np.random.RandomState(99)
    x = tf.constant(np.round(r.uniform(-2, 2, size=(1, 24)), 3), tf.float32)
    w = tf.constant(np.round(r.uniform(-1, 1, size=(24, 10)), 3), tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.tanh(tf.matmul(x, w))
        loss = tf.reduce_sum(y * tf.constant(np.linspace(-1, 1, 10), tf.float32))
    assert _hexes(tape.gradient(loss, x)) == ONE_SAMPLE_INPUT_GRADIENT


def test_depth_five_row_adds_in_order(epyc_cpu):
    # tests/test_tutorials6_parity_loop_gradients.py's draws: oneDNN's pairs on the Xeon, in order here
    # (TF 2.21 on this EPYC, p14.py: all 24 outputs)
    rng = np.random.RandomState(7)
    a = rng.normal(size=(1, 5)).astype(np.float32)
    b = rng.normal(size=(24, 5)).astype(np.float32)
    got = tf.matmul(a, b, transpose_b=True).numpy()[0]
    p = [a[0, k] * b[:, k] for k in range(5)]
    np.testing.assert_array_equal(got, (((np.float32(0) + p[0]) + p[1]) + p[2] + p[3]) + p[4])
