"""A variable read more than nine times under one tape: its gradients add as TensorFlow's AddN
kernel adds them (the first n % 8 in order, then groups of eight summed and added), not as one
running sum. The keras.io actor-critic example reads its model's weights once per environment
step; before, 597 of its 1027 first-episode gradient values differed from TF's in the last bits.
Goldens: TF 2.21 (/work/notes/progs/kerasio9/d12b.py), gradient bytes as hex."""
import numpy as np
import pytest

import framework as tf
from framework.addn_chunks import addn_sum

_TF_GRADIENT_HEX = {
    9: '485a4cc1d1eb92c202fbb542826015c4c03870c275eef042',
    10: '7e839fc2733017c14cde9cc387408dc47e8ac4c2ccdd00c2',
    16: 'a7964a44ca8b944347e5d74327fcdcc35acb67c4d0dbedc3',
    17: '9ad18b4449269d43a25994c400596b4416c5a6c2d082f5c4',
    25: 'fd6c4543331474c4374790c30037e041729d0e4472413444',
}


def _cases():
    rng = np.random.RandomState(12)
    w = tf.Variable(rng.randn(6).astype('float32'))
    for n in (9, 10, 16, 17, 25):
        yield n, w, [(rng.randn(6) * 10.0 ** rng.uniform(-3, 3, 6)).astype('float32') for _ in range(n)]


def test_many_reads_of_a_variable_add_as_tensorflow():
    for n, w, cs in _cases():
        with tf.GradientTape() as tape:
            loss = sum(tf.reduce_sum(w * c) for c in cs)
        g = tape.gradient(loss, w)
        assert g.numpy().tobytes().hex() == _TF_GRADIENT_HEX[n], n


def test_gradient_taken_inside_the_tape_block_too():
    # the example calls tape.gradient inside its ``with`` block, where the tape is still recording
    for n, w, cs in _cases():
        with tf.GradientTape() as tape:
            loss = sum(tf.reduce_sum(w * c) for c in cs)
            g = tape.gradient(loss, w)
        assert g.numpy().tobytes().hex() == _TF_GRADIENT_HEX[n], n


@pytest.mark.parametrize('n', [2, 9, 10, 11, 16, 17, 18, 25])
def test_addn_sum_groups(n):
    parts = [np.float32(10.0 ** (k % 7 - 3)) * np.float32(1 + k / 7) for k in range(n)]
    first = n if n <= 9 else (n % 8 + 8 if n % 8 < 2 else n % 8)
    expected = parts[0]
    for p in parts[1:first]:
        expected = expected + p
    for start in range(first, n, 8):
        group = parts[start]
        for p in parts[start + 1:start + 8]:
            group = group + p
        expected = expected + group
    assert addn_sum(parts) == expected
    assert (n - first) % 8 == 0
