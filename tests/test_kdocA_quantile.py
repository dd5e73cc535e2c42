"""keras.ops.quantile follows Keras 3's TensorFlow formula (tfp's percentile): q is converted as Keras
converts it (a Python float is float32, so 0.3 is 0.30000001192092896 even for float64 x), positions in
float64, and 'linear' is y[hi] * (1 - f) + y[lo] * f with hi = ceil((n - 1) q), lo = hi - 1 (clipped),
f = hi - (n - 1) q. Golden: str(dtype) and values printed by TF 2.21 + Keras 3.15 for the same calls
(float64 quantiles were float32-precise and float32 ones 1 ulp off before)."""
import numpy as np
import pytest

from framework.keras import ops

RNG = np.random.RandomState(11)
M = RNG.randn(4, 9).astype('float32') * 2
D = M.astype('float64')
H = M.astype('float16')


@pytest.mark.parametrize('call, want', [
    ('ops.quantile(M, 0.3)', "<dtype: 'float32'> -0.9602985978126526"),
    ('ops.quantile(M, 0.3, axis=1)', "<dtype: 'float32'> [-0.8371832370758057, -1.987715244293213, 0.02150450274348259, -0.8882232904434204]"),
    ('ops.quantile(D, 0.3)', "<dtype: 'float64'> -0.9602986202452719"),
    ('ops.quantile(D, np.float64(0.3), axis=1)', "<dtype: 'float64'> [-0.8371832609176635, -1.9877153396606446, 0.0215044818818569, -0.8882232546806336]"),
    ("ops.quantile(D, 0.77, axis=0, method='nearest')", "<dtype: 'float64'> [-0.062150176614522934, -0.5721459984779358, -0.951466977596283, -0.40875062346458435, 1.1223843097686768, -0.37155064940452576, -0.7610728144645691, 0.6308053135871887, 1.4645427465438843]"),
    ('ops.quantile(H, [0.1, 0.9], axis=1)', "<dtype: 'float16'> [[-1.9189453125, -2.3125, -0.7685546875, -1.1748046875], [1.3740234375, 1.80859375, 2.373046875, 0.137451171875]]"),
    ('ops.quantile(M, 0.0, axis=1)', "<dtype: 'float32'> [-5.306637287139893, -2.6110970973968506, -1.3668932914733887, -1.2851507663726807]"),
    ("ops.quantile(np.array([1.0, np.inf, 3.0, -np.inf], 'float32'), 0.5)", "<dtype: 'float32'> 2.0"),
    ('ops.quantile(np.arange(10), 0.3)', "<dtype: 'float32'> 2.700000286102295"),
])
def test_quantile_values(call, want):
    out = eval(call)
    assert '%s %s' % (out.dtype, np.asarray(out).astype('float64').tolist()) == want


def test_linear_gradient_weights():
    import framework as tf
    x = tf.Variable(np.array([3.0, 1.0, 2.0, 5.0]))
    with tf.GradientTape() as tape:
        y = ops.quantile(x, np.float64(0.5))
    # position 1.5 between the sorted 2.0 (x[2]) and 3.0 (x[0]): weights 0.5 each
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [0.5, 0.0, 0.5, 0.0])
