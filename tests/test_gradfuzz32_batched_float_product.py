"""Small batched float32 products on the AVX2 EPYC, summed as TF 2.21's BatchMatMul sums them (Eigen's
coefficient-based product: framework/ops/eigen_float_batched.py), and the gradients made of them.

Goldens: TF 2.21 on the AMD EPYC (oneDNN off), /work/notes/progs/gradfuzz32/p19.py (values as float.hex)
and p18.py (EinsumDense kernel gradients as int32 bits; the Xeon's oneDNN gives other bits,
tests/test_grid13_keras_einsum.py). Each differed from TF at HEAD before the module (numpy's BLAS).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

GOLDEN = {
    'rows_by_rows': (
        '0x1.09e53c0000000p+1 0x1.0ca85e0000000p+1 0x1.0f58100000000p+1 0x1.59e65c0000000p+1 0x1.5a70ec0000000p+1 '
        '0x1.5ae2660000000p+1 0x1.5f8d220000000p+0 0x1.5b207c0000000p+0 0x1.569ac20000000p+0 '
        '-0x1.de43e80000000p-1 -0x1.eab6d80000000p-1 -0x1.f706500000000p-1 '),
    'in_order': (
        '-0x1.75eab00000000p+0 -0x1.03ac3c0000000p+1 -0x1.3d716a0000000p+0 0x1.9a90960000000p+0 '
        '0x1.f14b4a0000000p+0 0x1.67c68e0000000p+0 0x1.f0a8b80000000p-2 -0x1.1332940000000p+1 '
        '-0x1.b22d780000000p-3 0x1.d5b9600000000p+0 0x1.3cd1bc0000000p+1 0x1.7e3aac0000000p+0 '
        '-0x1.7ffed20000000p-1 -0x1.3523fe0000000p+1 -0x1.1782240000000p+1 -0x1.1bdb240000000p-1 '
        '0x1.4253f40000000p+1 0x1.6899f00000000p-2 -0x1.9602280000000p-1 -0x1.0521cc0000000p+1 '
        '-0x1.1ae0cc0000000p+1 0x1.c354c00000000p-2 0x1.a6e4100000000p+0 0x1.de69160000000p+0 '),
    'transpose_a': (
        '-0x1.75eab00000000p+0 -0x1.3d716a0000000p+0 0x1.f14b4a0000000p+0 0x1.f0a8b80000000p-2 '
        '-0x1.03ac3c0000000p+1 0x1.9a90960000000p+0 0x1.67c68e0000000p+0 -0x1.1332940000000p+1 '
        '-0x1.b22d780000000p-3 0x1.3cd1bc0000000p+1 -0x1.7ffed20000000p-1 -0x1.1782240000000p+1 '
        '0x1.d5b9600000000p+0 0x1.7e3aac0000000p+0 -0x1.3523fe0000000p+1 -0x1.1bdb240000000p-1 '
        '0x1.4253f40000000p+1 -0x1.9602280000000p-1 -0x1.1ae0cc0000000p+1 0x1.a6e4100000000p+0 '
        '0x1.6899f00000000p-2 -0x1.0521cc0000000p+1 0x1.c354c00000000p-2 0x1.de69160000000p+0 '),
    'solve_grad': (
        '0x1.1805740000000p+4 -0x1.9abb8c0000000p+4 -0x1.9f5bb60000000p+5 0x1.2a35a40000000p+6 '
        '-0x1.a88e540000000p+6 0x1.3704a60000000p+6 0x1.dea5760000000p+4 -0x1.5cbc740000000p+4 '),
}
EPYC_ED_KERNEL = [1038360936, 1073382756, 1054164066, 1049914066, -1090314709, 1049736485, 1060147336, 1060160748, -1098888544, 1073142206, -1080517658, -1088232261, 1032398176, 1075564380, 1058370322, -1110336176, -1109263336, 1070868306, -1091134216, -1082121139, 1047216232, 1076131094, -1073429823, -1078410692]
EPYC_ED2_KERNEL = [-1072697163, 1044737072, 1057430270, -1070811296, -1088074928, -1082132360, 1057046844, -1071870760, -1078988857, 1034482328, 1061100343, -1067229784, -1088241514, 1036765716, 1050960628, -1082313287]


def _values(shape, f, step):
    return tf.constant((f(np.arange(np.prod(shape)) * step + 0.1) * 1.7).reshape(shape).astype(np.float32))


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy(), np.float64).ravel()]


def test_rows_by_rows_sum_packets_of_eight(epyc_cpu):
    a, b = _values((2, 2, 9), np.sin, 1.3), _values((2, 3, 9), np.cos, 0.7)
    assert _hexes(tf.matmul(a, b, transpose_b=True)) == GOLDEN['rows_by_rows'].split()


@pytest.mark.parametrize('transposed', [False, True])
def test_products_add_in_depth_order(epyc_cpu, transposed):
    a, b = _values((3, 4, 12), np.sin, 0.9), _values((3, 12, 2), np.cos, 1.1)
    if transposed:
        assert _hexes(tf.matmul(b, a, transpose_a=True, transpose_b=True)) == GOLDEN['transpose_a'].split()
    else:
        assert _hexes(tf.matmul(a, b)) == GOLDEN['in_order'].split()


def test_batched_solve_gradient(epyc_cpu):
    a = _values((2, 2, 2), np.sin, 1.3) + 2 * tf.eye(2)
    r = _values((2, 2, 2), np.cos, 0.7)
    with tf.GradientTape() as t:
        t.watch(a)
        loss = tf.reduce_sum(tf.linalg.solve(a, r) * _values((2, 2, 2), np.cos, 1.9))
    assert _hexes(t.gradient(loss, a)) == GOLDEN['solve_grad'].split()


@pytest.fixture
def exact_math():
    before = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True        # every array in TF's rounding (as tests/test_grid13_keras_einsum.py)
    yield
    eigen_math.ENABLED[0] = before


def test_einsum_dense_kernel_gradients(epyc_cpu, exact_math):
    rng = np.random.RandomState(13)
    x = tf.constant(rng.rand(2, 3, 2, 3).astype('float32'))
    layer = keras.layers.EinsumDense('abcd,cde->abe', output_shape=(3, 4), bias_axes='e')
    layer(x)
    layer.set_weights([rng.randn(2, 3, 4).astype('float32'), rng.randn(4).astype('float32')])
    r = tf.constant(rng.randn(2, 3, 4).astype('float32'))
    x2 = tf.constant(rng.rand(2, 3, 4).astype('float32'))
    layer2 = keras.layers.EinsumDense('abc,cde->abde', output_shape=(3, 2, 2), bias_axes='de')
    layer2(x2)
    layer2.set_weights([rng.randn(4, 2, 2).astype('float32'), rng.randn(2, 2).astype('float32')])
    r2 = tf.constant(rng.randn(2, 3, 2, 2).astype('float32'))
    for lay, inputs, upstream, golden in ((layer, x, r, EPYC_ED_KERNEL), (layer2, x2, r2, EPYC_ED2_KERNEL)):
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(lay(inputs) * upstream)
        grad = t.gradient(loss, lay.kernel)
        assert np.asarray(grad, np.float32).ravel().view(np.int32).tolist() == golden
