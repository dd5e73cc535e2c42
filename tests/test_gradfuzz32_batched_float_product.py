"""Small batched float32 products on the AVX2 EPYC, summed as TF 2.21's BatchMatMul sums them (Eigen's
coefficient-based product: framework/ops/eigen_float_batched.py), and the gradients made of them.

Goldens: TF 2.21 on the AMD EPYC (oneDNN off), /work/notes/progs/gradfuzz32/p19.py and p25.py (tf.einsum's
batched products; values as float.hex) and p18.py (EinsumDense kernel gradients as int32 bits; the Xeon's oneDNN gives other bits,
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


# tf.einsum's batched products (p25.py: 8 of 8 specs equal TF, 0 before), drawn from RandomState(1) in this order
EINSUM_SPECS = [('bij,bjk->bik', (3, 2, 9), (3, 9, 4)), ('bij,bkj->bik', (3, 2, 9), (3, 4, 9)),
                ('bji,bjk->bik', (3, 9, 2), (3, 9, 4)), ('bji,bkj->bik', (2, 5, 3), (2, 4, 5)),
                ('bhqd,bhkd->bhqk', (2, 2, 3, 4), (2, 2, 3, 4)), ('bhqk,bhkd->bhqd', (2, 2, 3, 3), (2, 2, 3, 4))]
EINSUM_GOLDEN = [
    (1, 'bij,bkj->bik', (
        '0x1.aa10e20000000p+2 -0x1.5309700000000p+0 -0x1.0df3340000000p+1 -0x1.f92b6e0000000p+0 '
        '-0x1.1fc1c20000000p-1 0x1.08da7c0000000p+0 -0x1.8d42740000000p+0 -0x1.b44fa40000000p-1 '
        '0x1.442c960000000p+1 0x1.e02a960000000p+0 0x1.fc95da0000000p-1 -0x1.0b86a40000000p+1 '
        '0x1.1f1ee00000000p+1 0x1.0d7ee00000000p+1 0x1.48450a0000000p+2 -0x1.7aa2d00000000p-3 '
        '-0x1.39ffe00000000p+1 -0x1.68a2400000000p-1 -0x1.cba0400000000p+2 0x1.76667e0000000p+1 '
        '-0x1.455cf00000000p-4 0x1.0b35b80000000p+2 0x1.d56f860000000p+1 -0x1.d816b80000000p-1 ')),
    (4, 'bhqd,bhkd->bhqk', (
        '-0x1.87a66a0000000p-1 0x1.4537e40000000p+1 0x1.9df8000000000p-3 -0x1.739a4e0000000p-1 '
        '-0x1.5782800000000p-2 -0x1.37b8260000000p+1 0x1.237ec20000000p-1 0x1.0b63ae0000000p+3 '
        '-0x1.51c4980000000p+2 -0x1.48f0d60000000p+1 -0x1.42e9500000000p+0 -0x1.a804d80000000p+0 '
        '-0x1.b1fd100000000p+0 -0x1.8b431e0000000p+1 0x1.7c060a0000000p-1 -0x1.b076e00000000p-3 '
        '0x1.46b9120000000p-3 0x1.61760c0000000p-5 0x1.579b360000000p+1 0x1.1e4d920000000p-2 0x1.0d68ea0000000p-2 '
        '-0x1.8b75900000000p+0 -0x1.7bc7dc0000000p-1 -0x1.fca5b80000000p+0 0x1.14b13e0000000p+2 '
        '0x1.0b3e7c0000000p-1 -0x1.64ba1c0000000p-1 0x1.c2256c0000000p+1 -0x1.ef61840000000p-1 '
        '0x1.a372680000000p-1 0x1.b0ce800000000p+1 -0x1.40d67c0000000p-1 0x1.660d600000000p-4 '
        '0x1.569d600000000p-4 0x1.eeaa980000000p+1 -0x1.5c2f880000000p+0 ')),
    (5, 'bhqk,bhkd->bhqd', (
        '0x1.3645da0000000p-2 0x1.20b8300000000p-5 -0x1.7332360000000p+0 -0x1.43c4ec0000000p-2 '
        '-0x1.5e32980000000p-1 0x1.3f57e40000000p-3 -0x1.6746000000000p-4 -0x1.c599800000000p-4 '
        '0x1.b7aa740000000p-2 -0x1.5470e60000000p-2 0x1.4258c60000000p-1 0x1.037fac0000000p-2 '
        '0x1.63dffa0000000p+1 -0x1.f8d3380000000p+0 0x1.5c85280000000p+0 -0x1.30993c0000000p+1 '
        '-0x1.991e600000000p-3 0x1.52e2560000000p+0 0x1.994d3c0000000p-1 0x1.2373580000000p+0 '
        '-0x1.5bb3180000000p-1 0x1.26a2a40000000p+0 0x1.25b4de0000000p+0 -0x1.27aea00000000p-3 '
        '-0x1.a3328c0000000p-1 0x1.fbdfb60000000p-3 -0x1.730ffc0000000p-1 -0x1.6cb5b00000000p+1 '
        '-0x1.aed6a40000000p-2 -0x1.4ddf340000000p-2 -0x1.8d4be40000000p-3 0x1.77b8320000000p+0 '
        '-0x1.43784e0000000p-2 0x1.4c988e0000000p-3 0x1.4920200000000p-7 0x1.eea24a0000000p-2 '
        '-0x1.f9a58a0000000p+1 0x1.257f380000000p+0 0x1.a0029e0000000p-1 0x1.502f2c0000000p+0 '
        '0x1.e3aa9a0000000p+2 0x1.237a900000000p+0 0x1.9044880000000p+0 -0x1.5066b00000000p-3 '
        '0x1.e545300000000p+1 -0x1.3139440000000p-2 0x1.7d42c00000000p-5 -0x1.6743ee0000000p-2 ')),

]


@pytest.mark.parametrize('index, spec, golden', EINSUM_GOLDEN, ids=[row[1] for row in EINSUM_GOLDEN])
def test_einsum_batched_products(epyc_cpu, index, spec, golden):
    rng = np.random.RandomState(1)
    for n, (_, shape_a, shape_b) in enumerate(EINSUM_SPECS):
        a, b = rng.randn(*shape_a).astype(np.float32), rng.randn(*shape_b).astype(np.float32)
        if n == index:
            break
    assert _hexes(tf.einsum(spec, tf.constant(a), tf.constant(b))) == golden.split()
