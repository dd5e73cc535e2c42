"""tf.reduce_prod over reduced axes that are not the trailing ones multiplies in TensorFlow's order
(framework/ops/eigen_prod_axes.py), and its gradient flattens the axes in the order given (TF's ProdGrad).
Values printed by TF 2.21 on the AVX-512 Xeon (notes progs/gradfuzz12/pin_prod.py); numpy's order was an ulp
off in each of these."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _data(shape, seed):
    rs = np.random.RandomState(seed)
    return np.round(rs.uniform(0.5, 1.5, size=shape), 2) * rs.choice([-1, 1], size=shape)


def _hexes(t):
    return ' '.join(float(v).hex() for v in np.ravel(t.numpy()))


CASES = {
    'reduce_first_and_last': (0, 'float32', (2, 4, 2), [0, 2],
        '0x1.a5550a0000000p+0 -0x1.8520de0000000p+0 -0x1.9e6cae0000000p+0 -0x1.c1f4920000000p-2'),
    'rows_before_columns': (1, 'float32', (20, 9), [0],
        '0x1.13f8420000000p-3 -0x1.3b6e220000000p+0 -0x1.6898100000000p-5 0x1.7cef980000000p-5 '
        '0x1.d2bdea0000000p-1 -0x1.bb888e0000000p-2 0x1.7d0cb40000000p-2 0x1.96345c0000000p-2 '
        '-0x1.2309360000000p-3'),
    'rows_between_kept': (2, 'float32', (3, 17, 12), [1],
        '0x1.19419e0000000p-2 0x1.2461ac0000000p-1 0x1.03d91a0000000p-2 0x1.2bdc3c0000000p-2 '
        '-0x1.97ff7a0000000p-1 0x1.ea161c0000000p-3 0x1.804d560000000p-2 0x1.81c5320000000p-5 '
        '0x1.3928060000000p+0 0x1.787a040000000p-5 0x1.b2466e0000000p-2 0x1.8e4e020000000p-4 '
        '0x1.e7c4540000000p-3 -0x1.2276aa0000000p-3 -0x1.0ae44a0000000p+1 0x1.7a0aa20000000p-2 '
        '-0x1.07b1e60000000p-2 -0x1.b7cff60000000p-1 0x1.e8f68e0000000p-1 0x1.8b95ae0000000p-1 '
        '-0x1.d1d3b00000000p-5 0x1.67f1600000000p-2 0x1.8a435e0000000p-3 -0x1.0fae780000000p+1 '
        '-0x1.28b0660000000p-3 0x1.5aec060000000p-3 -0x1.4b2c5e0000000p-1 -0x1.e4b0040000000p-1 '
        '0x1.0d61100000000p-1 -0x1.a35c260000000p+1 -0x1.dfb26c0000000p-4 -0x1.b4b3ce0000000p+0 '
        '0x1.2ce21a0000000p-3 -0x1.13058a0000000p+1 -0x1.f4e2da0000000p+0 -0x1.064a700000000p+0'),
    'double_rows_before_columns': (3, 'float64', (24, 8), [0],
        '0x1.d537868bd442ap-2 0x1.188bb945dbebep+2 -0x1.e04f7a23ac2dcp-6 0x1.56da0e5ac9935p-5 '
        '0x1.c62f28223c4b4p+1 0x1.0b775b6dfff1bp+0 0x1.ad8153006b7b8p-1 -0x1.402ccea35c089p-6'),
    'four_runs': (4, 'float32', (2, 3, 4, 5), [1, 3],
        '-0x1.04ae040000000p+2 0x1.7f20900000000p-3 -0x1.5f8aa00000000p-1 0x1.17d9560000000p-1 '
        '-0x1.b4435a0000000p-1 0x1.20634a0000000p+1 0x1.5c87440000000p-2 0x1.9ff6fe0000000p-1'),
    'double_first_and_last': (5, 'float64', (5, 8, 3), [0, 2],
        '-0x1.0deb3f55ff0c7p-2 0x1.3074dc1b319ccp+0 -0x1.f3f58c5e4fae8p-3 0x1.5af68e10c5768p-2 '
        '0x1.0fe9e82ed010bp+0 0x1.951f72e272c66p-2 0x1.b82e0714fe7fcp-1 0x1.bff0268f1db49p-1'),
}



@pytest.mark.parametrize('name', sorted(CASES))
def test_strided_products_take_tf_order(name):
    seed, dtype, shape, axes, expected = CASES[name]
    y = tf.reduce_prod(tf.constant(_data(shape, seed), dtype), axis=axes)
    assert _hexes(y) == expected


def test_prod_gradient_follows_given_axis_order():
    # axis=[-1, 0]: TF's ProdGrad transposes the reduced axes first in that order (2, then 0), so its
    # exclusive products run in another order than for [0, 2]
    x = tf.Variable(_data((2, 4, 2), 9), dtype=tf.float32)
    with tf.GradientTape() as t:
        y = tf.reduce_prod(x, axis=[-1, 0])
    assert _hexes(t.gradient(y, x)) == (
        '-0x1.f8d4fe0000000p-2 -0x1.0176de0000000p-2 -0x1.2a3d2e0000000p-1 -0x1.d9652c0000000p-1 '
        '0x1.20a5280000000p-1 0x1.0092ce0000000p-1 0x1.ed0e580000000p-1 -0x1.2e68600000000p+0 '
        '0x1.bbe76c0000000p-2 0x1.2ee6320000000p-2 0x1.bd21fe0000000p-1 0x1.b03afc0000000p-2 '
        '0x1.fd9ba40000000p-3 -0x1.5619120000000p-1 0x1.7a02760000000p-1 -0x1.a7efa00000000p-1')
