"""tf.math.reduce_variance / reduce_std read a variable once, as TF 2.21: its gradient then adds to
the variable's other gradients in TF's order.

TF converts the input once (one ReadVariableOp for a tf.Variable) and reads that tensor for the mean
and for the deviations; tapeflow read the Variable itself twice, so with other reads of the variable
the gradients added in another order (an ulp off in 659 of 6840 ordered triples of common terms,
notes progs/seedvariants/fuzz3.py var). Golden values printed by TF 2.21 (CPU) with fuzz3.py
(`python fuzz3.py tf var`), e.g.
    v = tf.Variable([0.32393327, -0.65498424, 0.82519555])
    with tf.GradientTape() as t:
        loss = tf.reduce_mean(v) + tf.reduce_sum(tf.square(v)) + tf.math.reduce_std(v)
    print(t.gradient(loss, v).numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf

TERMS = {
    'mean': lambda v: tf.reduce_mean(v),
    'sq': lambda v: tf.reduce_sum(tf.square(v)),
    'std': lambda v: tf.math.reduce_std(v),
    'softplus': lambda v: tf.reduce_sum(tf.math.softplus(v)),
    'dot': lambda v: tf.tensordot(v, v, 1),
    'l2': lambda v: tf.nn.l2_loss(v),
    'clip': lambda v: tf.reduce_sum(tf.clip_by_value(v, -0.5, 0.5)),
}


@pytest.mark.parametrize('terms, expected', [
    (('mean', 'sq', 'std'), [1.0675421953201294, -1.4211483001708984, 2.341895341873169]),
    (('softplus', 'std', 'dot'), [1.3144913911819458, -1.4126144647598267, 2.703900098800659]),
    (('l2', 'std', 'clip'), [1.4102755784988403, -1.0994974374771118, 1.1833664178848267]),
])
def test_std_of_a_variable_with_other_reads_adds_in_tf_order(terms, expected):
    v = tf.Variable([0.32393327, -0.65498424, 0.82519555])
    with tf.GradientTape() as t:
        loss = TERMS[terms[0]](v) + TERMS[terms[1]](v) + TERMS[terms[2]](v)
    np.testing.assert_array_equal(t.gradient(loss, v).numpy(), np.array(expected, np.float32))


def test_variance_value_and_gradient_unchanged():
    v = tf.Variable([1.0, 2.0, 4.0])
    with tf.GradientTape() as t:
        y = tf.math.reduce_variance(v)
    np.testing.assert_allclose(y.numpy(), np.var([1.0, 2.0, 4.0]), rtol=1e-6)
    np.testing.assert_allclose(t.gradient(y, v).numpy(), 2 * (np.array([1.0, 2.0, 4.0]) - 7 / 3) / 3, rtol=1e-6)
