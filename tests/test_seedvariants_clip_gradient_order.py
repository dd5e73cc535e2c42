"""tf.clip_by_value's input gradient adds to the input's other gradients in TF 2.21's order.

TF composes clip_by_value(t, lo, hi) as Maximum(Minimum(t, hi), lo): its tape reads t two ops from
the output. tapeflow's one 'clip_by_value' node read it at the first, so where t had other readers
their gradients added in another order (an ulp off). Golden values printed by TF 2.21 (CPU) with
/work/notes/progs/seedvariants/fuzz3.py (`python fuzz3.py tf const`), e.g.
    v = tf.constant([0.32393327, -0.65498424, 0.82519555])
    with tf.GradientTape() as t:
        t.watch(v)
        loss = (tf.reduce_sum(tf.sqrt(v * v + 1.0)) + tf.reduce_sum(tf.clip_by_value(v, -0.5, 0.5))
                + tf.reduce_sum(tf.tanh(v) * v))
    print(t.gradient(loss, v).numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf

TERMS = {
    'sqrt': lambda v: tf.reduce_sum(tf.sqrt(v * v + 1.0)),
    'clip': lambda v: tf.reduce_sum(tf.clip_by_value(v, -0.5, 0.5)),
    'tanh': lambda v: tf.reduce_sum(tf.tanh(v) * v),
    'softplus': lambda v: tf.reduce_sum(tf.math.softplus(v)),
    'sig': lambda v: tf.reduce_sum(tf.sigmoid(v)),
    'mean': lambda v: tf.reduce_mean(v),
}


@pytest.mark.parametrize('terms, expected', [
    (('sqrt', 'clip', 'tanh'), [1.9134128093719482, -1.5613501071929932, 1.760352373123169]),
    (('softplus', 'sig', 'clip'), [1.8238372802734375, 0.5668612718582153, 0.9071811437606812]),
    (('softplus', 'mean', 'clip'), [1.9136158227920532, 0.6752005815505981, 1.028671383857727]),
])
def test_clip_and_two_other_readers_add_in_tf_order(terms, expected):
    v = tf.constant([0.32393327, -0.65498424, 0.82519555])
    with tf.GradientTape() as t:
        t.watch(v)
        loss = TERMS[terms[0]](v) + TERMS[terms[1]](v) + TERMS[terms[2]](v)
    np.testing.assert_array_equal(t.gradient(loss, v).numpy(), np.array(expected, np.float32))


def test_clip_shares_unchanged():
    # the gradient's shares for t and tensor bounds (bounds included; beyond them to the bound)
    t_ = tf.constant([-1.0, -0.5, 0.0, 0.5, 1.0])
    lo, hi = tf.constant(-0.5), tf.constant(0.5)
    with tf.GradientTape() as tape:
        tape.watch([t_, lo, hi])
        y = tf.reduce_sum(tf.clip_by_value(t_, lo, hi) * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))
    gt, glo, ghi = tape.gradient(y, [t_, lo, hi])
    np.testing.assert_array_equal(gt.numpy(), [0.0, 2.0, 3.0, 4.0, 0.0])
    assert float(glo) == 1.0 and float(ghi) == 5.0
