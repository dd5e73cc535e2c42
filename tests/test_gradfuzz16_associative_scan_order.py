"""keras.ops.associative_scan runs Keras 3's TensorFlow-backend parallel prefix (tfp's scan_associative):
``f`` combines whole slices in that algorithm's order. tapeflow ran a sequential loop over single elements,
so a reversed float32 sum differed in the last bit, and an ``f`` that reads its operands' shape got other
values ([1, 3, 6, 10, 15] where TF 2.21 gives [1, 5, 11, 16, 26]).

Golden values printed by TF 2.21 with Keras 3 (notes/progs/gradfuzz16/t16.py, t17.py):
    x = np.random.RandomState(3).randn(7).astype(np.float32)
    keras.ops.associative_scan(lambda a, b: a + b, x, reverse=True)
"""
import numpy as np

import framework as tf
from framework import keras

X = np.random.RandomState(3).randn(7).astype(np.float32)


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def test_sums_forward_and_reversed_are_tf_bits():
    ops = keras.ops
    assert _hex(ops.associative_scan(lambda a, b: a + b, X, reverse=True)) == [
        float.fromhex(v).hex() for v in ('-0x1.06e858p-2', '-0x1.05ced2p+1', '-0x1.3dae6p+1', '-0x1.4a0868p+1',
                                         '-0x1.6e05e4p-1', '-0x1.c0002p-2', '-0x1.52e8bcp-4')]
    assert _hex(ops.associative_scan(lambda a, b: a + b, X)) == [
        float.fromhex(v).hex() for v in ('0x1.c9e38ep+0', '0x1.1cd154p+1', '0x1.292b5cp+1', '0x1.d52368p-2',
                                         '0x1.722f8p-3', '-0x1.645c6p-3', '-0x1.06e86p-2')]


def test_f_combines_whole_slices():
    got = keras.ops.associative_scan(lambda a, b: a + b * tf.cast(tf.shape(b)[0], b.dtype),
                                     tf.constant([1., 2., 3., 4., 5.]))
    assert got.numpy().tolist() == [1.0, 5.0, 11.0, 16.0, 26.0]


def test_gradient_is_tf_bits():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(keras.ops.associative_scan(lambda a, b: a * b + a, x) * tf.cos(tf.range(7, dtype=tf.float32)))
    assert _hex(tape.gradient(y, x)) == [
        float.fromhex(v).hex() for v in ('0x1.d0cd3cp-2', '-0x1.5c227ep-1', '0x1.bb988p-5', '-0x1.011bfcp-3',
                                         '0x1.d71b4p-3', '-0x1.857e22p-1', '0x1.db519cp+0')]


def test_structures_axes_and_short_lengths():
    ops = keras.ops
    m = np.arange(18, dtype=np.float32).reshape(3, 3, 2)
    np.testing.assert_array_equal(ops.associative_scan(lambda a, b: a + b, m, axis=-2).numpy(), np.cumsum(m, axis=1))
    out = ops.associative_scan(lambda a, b: {'s': a['s'] + b['s'], 'p': a['p'] * b['p']},
                               {'s': np.array([1., 2., 3., 4.]), 'p': np.array([1., 2., 3., 4.])})
    assert out['s'].numpy().tolist() == [1., 3., 6., 10.] and out['p'].numpy().tolist() == [1., 2., 6., 24.]
    for n in (0, 1, 2, 3):
        assert ops.associative_scan(lambda a, b: a + b, np.ones(n, np.float32)).numpy().tolist() == list(range(1, n + 1))
