"""tf.py_function with one Tout dtype whose Python returns a list or tuple: TF 2.21's EagerFunc zips the results
with [Tout], so the first result alone is converted (``lambda: [1.0, 2.0]`` gives 1.0, ``(x + 1, tf.cast(x,
tf.int32))`` gives x + 1), eagerly and in a tf.function; tapeflow stacked the list ([1. 2.]) or failed
stacking mixed dtypes. Printed by TF 2.21 (/work/notes/progs/autograph12/p17.py, p18.py)."""
import numpy as np

import framework as tf


def test_the_first_result_serves_a_single_tout():
    def pair(x):
        return x + 1, tf.cast(x, tf.int32)
    # TF 2.21: tf.Tensor(1.0, shape=(), dtype=float32) and tf.Tensor(2.5, shape=(), dtype=float32)
    listed = tf.py_function(lambda: [1.0, 2.0], [], tf.float32)
    assert (listed.shape, listed.dtype, float(listed.numpy())) == ((), tf.float32, 1.0)
    paired = tf.py_function(pair, [tf.constant(1.5)], tf.float32)
    assert (paired.shape, paired.dtype, float(paired.numpy())) == ((), tf.float32, 2.5)
    traced = tf.function(lambda x: tf.py_function(pair, [x], tf.float32))(tf.constant(1.5))
    assert (traced.shape, float(traced.numpy())) == ((), 2.5)


def test_an_array_result_and_a_listed_tout_are_as_before():
    # TF 2.21: [1. 2.] for an array; [<tf.Tensor: ... numpy=1.0>] for Tout=[tf.float32]
    array = tf.py_function(lambda: np.array([1.0, 2.0]), [], tf.float32)
    assert array.numpy().tolist() == [1.0, 2.0]
    listed = tf.py_function(lambda: [1.0, 2.0], [], [tf.float32])
    assert len(listed) == 1 and float(listed[0].numpy()) == 1.0
