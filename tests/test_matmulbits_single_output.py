"""tf.matmul's single outputs and one columns of transposed operands, and a Dense layer's eager input gradient, in
TF 2.21's order where its Eigen kernels run (the AVX2 EPYC for float32; float64 everywhere).

A (1, K) times a transposed (1, K) (``g @ W.T`` of one sample through a Dense layer of one input feature, the
``tf.gradients(u, x)`` of a physics-informed network) is Eigen's redux below K + 2 = 20, its four-accumulator
dot from there, in order when ``a`` is a transposed stored column (framework/ops/eigen_single_output.py); one
column of ``x.T @ w.T`` from a depth of 128 is the column-major gemv's blocks of 16 (eigen_gemv.py); a Dense
layer's eager input gradient with one sample or one input feature takes matmul's routes (it took BLAS's rows:
lead55 kpred.py's eager line differed). Goldens: TF 2.21 on this EPYC, /work/notes/progs/matmulbits/gold1.py
(inputs regenerated here from the same seeds): 28 of 49 values differed before.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SINGLE = [(dt, k, ta) for dt in ('float32', 'float64') for k in (4, 10, 14, 17, 18, 20, 33, 40, 100, 130)
          for ta in (False, True)]
SINGLE_GOLDEN = [
    '0x1.2d5cfe0000000p+1', '0x1.519acc0000000p+0', '-0x1.7fb6800000000p-5', '-0x1.8823180000000p+2',
    '0x1.56b21c0000000p+2', '-0x1.b5f34e0000000p+1', '-0x1.50d74e0000000p-1', '0x1.6ff70e0000000p+1',
    '-0x1.1559aa0000000p+2', '0x1.9467920000000p+1', '0x1.6974700000000p+1', '-0x1.9e8e140000000p-3',
    '-0x1.377e360000000p+1', '0x1.047f740000000p+2', '0x1.68a3400000000p-2', '-0x1.16c36a0000000p+2',
    '0x1.2470e20000000p+1', '0x1.28dc540000000p+2', '0x1.d7d4e60000000p+3', '-0x1.1a64140000000p+3',
    '-0x1.850ad4d47b162p+1', '-0x1.6467ca10ae708p-3', '0x1.3c7be2ca366adp-2', '0x1.86cd27fd525dfp+0',
    '-0x1.275cf68a67c86p-2', '-0x1.51311a3830d90p+1', '0x1.274d6ddb49cf8p+0', '-0x1.2790e10ec788fp+2',
    '0x1.46b3d357f3eb2p+1', '-0x1.68fe358a19475p+1', '-0x1.e5801d7ef928ap+1', '0x1.9a6ad590324fep+1',
    '-0x1.3ad5b4f4243e1p+0', '0x1.a14e924b3545bp+2', '-0x1.9e98fa1f7e9a8p+2', '-0x1.5533117dbb6e6p+0',
    '-0x1.009b9efbd4a7ap-1', '0x1.177d1af746c85p+4', '0x1.210e929bd632cp+3', '-0x1.8facdf2376930p+2',
]

COLUMN = [(3, 130), (5, 200), (2, 1000)]
COLUMN_GOLDEN = [
    ['-0x1.01b3cc0000000p+3', '-0x1.bb381e0000000p+2', '-0x1.329b2a0000000p+4'],
    ['0x1.1c4a580000000p-3', '0x1.8636fa0000000p+3', '-0x1.7072a80000000p+3', '-0x1.ba4d240000000p-1',
        '-0x1.30adc80000000p+4'],
    ['0x1.5b88700000000p+4', '-0x1.67265c0000000p+5'],
]

DENSE = [('float32', 4, 1, 8, 'tanh'), ('float32', 1, 3, 9, None), ('float32', 5, 1, 9, None),
         ('float64', 3, 1, 8, 'tanh'), ('float64', 1, 8, 20, None), ('float32', 1, 1, 20, 'tanh')]
DENSE_GOLDEN = [
    ['0x1.03a97c0000000p+0', '-0x1.08612e0000000p-3', '0x1.6101280000000p+0', '0x1.e80fce0000000p+0'],
    ['-0x1.e3b4520000000p+0', '0x1.eaeb7a0000000p+0', '-0x1.bdbdea0000000p-2'],
    ['0x1.7672aa0000000p+0', '0x1.61f5240000000p+1', '0x1.d6ccd00000000p+2', '-0x1.69c69a0000000p+2',
        '-0x1.62b3000000000p+2'],
    ['0x1.36becc01f104fp+0', '-0x1.22d0da3d12fcbp+2', '0x1.b2fa65bb232e6p+0'],
    ['0x1.d3aba6b328a98p+2', '0x1.50edf7cb14fb2p+1', '0x1.a6d1a4e0cc9b4p+0', '-0x1.385dfd956e413p+2',
        '-0x1.3c67006898ed4p-1', '0x1.864a02416a556p+2', '0x1.85bdbc2946660p+2', '-0x1.80aa8ebb9413ap+1'],
    ['-0x1.54ef460000000p-1'],
]


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy()).ravel()]


@pytest.mark.parametrize('index', range(len(SINGLE)))
def test_single_output_of_a_transposed_b_sums_as_eigen(epyc_cpu, index):
    dtype, depth, transpose_a = SINGLE[index]
    rng = np.random.default_rng(100 + index)
    a = rng.standard_normal((depth, 1) if transpose_a else (1, depth)).astype(dtype)
    b = rng.standard_normal((1, depth)).astype(dtype)
    out = tf.matmul(tf.constant(a), tf.constant(b), transpose_a=transpose_a, transpose_b=True)
    assert out.shape == (1, 1) and out.dtype == dtype
    assert _hexes(out) == [SINGLE_GOLDEN[index]]


@pytest.mark.parametrize('index', range(len(COLUMN)))
def test_deep_column_of_both_transposes_sums_in_blocks_of_sixteen(epyc_cpu, index):
    rows, depth = COLUMN[index]
    rng = np.random.default_rng(200 + index)
    a = rng.standard_normal((depth, rows)).astype('float32')
    b = rng.standard_normal((1, depth)).astype('float32')
    out = tf.matmul(tf.constant(a), tf.constant(b), transpose_a=True, transpose_b=True)
    assert _hexes(out) == COLUMN_GOLDEN[index]


@pytest.mark.parametrize('index', range(len(DENSE)))
def test_dense_eager_input_gradient_of_one_sample_or_feature_is_matmuls(epyc_cpu, index):
    dtype, rows, features, units, activation = DENSE[index]
    rng = np.random.default_rng(300 + index)
    x = tf.constant(rng.standard_normal((rows, features)).astype(dtype))
    layer = keras.layers.Dense(units, activation=activation, dtype=dtype)
    layer.build((None, features))
    layer.kernel.assign(rng.standard_normal((features, units)).astype(dtype))
    layer.bias.assign(rng.standard_normal((units,)).astype(dtype))
    weights = tf.constant(rng.standard_normal((rows, units)).astype(dtype))
    with tf.GradientTape() as tape:
        tape.watch(x)
        u = layer(x) * weights
    assert _hexes(tape.gradient(u, x)) == DENSE_GOLDEN[index]
