"""An einsum's summed-away letters ('ij->i', 'i->', 'ij->') add their values one after another from 0, as TF 2.21's
Einsum kernel (ReduceOperand's reduction) does at every length, not in reduce_sum's packet order: rows of 8 or more
were an ulp off (float32 and float64; found through clip_by_global_norm of an einsum('ij->') in gradfuzz6).
Bits printed by TF 2.21."""
import numpy as np

import framework as tf

M = [[-1.0, -0.63, -0.26, 0.11, 0.48, 0.85, -0.78, -0.41, -0.04, 0.33],
     [0.7, -0.93, -0.56, -0.19, 0.18, 0.55, 0.92, -0.71, -0.34, 0.03],
     [0.4, 0.77, -0.86, -0.49, -0.12, 0.25, 0.62, 0.99, -0.64, -0.27]]
ROWS = {'float32': ['-0x1.5999960000000p+0', '-0x1.6666640000000p-2', '0x1.4ccccc0000000p-1'],
        'float64': ['-0x1.5999999999999p+0', '-0x1.666666666666ap-2', '0x1.4cccccccccccdp-1']}
WHOLE = {'float32': ('-0x1.0ccccc0000000p+0', '-0x1.0cccca0000000p+0'),
         'float64': ('-0x1.0cccccccccccap+0', '-0x1.0ccccccccccccp+0')}


def _hex(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def test_row_sums_add_in_order():
    for dtype in ('float32', 'float64'):
        x = tf.constant(M, dtype)
        assert _hex(tf.einsum('ij->i', x)) == ROWS[dtype]
        assert _hex(tf.einsum('ij->j', tf.transpose(x))) == ROWS[dtype]
        assert _hex(tf.einsum('i->', x[0])) == ROWS[dtype][:1]


def test_whole_sum_differs_from_reduce_sum_as_in_tf():
    for dtype in ('float32', 'float64'):
        x = tf.constant(M, dtype)
        assert (_hex(tf.einsum('ij->', x))[0], _hex(tf.reduce_sum(x))[0]) == WHOLE[dtype]


def test_empty_and_negative_zero_sums():
    assert tf.einsum('ij->i', tf.zeros([3, 0])).numpy().tolist() == [0.0, 0.0, 0.0]
    assert tf.einsum('ij,jk->i', tf.ones([2, 3]), tf.ones([3, 0])).numpy().tolist() == [0.0, 0.0]
    assert not np.signbit(tf.einsum('ij->', -tf.zeros([2, 2])).numpy())
