"""keras.ops.vdot is Keras 3's TensorFlow vdot: a tensordot of the flattened tensors (TF's matmul order),
integers computed in floatx and cast back. Golden values: the same calls under TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

RNG = np.random.RandomState(7)
RNG.rand(7)
SYM = RNG.randn(7).astype('float32') * 2
RNG.rand(7)
BIG = RNG.randn(20).astype('float32') * 2
INTS = np.array([3, -2, 0, 7, 5, -9, 1], 'int32')


@pytest.mark.usefixtures('onednn_on')
def test_vdot_bits_and_dtypes():
    assert ops.vdot(INTS, SYM).numpy() == np.float32(-26.796762466430664)
    assert ops.vdot(BIG, BIG[::-1].copy()).numpy() == np.float32(12.02492618560791)
    out = ops.vdot(INTS, INTS[::-1].copy())
    assert out.dtype.name == 'int32' and int(out) == 91
    assert ops.vdot(INTS.reshape(7, 1), SYM).numpy() == np.float32(-26.796762466430664)


def test_vdot_gradient():
    a, b = tf.Variable(np.arange(6.0).reshape(2, 3)), tf.Variable(np.linspace(-1, 1, 6).reshape(3, 2))
    with tf.GradientTape() as tape:
        y = ops.vdot(a, b)
    ga, gb = tape.gradient(y, [a, b])
    np.testing.assert_allclose(ga.numpy(), b.numpy().reshape(2, 3))
    np.testing.assert_allclose(gb.numpy(), a.numpy().reshape(3, 2))
