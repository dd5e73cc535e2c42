"""float32 tf.math.bessel_i0 / i1 and keras.ops.i0 carry TensorFlow 2.21's bits: Eigen's kernels compute
exp(|x|) * i0e(x) (i1e for I1) in float32, i0e / i1e being Cephes' Chebyshev series (bessel_float32.py).
Golden values: TF 2.21's bytes (hex) for the same inputs, RandomState(0).uniform(-12, 12, k) for k = 1, 3, 7,
and edge values (arrays under 8 values take Eigen's scalar path, exact here; see bessel_float32.py)."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

RNG = np.random.RandomState(0)
XS = [RNG.uniform(-12, 12, k).astype(np.float32) for k in (1, 3, 7)]
EDGES = np.array([0, -0.0, 8, -8, 30, 80, 100, np.inf, -np.inf, np.nan], np.float32)
GOLDEN = {
    'bessel_i0': ['44d5af3f', '4a81fc4102354d4098e9a73f', '7f1802407364ec409384d23f5fe4c7442da8004673c284400bd02843'],
    'bessel_i1': ['f531313f', '6083e2417d381c40dfde1e3f', '42ddadbf37d9c6407bc67abf73f1bc440d77f545f2c552c08a3e1c43'],
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_float32_bits(name):
    for x, want in zip(XS, GOLDEN[name]):
        assert getattr(tf.math, name)(x).numpy().tobytes().hex() == want


def test_edge_values_of_i0():
    want = '0000803f0000803f37c8d54337c8d5434dff35534b12f4760000807f0000c0ff0000c0ff0000c07f'
    assert tf.math.bessel_i0(EDGES).numpy().tobytes().hex() == want


def test_keras_i0_dtypes_and_bits():
    assert ops.i0(XS[2]).numpy().tobytes().hex() == GOLDEN['bessel_i0'][2]
    assert ops.i0(np.array([3, -2], 'int32')).dtype.name == 'float32'
    assert ops.i0(np.array([3, -2], 'int64')).dtype.name == 'float64'
    assert ops.i0(np.array([3, -2], 'float16')).dtype.name == 'float16'


def test_i0_gradient_is_i1():
    x = tf.Variable([0.5, -2.0, 9.0])
    with tf.GradientTape() as tape:
        y = ops.sum(ops.i0(x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), tf.math.bessel_i1(x).numpy(), rtol=1e-6)
