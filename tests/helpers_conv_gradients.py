"""What the convolution-order tests share: the exact-math switch, bit patterns, seeded operands and the probes' loss.

Their golden bits were printed by TF 2.21 for ``reduce_sum(y * cos(0.7 * i))`` over a convolution's output y (the
weights make every output count, each with its own factor, so a gradient value sums many differently scaled
products), with operands drawn from ``np.random.RandomState(seed).randn`` in the order the test lists them.
"""
import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math


@pytest.fixture
def exact_math():
    """TF's emulated kernel orders at every size (by default small products take the plain path)."""
    previous = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True
    yield
    eigen_math.ENABLED[0] = previous


def bits(tensor):
    """A tensor's values as their IEEE bit patterns (uint32 for float32, uint64 for float64), flattened."""
    array = tensor.numpy()
    return [int(v) for v in array.view('uint%d' % (8 * array.itemsize)).ravel()]


def seeded_operands(seed, *shapes, dtype='float32'):
    """Constants of the given shapes, drawn one after another from ``RandomState(seed).randn``."""
    rs = np.random.RandomState(seed)
    return [tf.constant(rs.randn(*shape).astype(dtype)) for shape in shapes]


def cos_weights(shape, dtype='float32'):
    """The loss's weights ``cos(0.7 * i)`` over a flat index i, as an array of ``shape``."""
    return np.cos(np.arange(int(np.prod(shape))) * 0.7).reshape(shape).astype(dtype)


def cos_weighted_gradient_bits(forward, sources, dtype='float32'):
    """The bits of the gradient of ``reduce_sum(forward() * cos_weights)`` with respect to each of ``sources``."""
    with tf.GradientTape() as tape:
        tape.watch([s for s in sources if not isinstance(s, tf.Variable)])   # a layer's weights watch themselves
        y = forward()
        total = tf.reduce_sum(y * cos_weights(y.shape, dtype))
    return [bits(g) for g in tape.gradient(total, sources)]
