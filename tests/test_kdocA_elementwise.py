"""keras.ops.hypot, logaddexp and fmod compute in Keras 3's TensorFlow order:
hypot = max * sqrt(1 + (min / max)**2), logaddexp = max + log1p(exp(-|x1 - x2|)) (x1 + x2 where the
difference is NaN), fmod = sign(x1) * floormod(|x1|, |x2|) (an integer division by zero is FloorMod's
InvalidArgumentError). Golden values: the same calls under TF 2.21 + Keras 3.15, inputs as below."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

RNG = np.random.RandomState(7)
POS = RNG.rand(7).astype('float32') * 3 + 0.05
SYM = RNG.randn(7).astype('float32') * 2
UNIT = RNG.rand(7).astype('float32') * 1.8 - 0.9
INTS = np.array([3, -2, 0, 7, 5, -9, 1], 'int32')


@pytest.mark.parametrize('call, want', [
    (lambda: ops.hypot(SYM, UNIT), [0.8013403415679932, 0.7764433026313782, 4.052459239959717, 0.7761753797531128,
                                    1.2810895442962646, 2.440185785293579, 0.8734563589096069]),
    (lambda: ops.hypot(INTS, SYM), [3.016385555267334, 2.0824756622314453, 4.051543235778809, 7.0,
                                    5.090172290802002, 9.3231840133667, 1.0518784523010254]),
    (lambda: ops.logaddexp(SYM, UNIT), [1.037003993988037, 0.1455802321434021, 4.067376613616943,
                                        1.1538838148117065, -0.21015840768814087, 2.533435344696045,
                                        1.0885776281356812]),
    (lambda: ops.logaddexp(SYM, 1.5), [1.6510066986083984, 1.6176918745040894, 4.126614570617676,
                                       1.7009292840957642, 1.5824651718139648, 2.7650601863861084,
                                       1.6492937803268433]),
])
def test_float32_bits(call, want):
    out = call()
    assert out.dtype.name == 'float32'
    np.testing.assert_array_equal(out.numpy(), np.array(want, np.float32))


def test_edge_values():
    inf = np.float32(np.inf)
    assert ops.hypot(np.float32(0), np.float32(0)).numpy() == 0
    assert ops.hypot(inf, np.float32(3)).numpy() == inf
    out = ops.logaddexp(np.array([inf, -inf, 1.0], 'float32'), np.array([inf, -inf, -inf], 'float32')).numpy()
    assert out.tolist() == [np.inf, -np.inf, 1.0]


def test_fmod_like_keras_on_tensorflow():
    out = ops.fmod(np.array([5, -7, 3], 'int32'), np.array([3, 2, -2], 'int32'))
    assert out.dtype.name == 'int32' and out.numpy().tolist() == [2, -1, 1]
    for dtype in ('int32', 'uint8'):
        with pytest.raises(tf.errors.InvalidArgumentError, match='Integer division by zero'):
            ops.fmod(np.array([5, 7, 3], dtype), np.array([3, 2, 0], dtype))
    got = ops.fmod(np.array([5., -7., -0.0, 0.0], 'float32'), np.array([0., 2., 2., 0.], 'float32')).numpy()
    assert np.isnan(got[0]) and got[1] == -1 and got[2] == 0 and not np.signbit(got[2]) and np.isnan(got[3])


@pytest.mark.parametrize('fn', [ops.hypot, ops.logaddexp, ops.fmod])
def test_gradients_match_central_differences(fn):
    a = np.array([0.7, -1.3, 2.2, -0.4])
    b = np.array([-0.5, 0.9, 0.6, -1.7])
    x, y = tf.Variable(a), tf.Variable(b)
    with tf.GradientTape() as tape:
        out = ops.sum(fn(x, y))
    gx, gy = tape.gradient(out, [x, y])
    eps = 1e-6
    num_x = [(np.sum(fn(a + eps * e, b).numpy()) - np.sum(fn(a - eps * e, b).numpy())) / (2 * eps) for e in np.eye(4)]
    num_y = [(np.sum(fn(a, b + eps * e).numpy()) - np.sum(fn(a, b - eps * e).numpy())) / (2 * eps) for e in np.eye(4)]
    np.testing.assert_allclose(gx.numpy(), num_x, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(gy.numpy(), num_y, rtol=1e-6, atol=1e-8)


def test_logaddexp2_like_keras_on_tensorflow():
    # max + log1p(exp(-|d| ln 2)) / ln 2, ln 2 = float32 log(2.0); TF 2.21 + Keras 3.15 on RandomState(3) inputs
    rng = np.random.RandomState(3)
    a, b = rng.randn(7).astype('float32') * 3, rng.randn(7).astype('float32') * 3
    want = np.array([5.375352382659912, 1.76193106174469, 0.6716700196266174, -3.54227352142334, 2.7771999835968018, 2.7503139972686768, 5.163025856018066],
                    np.float32)
    np.testing.assert_array_equal(ops.logaddexp2(a, b).numpy(), want)
    inf = np.inf
    out = ops.logaddexp2(np.array([inf, -inf, 1.0], 'float32'), np.array([inf, -inf, -inf], 'float32')).numpy()
    assert out.tolist() == [inf, -inf, 1.0]
    assert ops.logaddexp2(np.array([1, 2], 'int32'), np.array([3, 4], 'int32')).dtype.name == 'float32'
