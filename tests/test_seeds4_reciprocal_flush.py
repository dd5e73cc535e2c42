"""float32 reciprocal's scalar tail (the last size % 8 values) flushes as TF 2.21's CPU threads do.

Seed 002's naive softplus log(exp(x) + 1) at x = 88.7: exp(x) + 1 is 3.3e38, and log's gradient
g * reciprocal(3.3e38) is a denormal that TF's threads flush to 0, so the gradient is 0. tapeflow's
packets of 8 already flushed; the tail (here, all of a 1- or 3-value array) kept numpy's denormal and
gave 1.0000001. Printed by TF 2.21 (recip.py in /work/notes/progs/seeds4):
    tf.math.reciprocal(tf.constant([3.3e38, -2e38, 1e30])).numpy().tolist()  # [0.0, -0.0, 1e-30]
    tf.math.reciprocal(tf.constant(3e-39)).numpy()                          # inf  (denormal in: read as 0)
    x = tf.Variable([88.7, 88.0, 50.])
    with tf.GradientTape() as t: y = tf.math.log(tf.exp(x) + 1.)
    t.gradient(y, x).numpy().tolist()                                       # [0.0, 0.0, 1.0]
"""
import math

import numpy as np

import framework as tf


def test_tail_quotients_below_the_smallest_normal_flush_to_signed_zero():
    out = tf.math.reciprocal(tf.constant([3.3e38, -2e38, 1e30])).numpy()
    assert out[0] == 0.0 and out[1] == 0.0 and math.copysign(1, out[1]) == -1
    assert out[2] == np.float32(1.0000000031710769e-30)
    # the same values past a full packet of 8 (tail of 1): 1.7e38's quotient is denormal too
    values = np.array([3.3e38, -2e38, 1e30, 3e-39, -3e-39, 0., -0., 8.6e37, 1.7e38], np.float32)
    out = tf.math.reciprocal(tf.constant(values)).numpy()
    assert out[8] == 0.0


def test_denormal_tail_inputs_read_as_signed_zero():
    assert tf.math.reciprocal(tf.constant(3e-39)).numpy() == np.inf
    assert tf.math.reciprocal(tf.constant([-3e-39])).numpy().tolist() == [-np.inf]


def test_seed_softplus_gradient_near_exp_overflow_is_zero():
    x = tf.Variable([88.7, 88.0, 50.])
    with tf.GradientTape() as tape:
        y = tf.math.log(tf.exp(x) + 1.)
    assert tape.gradient(y, x).numpy().tolist() == [0.0, 0.0, 1.0]
