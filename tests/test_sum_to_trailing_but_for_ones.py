"""A broadcast gradient summed back over axes that trail once size-1 axes are set aside (a one-channel
GroupNormalization's gamma and beta: (16, 4, 4, 1) summed to (1,) over the first three) adds as TF's
Sum does after dropping the size-1 axes: one run per kept value in Eigen's order. Values from TF 2.21
(modelfuzz2 t_gn_grad.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.array_sweep import sum_to_array
from framework.ops import reductions


@pytest.mark.parametrize('index, shape, expected', [
    (0, (16, 4, 4, 1), ['0x1.00a10e0000000p+2', '-0x1.64d7680000000p+4']),
    (1, (16, 6, 1), ['0x1.3b30520000000p+2', '-0x1.479cce0000000p+3']),
])
def test_one_channel_group_normalization_weight_gradients(index, shape, expected):
    rng = np.random.RandomState(0)
    for _ in range(index):      # the probe drew the earlier shapes' arrays first
        rng.normal(size=(16, 4, 4, 1)), rng.normal(size=(16, 4, 4, 1))
    x = tf.constant(rng.normal(size=shape).astype('float32'))
    c = tf.constant(rng.normal(size=shape).astype('float32'))
    layer = keras.layers.GroupNormalization(groups=1, epsilon=0.01)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x) * c)
    assert [float(g.numpy()[0]).hex() for g in tape.gradient(loss, layer.trainable_weights)] == expected


def test_sum_to_array_is_reduce_sum_there():
    a = np.random.RandomState(1).normal(size=(8, 3, 1, 5)).astype(np.float32)
    # summed to (8, 1, 1, 1): axes 1 and 3, which trail once axis 2 (of size 1) is set aside
    got = sum_to_array(a, (8, 1, 1, 1))
    assert got.tobytes() == reductions._sum(a, (1, 3), False).reshape(8, 1, 1, 1).tobytes()
