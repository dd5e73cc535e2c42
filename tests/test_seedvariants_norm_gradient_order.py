"""tf.norm's input gradient adds to the input's other gradients in TF 2.21's order.

TF's vector and matrix norms reduce with keepdims=True and then Squeeze the axes away; the Squeeze
is an op of its tape, so the norm's input is read one op further from the output than tapeflow's
sqrt(sum(x * x)) read it, and where that input has other readers their gradients added in
another order (an ulp off). Golden values printed by TF 2.21 (CPU) with
/work/notes/progs/seedvariants/normfix.py (`python normfix.py tf`).
"""
import pytest
import numpy as np

import framework as tf

F32 = np.float32
VALS = [0.32393327, -0.65498424, 0.82519555]


def test_norm_entropy_and_square_of_one_variable():
    v = tf.Variable(VALS)
    with tf.GradientTape() as t:
        sm = tf.nn.softmax(v)
        loss = tf.norm(v - 1.0) + tf.reduce_sum(sm * tf.math.log(sm)) + tf.reduce_sum(v * v)
    np.testing.assert_array_equal(t.gradient(loss, v).numpy(),
                                  np.array([0.22130921483039856, -2.371691942214966, 1.7436413764953613], F32))


def test_norm_shift_and_logsumexp():
    v = tf.Variable(VALS)
    with tf.GradientTape() as t:
        loss = tf.norm(v - 1.0) + tf.reduce_sum((v - 1.0) * 0.3) + tf.reduce_logsumexp(v)
    np.testing.assert_array_equal(t.gradient(loss, v).numpy(),
                                  np.array([0.25404033064842224, -0.4972017705440521, 0.7481308579444885], F32))


def test_two_euclidean_norms_with_an_axis():
    v = tf.Variable([0.3, -0.8, 1.1])
    with tf.GradientTape() as t:
        sm = tf.nn.softmax(v)
        loss = (tf.norm(v - 1.0) + tf.reduce_sum(sm * tf.math.log(sm)) + tf.reduce_sum(v * v)
                + tf.norm(v * 2.0, axis=0))
    np.testing.assert_array_equal(t.gradient(loss, v).numpy(),
                                  np.array([0.557121753692627, -3.8195691108703613, 4.082986831665039], F32))
    assert float(loss) == F32(5.787716865539551)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_other_ords_and_shapes_unchanged():
    # ord 1, inf, 3 and the Frobenius norm: TF 2.21's gradients (these already matched; the Squeeze
    # moved to the end of each keeps them)
    cases = {1: [1.488308072090149, -4.740077972412109, 5.451769828796387],
             np.inf: [0.48830822110176086, -2.7400782108306885, 4.451769828796387],
             3.0: [0.4613320231437683, -3.5458922386169434, 4.049105644226074]}
    for ord_, expected in cases.items():
        v = tf.Variable([0.3, -0.8, 1.1])
        with tf.GradientTape() as t:
            sm = tf.nn.softmax(v)
            loss = (tf.norm(v - 1.0, ord=ord_) + tf.reduce_sum(sm * tf.math.log(sm)) + tf.reduce_sum(v * v)
                    + tf.norm(v * 2.0, ord=ord_, axis=0))
        np.testing.assert_array_equal(t.gradient(loss, v).numpy(), np.array(expected, F32))
    m = tf.constant([[0.3, -0.8], [1.1, 0.4]])
    with tf.GradientTape() as t:
        t.watch(m)
        loss = tf.norm(m - 1.0, ord='fro', axis=[0, 1]) + tf.reduce_sum(tf.nn.softmax(m) * m) + tf.reduce_sum(m * m)
    np.testing.assert_array_equal(t.gradient(loss, m).numpy(),
                                  np.array([[1.2106616497039795, -2.4453237056732178],
                                            [3.0727734565734863, 0.6802942752838135]], F32))
    assert tf.norm(m, axis=1, keepdims=True).shape == (2, 1)
    assert tf.norm(m, axis=1).shape == (2,)
    assert tf.norm(m).shape == ()
    assert tf.norm(m, ord=1, axis=[0, 1]).shape == ()
