"""tf.recompute_grad differentiates bfloat16 inputs, as TF 2.21 does: the rerun's tape watched only numpy
kinds 'f' and 'c', and bfloat16 is kind 'V', so a bfloat16 input's gradient came back as zeros (variables
were right). Probe notes/progs/gradfuzz26/rcb.py (found by the layer fuzzer, seed 6 #53: a bfloat16
Conv2D under recompute_grad)."""
import numpy as np

import framework as tf


def test_recompute_grad_of_bfloat16_inputs():
    x = tf.cast(tf.constant([0.5, -1.25, 2.0]), tf.bfloat16)
    v = tf.Variable(tf.cast(tf.constant([1.5, 0.5, -1.0]), tf.bfloat16))
    # TF 2.21 gives these (tapeflow: zeros for x)
    cases = [(lambda a: a * a, [1.0, -2.5, 4.0], None),
             (lambda a: tf.sin(a) * v, [1.3203125, 0.1572265625, 0.416015625], [0.478515625, -0.94921875, 0.91015625]),
             (lambda a: tf.nn.relu(a) + a, [2.0, 1.0, 2.0], None)]
    for fn, expected_x, expected_v in cases:
        f = tf.recompute_grad(fn)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(f(x))
        gx, gv = tape.gradient(y, [x, v])
        assert gx.dtype == tf.bfloat16
        np.testing.assert_array_equal(np.asarray(gx.numpy(), np.float64), expected_x)
        if expected_v is None:
            assert gv is None
        else:
            np.testing.assert_array_equal(np.asarray(gv.numpy(), np.float64), expected_v)
