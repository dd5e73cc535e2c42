"""digamma / zeta / polygamma (and lgamma's gradient) on a tensor whose value is a numpy scalar (a
whole-tensor reduce_mean returns one) take Eigen's steps as on arrays: they fell to the generic
float64 formulas there (digamma(0.6288) an ulp or more off in float32). Values printed by TF 2.21
(progs/gradfuzz7/pin_scalar_special.py; t_scalar_special.py: 200 values x 2 dtypes equal)."""
import pytest

import framework as tf


@pytest.mark.parametrize('dtype, values, grads', [
    ('float32', [-1.4398481845855713, 0.5032150745391846, 3.367772102355957, 0.35533371567726135],
     [3.367772102355957, -0.5939356088638306, -8.716986656188965, -1.4398481845855713]),
    ('float64', [-1.4398479326651357, 0.5032150347277653, 3.367771735841801, 0.3553336779690016],
     [3.367771735841801, -0.5939354745939239, -8.716987784938036, -1.4398479326651357]),
])
def test_special_functions_of_a_whole_mean(dtype, values, grads):
    s = tf.reduce_mean(tf.constant([0.6288, 0.6288], dtype))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(s)
        outs = (tf.math.digamma(s), tf.math.zeta(2.5, s + 1.0), tf.math.polygamma(tf.constant(1.0, dtype), s),
                tf.math.lgamma(s))
    assert [float(v.numpy()) for v in outs] == values
    assert [float(tape.gradient(v, s).numpy()) for v in outs] == grads
