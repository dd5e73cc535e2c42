"""tf.random.set_seed clears TensorFlow's kernel cache: the random ops of a tf.function traced
before it start over from their first values (progs/tfcore5/c11_random.py under /opt/tfref;
tapeflow's kept their position, giving the third call's values)."""
import numpy as np

import framework as tf


def test_set_seed_restarts_a_traced_functions_random_kernels():
    tf.random.set_seed(1234)

    @tf.function
    def rf():
        return tf.random.uniform([2])
    first, second = rf().numpy(), rf().numpy()
    # TF 2.21: [0.13047123 0.9760946 ] then [0.19648588 0.339993  ]
    np.testing.assert_array_equal(first, np.float32([0.13047123, 0.9760946]))
    np.testing.assert_array_equal(second, np.float32([0.19648588, 0.339993]))
    tf.random.set_seed(1234)
    np.testing.assert_array_equal(rf().numpy(), first)
    np.testing.assert_array_equal(rf().numpy(), second)
    # TF 2.21: the eager stream starts over as well: [0.5380393]
    np.testing.assert_array_equal(tf.random.uniform([1]).numpy(), np.float32([0.5380393]))
