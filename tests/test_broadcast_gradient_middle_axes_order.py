"""A gradient summed back over broadcast axes that are neither leading nor trailing ([1, 3] of a rank-4
tensor) adds in reduce_sum's order, as TF's _MulGrad calls reduce_sum (gradfuzz19's item A: numpy's
pairwise sum put 14 of 120 values an ulp off). Values printed by TF 2.21:

    x = tf.constant(np.random.RandomState(0).randn(2, 3, 4, 5).astype('float32'))
    with tf.GradientTape() as t:
        t.watch(x); y = tf.reduce_sum(tf.exp(x), [1, 3], keepdims=True) * x
    g = t.gradient(y, x).numpy(); [float(v).hex() for v in g.ravel()[[0, 7, 19, 33, 64, 101]]]
"""
import numpy as np

import framework as tf


def test_middle_axes_broadcast_gradient_has_tfs_bits():
    x = tf.constant(np.random.RandomState(0).randn(2, 3, 4, 5).astype('float32'))
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.exp(x), [1, 3], keepdims=True) * x
    g = t.gradient(y, x).numpy()
    assert [float(v).hex() for v in g.ravel()[[0, 7, 19, 33, 64, 101]]] == [
        '0x1.3828820000000p+6', '0x1.465bfc0000000p+4', '0x1.829c780000000p+4', '0x1.1a243e0000000p+4',
        '0x1.11acb20000000p+4', '0x1.5027760000000p+4']
