"""tf.add_n adds in TensorFlow's AddN order: the first n % 8 inputs (8 for 0, 9 for 1) left to
right, then each block of 8 summed left to right and added to the total.

Golden bits: TensorFlow 2.21's tf.add_n on the inputs below (np.random.default_rng(3), drawn in this
order), as uint32 hex. The same rule matched TF on 4,000 values for every n from 2 to 20
(notes progs/kernels/addn2_tf.py).
"""
import numpy as np
import pytest

import framework as tf

GOLDEN = {10: ['0x4282f71c', '0xc2773918', '0xc462e0cf', '0xc33a0516', '0x44b3ee6a', '0x42091d7d'],
          17: ['0xc43ae2b9', '0x450799aa', '0x44c0bb2a', '0xc4ea3638', '0xc5733f92', '0xc402fb40']}


def _inputs():
    rng = np.random.default_rng(3)
    return {n: [(rng.standard_normal(6) * 10.0 ** rng.integers(-4, 4, 6)).astype(np.float32) for _ in range(n)]
            for n in (10, 17)}


@pytest.mark.parametrize('n', [10, 17])
def test_add_n_gives_tensorflow_bits(n):
    arrays = _inputs()[n]
    got = tf.add_n([tf.constant(a) for a in arrays]).numpy()
    assert got.view(np.uint32).tolist() == [int(b, 16) for b in GOLDEN[n]]
    left_to_right = arrays[0]
    for a in arrays[1:]:
        left_to_right = left_to_right + a
    assert not np.array_equal(got, left_to_right)        # the plain sum differs on these


def test_up_to_nine_inputs_add_left_to_right():
    arrays = _inputs()[17][:9]
    total = arrays[0]
    for a in arrays[1:]:
        total = total + a
    assert np.array_equal(tf.add_n(arrays).numpy(), total)


def test_add_n_gradient_passes_through_to_every_input():
    xs = [tf.constant(np.float32(i)) for i in range(11)]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = tf.add_n(xs) * 2.0
    assert [float(g) for g in tape.gradient(y, xs)] == [2.0] * 11
