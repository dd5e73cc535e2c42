"""tf.nn.selu's gradient is one SeluGrad op with TF 2.21's own gradient (nn_grad._SeluGradGrad: SeluGrad of gg
towards g, where(y < 0, gg * g, zeros) towards y), so 2nd derivatives keep +0.0 where selu(x) >= 0; the composed
where(x < 0, g * (y + scale * alpha), g * scale) gave -0.0 there for a negative weight (gradfuzz9 4 #84, #141,
#160). The mask is on selu's output, as TF's kernel: a negative denormal input (output -0.0) takes the scale
branch. Values printed by TF 2.21 (progs/gradfuzz9/t_selu.py, 24/24 lines equal)."""
import math

import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = [-2.0, -0.5, -1e-40, -0.0, 0.0, 1e-40, 0.5, 3.0]
C = [0.5, -0.75, -1.0, -0.5, -1.25, 2.0, -1.5, -0.25]


def _derivatives(fn, dtype):
    x = tf.constant(X, dtype)
    c = tf.constant(C, dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            s = tf.reduce_sum(fn(x) * c)
        g = inner.gradient(s, x)
    return g.numpy().tolist(), outer.gradient(g, x).numpy().tolist()


def _signs(values):
    return [math.copysign(1.0, v) for v in values]


def test_selu_second_derivative_keeps_positive_zeros():
    for fn in (tf.nn.selu, keras.activations.selu):
        g, g2 = _derivatives(fn, tf.float32)
        assert [v.hex() for v in g] == [
            '0x1.e749500000000p-4', '-0x1.99799a0000000p-1', '-0x1.0cfabe0000000p+0', '-0x1.0cfabe0000000p-1',
            '-0x1.50396e0000000p+0', '0x1.0cfabe0000000p+1', '-0x1.93781c0000000p+0', '-0x1.0cfabe0000000p-2']
        assert [v.hex() for v in g2[:2]] == ['0x1.e749500000000p-4', '-0x1.99799a0000000p-1']
        assert g2[2:] == [0.0] * 6 and _signs(g2[2:]) == [1.0] * 6


def test_double_selu_second_derivative():
    g, g2 = _derivatives(tf.nn.selu, tf.float64)
    assert [v.hex() for v in g2[:2]] == ['0x1.e7495987b6ed0p-4', '-0x1.997999c80ec06p-1']
    assert _signs(g2[2:]) == [1.0] * 6
