"""tf.math.cumprod's gradient computes the products again, as TF's _CumprodGrad does (a node of its own
under an outer tape), so second derivatives add their terms in TF's order. Values printed by TF 2.21 (notes
progs/gradfuzz12/t_cumprod2.py: 88 lines, 15 differed before, none now); reusing the op's output was an ulp
off in 2 to 8 of 15 values."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _data():
    rs = np.random.RandomState(7)
    x = np.round(rs.uniform(-2, 2, (3, 5)), 2)
    c = np.round(rs.uniform(-2, 2, (3, 5)), 2)
    x[1, 2] = 0.0
    return x, c


EXPECTED = {
    ('float32', 0, False, True): (
        '0x1.15360e0000000p-4 0x0.0p+0 0x0.0p+0 -0x1.50a2a80000000p+0 '
        '0x0.0p+0 0x1.071c300000000p+1 0x0.0p+0 0x0.0p+0 '
        '0x1.ecbbc80000000p-3 0x0.0p+0 0x1.1858b00000000p+0 -0x1.7214800000000p-5 '
        '0x1.6df5720000000p-1 0x1.c3bf040000000p-3 -0x1.807bac0000000p-4'),
    ('float32', -1, True, False): (
        '0x1.45a7ca0000000p-1 -0x1.5e52f40000000p-2 0x1.5724cc0000000p+1 -0x1.2bd0b00000000p-1 '
        '0x0.0p+0 -0x1.dd0d580000000p-4 0x0.0p+0 0x0.0p+0 '
        '-0x0.0p+0 0x0.0p+0 0x1.fd16560000000p+1 0x1.85e7d80000000p-1 '
        '-0x1.00a8180000000p+1 0x1.14a5000000000p-7 0x0.0p+0'),
    ('float64', 0, False, False): (
        '0x1.9b43730c50911p-1 0x1.4ac9494bde0eep-1 -0x1.66581065c6b6bp-4 -0x1.72a974c1cac29p+0 '
        '0x1.38c98258e559ep-2 0x1.595dde63b220dp+2 0x0.0p+0 0x0.0p+0 '
        '0x1.2cbb7dd4c7f0ap-1 0x0.0p+0 -0x1.afafe8f8e02b3p-2 0x0.0p+0 '
        '-0x0.0p+0 0x1.2479a42bb71f3p-2 0x0.0p+0'),
}


@pytest.mark.parametrize('key', sorted(EXPECTED), ids=str)
def test_cumprod_second_derivative(key):
    dtype, axis, exclusive, reverse = key
    data, weights = _data()
    x = tf.Variable(data, dtype=dtype)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_sum(tf.tanh(tf.math.cumprod(x, axis=axis, exclusive=exclusive, reverse=reverse)))
        g = inner.gradient(loss, x)
        weighted = tf.reduce_sum(g * tf.constant(weights, dtype))
    got = outer.gradient(weighted, x)
    assert ' '.join(float(v).hex() for v in np.ravel(got.numpy())) == EXPECTED[key]
