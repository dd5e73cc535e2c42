"""Gradients of tf.math.l2_normalize and tf.math.reduce_euclidean_norm in TF 2.21's roundings.

TF's l2_normalize squares with Square, whose gradient reaches x beside the product's: two readers of x, where
tapeflow's x * x made three, whose gradients added in another order; reduce_euclidean_norm is TF's
EuclideanNorm kernel with its own rule, x / (norm / g), where tapeflow differentiated sqrt(sum(x * x)).
On 4 x 5 values 11 and 7 float32 gradients (4 and 0 float64) differed in the last bit (gradfuzz4's op-chain
fuzz: 16 of 21 programs with l2_normalize). Values printed by TF 2.21 (float.hex).
"""
import numpy as np
import pytest

import framework as tf

CASES = [
    ('float32', [[-1.1100000143051147, 1.4800000190734863, -1.1699999570846558, 1.6699999570846558, -0.05000000074505806], [0.44999998807907104, 1.059999942779541, 0.07000000029802322, -0.8100000023841858, -1.25], [-1.6799999475479126, 0.949999988079071, -0.23000000417232513, -1.3700000047683716, 1.5199999809265137], [-0.8999999761581421, -0.3400000035762787, -0.8199999928474426, 0.5199999809265137, 0.3199999928474426]],
     [[0.20000000298023224, -0.4699999988079071, -0.4300000071525574, -0.49000000953674316, -0.3400000035762787], [-0.7099999785423279, -0.6700000166893005, 0.9300000071525574, 0.9200000166893005, -0.6200000047683716], [-0.949999988079071, -0.5899999737739563, 0.4000000059604645, 0.5600000023841858, -0.949999988079071], [0.1599999964237213, -1.0, 0.029999999329447746, 0.2800000011920929, 0.9700000286102295]],
     [
         '0x1.061b600000000p-7', '-0x1.5a22760000000p-4', '-0x1.cb52ac0000000p-3', '-0x1.4a91e80000000p-4',
         '-0x1.02d49a0000000p-3', '-0x1.417bb20000000p-2', '-0x1.a8dbf40000000p-3', '0x1.01be560000000p-1',
         '0x1.80178c0000000p-2', '-0x1.01f3040000000p-1', '-0x1.b9b4540000000p-2', '-0x1.3e6bd20000000p-3',
         '0x1.07b37e0000000p-3', '0x1.f049a40000000p-4', '-0x1.00e9f80000000p-2', '0x1.45b2480000000p-2',
         '-0x1.453c360000000p-1', '0x1.a896ec0000000p-3', '0x1.4df4ae0000000p-4', '0x1.3c9db00000000p-1'],
     [
         '-0x1.4a374e0000000p-4', '0x1.b849be0000000p-4', '-0x1.5c10c60000000p-4', '0x1.f0cfbe0000000p-4',
         '-0x1.dbfcb20000000p-9', '-0x1.5b4e180000000p-3', '-0x1.990c540000000p-2', '-0x1.b033ac0000000p-6',
         '0x1.3893160000000p-2', '0x1.e25e3e0000000p-2', '0x1.218a020000000p-1', '-0x1.4774760000000p-2',
         '0x1.3d1d400000000p-4', '0x1.d839780000000p-2', '-0x1.05f6c60000000p-1', '-0x1.a4259c0000000p-4',
         '-0x1.3d71c00000000p-5', '-0x1.7eccf00000000p-4', '0x1.e580ca0000000p-5', '0x1.2ac56a0000000p-5']),
    ('float64', [[-0.96, 1.21, 1.48, 1.69, -1.99], [-0.12, 1.93, -0.4, 1.25, 0.19], [1.08, -0.06, -1.88, -1.65, -1.55], [-1.0, 1.86, 0.53, 1.27, 0.26]],
     [[0.27, 0.62, 0.85, 0.83, 0.65], [-0.81, -0.28, -0.93, 0.09, 0.59], [-0.9, -0.62, -0.27, -0.51, 0.59], [-0.3, 0.28, -0.01, 0.17, 0.88]],
     [
         '0x1.02d6eb7e6ee48p-3', '0x1.00717f89a34e2p-3', '0x1.71474b57ad0cep-3', '0x1.505bfb8c8caecp-3',
         '0x1.27ad04e1d7cfcp-2', '-0x1.60479c42caf59p-2', '-0x1.2398cfdaf1895p-3', '-0x1.91462bd590dfcp-2',
         '0x1.812c09d38fb28p-6', '0x1.feb28a2f7b472p-3', '-0x1.1400d22a5ce78p-2', '-0x1.96ff55fb3bd4ap-3',
         '-0x1.ddbbb4db4034cp-4', '-0x1.83ff10508a4b0p-3', '0x1.4de1a1376e33dp-3', '-0x1.4f5ef31a7c3aap-5',
         '-0x1.12f2e16d35fd2p-5', '-0x1.709be1fbbd678p-5', '-0x1.00371153b27aep-5', '0x1.4efebb547ba33p-2'],
     [
         '-0x1.3a8cb7667b3a4p-4', '0x1.8c76b1d3d5fc2p-4', '0x1.e4ee4568a8a48p-4', '0x1.14de86c389ccap-3',
         '-0x1.4604836b8d0dcp-3', '0x1.53979eb82467bp-5', '-0x1.555c68e119ed9p-1', '0x1.1afe599973abcp-3',
         '-0x1.ba2d6bffc4bc6p-2', '-0x1.0cd80851c77ccp-4', '-0x1.3d785320d1129p-2', '0x1.1a321100b9d79p-6',
         '0x1.145105fb60a31p-1', '0x1.e5060d393f6a8p-2', '0x1.c7a0d61e81641p-2', '0x1.e4ee5024b3974p-4',
         '-0x1.c2fc59e4b1427p-3', '-0x1.01036d0936392p-4', '-0x1.33ee5e6939b86p-3', '-0x1.f854016dd97eap-6']),
]


def _floats(hexes):
    return np.array([float.fromhex(h) for h in hexes])


@pytest.mark.parametrize('dtype, x, w, tf_l2_normalize_grad, tf_euclidean_norm_grad', CASES)
def test_norm_gradients_have_tfs_bits(dtype, x, w, tf_l2_normalize_grad, tf_euclidean_norm_grad):
    x = tf.Variable(x, dtype=dtype)
    w = tf.constant(w, dtype)
    with tf.GradientTape(persistent=True) as t:
        a = tf.reduce_sum(tf.math.l2_normalize(x, axis=1) * w)
        b = tf.reduce_sum(tf.math.reduce_euclidean_norm(x, axis=1) * w[:, 0])
    np.testing.assert_array_equal(t.gradient(a, x).numpy().ravel(), _floats(tf_l2_normalize_grad))
    np.testing.assert_array_equal(t.gradient(b, x).numpy().ravel(), _floats(tf_euclidean_norm_grad))


def test_euclidean_norm_second_derivative_and_zero_row():
    # TF 2.21: the zero row's gradient is NaN (0 / 0); the second derivative flows through the norm itself
    x = tf.Variable([[0.3, -1.2, 2.5], [0.0, 0.0, 0.0]], dtype=tf.float64)
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.math.reduce_euclidean_norm(x, axis=1)
        g = t1.gradient(y, x)
        s = tf.reduce_sum(g[0] * tf.constant([1.0, 2.0, 3.0], tf.float64))
    np.testing.assert_array_equal(g.numpy(), [[0.1075552109073112, -0.4302208436292448, 0.8962934242275934],
                                              [np.nan] * 3])
    np.testing.assert_array_equal(t2.gradient(s, x).numpy(), [[0.2838646526088419, 1.0156456077108564,
                                                               0.4534461333881501], [np.nan] * 3])
