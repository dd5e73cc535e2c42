"""keras.ops.scan as Keras 3 runs it on TF 2.21: the carry lives in TensorArrays.

So f sees tensors from the first step on (an init of 0 is an int32 tensor), the final carry comes back as
tensors, and an f that returns no ys gives zeros shaped like the carry, one row per step. tapeflow handed
f the raw init, returned a Python int carry (scan(..., 0, None, length=3) gave 3, TF an int32 tensor) and
None for the ys.

Goldens: /work/notes/progs/kerasops/g_scan.py run with TF 2.21.
"""
import numpy as np

import framework as tf

ops = tf.keras.ops


def test_f_sees_tensors_and_no_ys_gives_zeros_like_the_carry():
    seen = []

    def f(c, x):
        seen.append(isinstance(c, tf.Tensor))
        return c + x, None
    carry, ys = ops.scan(f, 0., np.array([1., 2, 3], 'float32'))
    assert seen == [True, True, True]
    assert carry.dtype == tf.float32 and float(carry) == 6.0
    assert ys.dtype == tf.float32 and ys.numpy().tolist() == [0.0, 0.0, 0.0]


def test_a_python_int_carry_comes_back_as_an_int32_tensor():
    carry, ys = ops.scan(lambda c, x: (c + 1, c), 0, None, length=3)
    assert isinstance(carry, tf.Tensor) and carry.dtype == tf.int32 and int(carry) == 3
    assert ys.dtype == tf.int32 and ys.numpy().tolist() == [0, 1, 2]


def test_no_ys_for_a_nested_carry():
    carry, ys = ops.scan(lambda c, x: ((c[0] + x, c[1] * 2), None), (np.zeros(2, 'float32'), 1),
                         np.ones((4, 2), 'float32'))
    assert carry[0].numpy().tolist() == [4.0, 4.0] and int(carry[1]) == 16 and carry[1].dtype == tf.int32
    assert isinstance(ys, tuple) and ys[0].shape == (4, 2) and ys[0].dtype == tf.float32
    assert ys[0].numpy().tolist() == [[0.0, 0.0]] * 4 and ys[1].dtype == tf.int32
    assert ys[1].numpy().tolist() == [0, 0, 0, 0]
