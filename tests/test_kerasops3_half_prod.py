"""float16 products (tf.reduce_prod, keras.ops.prod / nanprod) in TF 2.21's order and roundings: Eigen's
half packets multiply in float and round to half each time, the lanes fold in float32 (eigen_prod.py)."""
import numpy as np

import framework as tf
from framework import keras

ROWS = np.random.RandomState(5).uniform(-3, 3, size=(6, 2, 3)).astype('float16')


def test_short_rows_round_at_each_step():
    # TF 2.21 (any CPU: fewer values than a packet are multiplied one by one in half): reduce_prod of the six
    # (2, 3) float16 tensors drawn from RandomState(5).uniform(-3, 3) is
    expected = ['-0x1.878p-1', '-0x1.734p+0', '-0x1.67cp+0', '-0x1.314p-1', '0x1.fccp+5', '-0x1.b24p+3']
    got = [float(tf.reduce_prod(tf.constant(a))).hex() for a in ROWS]
    assert got == [float.fromhex(e).hex() for e in expected]
    assert [float(keras.ops.nanprod(a)).hex() for a in ROWS] == got
    # rows: x[0] of the third is 0x1.a58p+0 (numpy's float32 product rounded once: 0x1.a54p+0)
    assert float(keras.ops.prod(ROWS[2][0])) == float.fromhex('0x1.a58p+0')


def test_packet_rows(cpu_kind):
    # TF 2.21 on this AVX2 EPYC: reduce_prod(axis=1) of float16 rows of 8, 20 and 40 values of
    # RandomState(7).uniform(0.8, 1.25); elsewhere within float16 rounding
    rng = np.random.RandomState(7)
    expected = {8: '0x1.30cp+0', 20: '0x1.7c8p+0', 40: '0x1.318p+1'}
    for n, value in expected.items():
        a = rng.uniform(0.8, 1.25, size=(1, n)).astype('float16')
        got = float(tf.reduce_prod(tf.constant(a), axis=1)[0])
        if cpu_kind == 'avx2':
            assert got == float.fromhex(value), (n, float(got).hex())
        else:
            assert abs(got - float.fromhex(value)) <= 4e-3 * abs(got)
