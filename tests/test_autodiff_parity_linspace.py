"""tf.linspace as TensorFlow 2.21 computes it (the autodiff guide differentiates sigmoid over
tf.linspace(-10.0, 10.0, 200+1)). Expected values printed by TF 2.21 (/opt/tfref)."""
import numpy as np

import framework as tf


def test_points_are_start_plus_k_delta_in_float32():
    # TF 2.21: tf.linspace(-10.0, 10.0, 201)[95:100] -> [-0.5 -0.39999962 -0.3000002 -0.19999981 -0.09999943]
    x = tf.linspace(-10.0, 10.0, 200 + 1)
    assert x.dtype == tf.float32 and x.shape == (201,)
    np.testing.assert_array_equal(x[95:100].numpy(),
                                  np.float32([-0.5, -0.39999962, -0.3000002, -0.19999981, -0.09999943]))
    assert x[0].numpy() == -10.0 and x[-1].numpy() == 10.0
    assert tf.linspace(0.0, 1.0, 7).numpy().tolist() == [
        0.0, 0.1666666716337204, 0.3333333432674408, 0.5, 0.6666666865348816, 0.8333333730697632, 1.0]


def test_short_ranges_and_dtypes():
    assert tf.linspace(3.0, 5.0, 1).numpy().tolist() == [3.0]
    assert tf.linspace(3.0, 5.0, 0).shape == (0,)
    assert tf.linspace(1.0, 2.0, 2).numpy().tolist() == [1.0, 2.0]
    # TF 2.21: integer ends give float64 ([0. 0.5 1.]); a float64 start keeps float64.
    ints = tf.linspace(0, 1, 3)
    assert ints.dtype == tf.float64 and ints.numpy().tolist() == [0.0, 0.5, 1.0]
    assert tf.linspace(tf.constant(0.0, tf.float64), 1.0, 7).numpy().tolist()[1] == 0.16666666666666666
