"""`**` and tf.pow carry TF 2.21's bits on tensors of up to 256 elements: TF's pow(x, 2) is Eigen's generic
pow, not x * x (27% of float32 values differ), so a blog's ``tf.reduce_mean((y_pred - y) ** 2)`` over 100 or 201
points printed other last digits. Bit checksums printed by TF 2.21 (/work/notes/progs/me22/pow201.py)."""
import numpy as np

import framework as tf


def _bits_sum(t):
    return int(t.numpy().view(np.int32).astype(np.int64).sum())


def test_powers_of_201_points_have_tfs_bits():
    tf.config.set_tf_exact_math('small')
    x = tf.linspace(-2.0, 2.0, 201)
    assert _bits_sum(x ** 2) == 211644616740
    assert _bits_sum(tf.pow(x, 3.0)) == -3764660981
    assert _bits_sum(tf.pow(tf.abs(x) + 0.5, 0.7)) == 214578888531
