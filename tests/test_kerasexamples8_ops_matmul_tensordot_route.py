"""keras.ops.matmul takes Keras 3's TF-backend routes: tf.tensordot for a batch of matrices by one matrix
and for a vector on either side, tf.matmul otherwise, as TF 2.21.

keras.io's traffic forecasting example (GraphConv: ``ops.matmul(features, self.weight)`` of a
(nodes, batch, steps, 1) tensor by a (1, 4) kernel) trained to other weights: tapeflow ran a batched product,
whose sums, and above all its kernel gradient's (a sum of per-batch products), are not tensordot's single
MatMul over every leading axis. On this AVX2 CPU TF 2.21's keras.ops.matmul of (5, 4, 6, 3) by (3, 4) equals
its tf.tensordot(x, w, [[-1], [0]]) bit for bit, and not its tf.matmul. After the change the example's fit
history equals TF's (its remaining weight drift is the 2-D MatMul kernel's, a CPU-kind item).
Goldens: /work/notes/progs/kerasexamples8/p9.py, p10.py, p11.py, p8.py (TF 2.21).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _value_and_gradients(product, x, w, g):
    x, w = tf.constant(x), tf.constant(w)
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        total = ops.sum(product(x, w) * g)
    gx, gw = tape.gradient(total, [x, w])
    return [np.asarray(t) for t in (product(x, w), gx, gw)]


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('shape_a, shape_b, axes', [
    ((5, 4, 6, 3), (3, 4), [[-1], [0]]),      # a batch of matrices by one matrix
    ((5, 4, 6, 1), (1, 4), [[-1], [0]]),      # the traffic example's GraphConv
    ((7, 9, 2), (2, 5), [[-1], [0]]),
    ((5, 4, 3), (3,), 1),                     # by a vector
    ((3,), (5, 3, 4), [[0], [-2]]),           # a vector by a batch
])
def test_products_are_tensordots_bit_for_bit(shape_a, shape_b, axes, dtype):
    rs = np.random.RandomState(0)
    x, w = rs.randn(*shape_a).astype(dtype), rs.randn(*shape_b).astype(dtype)
    g = rs.randn(*np.matmul(x, w).shape).astype(dtype)
    keras_route = _value_and_gradients(ops.matmul, x, w, g)
    tensordot = _value_and_gradients(lambda a, b: tf.tensordot(a, b, axes=axes), x, w, g)
    for got, want in zip(keras_route, tensordot):      # TF 2.21: equal bit for bit (p11.py against p12.py)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.tobytes() == want.tobytes()


def test_the_graph_conv_kernel_gradient_is_tfs(same_as_tf):
    rs = np.random.RandomState(0)
    x = tf.constant(rs.randn(5, 4, 6, 1).astype('float32'))
    w = tf.Variable(rs.randn(1, 4).astype('float32'))
    g = tf.constant(rs.randn(5, 4, 6, 4).astype('float32'))
    with tf.GradientTape() as tape:
        total = ops.sum(ops.matmul(x, w) * g)
    gw = np.asarray(tape.gradient(total, w)).ravel()
    # TF 2.21 on the AVX2 EPYC: ['0xc1de3aaa', '0x4093ed2b', '0xc0c3e7fb', '0xc17d58fb'] (tapeflow gave
    # 0xc1de3aad, 0x4093ed2c for the first two)
    bits = np.array([0xc1de3aaa, 0x4093ed2b, 0xc0c3e7fb, 0xc17d58fb], 'uint32')
    expected = [float(v) for v in bits.view('float32')]
    same_as_tf([float(v) for v in gw], expected, measured_on='avx2')


def test_other_ranks_stay_matmuls():
    rs = np.random.RandomState(1)
    for a, b in [((2, 3), (3, 4)), ((3, 5, 7), (3, 7, 2)), ((5, 7), (3, 7, 2))]:
        x, w = rs.randn(*a).astype('float32'), rs.randn(*b).astype('float32')
        assert np.asarray(ops.matmul(x, w)).tobytes() == np.asarray(tf.matmul(x, w)).tobytes()


def test_integer_and_int8_operands():
    rs = np.random.RandomState(2)
    x, w = rs.randint(-5, 5, (3, 4, 2)).astype('int32'), rs.randint(-5, 5, (2, 3)).astype('int32')
    y = ops.matmul(x, w)
    assert y.dtype == 'int32' and np.asarray(y).tolist() == np.matmul(x, w).tolist()   # TF 2.21: same dtype, values
    y8 = ops.matmul(x.astype('int8'), w.astype('int8'))
    assert y8.dtype == 'int32' and np.asarray(y8).tolist() == np.matmul(x, w).tolist()  # TF 2.21: int32
    v8 = ops.matmul(x[0, 0].astype('int8'), w.astype('int8'))
    assert v8.dtype == 'int8' and np.asarray(v8).tolist() == np.matmul(x[0, 0], w).tolist()   # TF 2.21: int8


def test_shapes_on_keras_inputs():
    inp = keras.Input((4, 3))
    assert tuple(ops.matmul(inp, ops.ones((3, 2))).shape) == (None, 4, 2)     # TF 2.21 gives these
    assert tuple(ops.matmul(inp, ops.ones((3,))).shape) == (None, 4)
    assert tuple(ops.matmul(ops.ones((4,)), inp).shape) == (None, 3)
