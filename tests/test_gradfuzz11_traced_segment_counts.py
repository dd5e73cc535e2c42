"""tf.math.unsorted_segment_mean / unsorted_segment_sqrt_n in a tf.function with ids and count given as Python
values: TF 2.21's grappler folds the counts N into a constant and runs ``sums / N`` (and the gradient's
``g / N``) as a product with the folded reciprocal. tapeflow divided: 3 of 15 sqrt_n outputs and 6 / 15 of
21 input gradients an ulp off. Values: notes/progs/gradfuzz11/t_useg.py under TF 2.21 ('list fn' lines);
ids from a variable or an argument keep the quotient (checked there too)."""
import numpy as np
import pytest

import framework as tf

X = np.array([[0.2, 0.86, 0.41], [0.18, -0.31, 0.58], [-0.25, 1.57, 1.85], [-0.47, 1.17, 0.12],
              [0.27, 1.7, -1.72], [-1.65, -1.92, 1.33], [1.11, 1.48, 1.91]], np.float32)
IDS = [1, 1, 1, 0, 3, 3, 3]

TF = {
    'unsorted_segment_mean': (
        ['-0x1.e147ae0000000p-2', '0x1.2b851e0000000p+0', '0x1.eb851e0000000p-4', '0x1.62fc960000000p-5',
         '0x1.69d0380000000p-1', '0x1.e4b1800000000p-1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.70a3d60000000p-4',
         '0x1.ae147e0000000p-2', '0x1.0369d00000000p-1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0'],
        ['0x1.641fdc0000000p-2', '0x1.2345680000000p-1', '0x1.4c3b2c0000000p-1', '0x1.641fdc0000000p-2',
         '0x1.2345680000000p-1', '0x1.4c3b2c0000000p-1', '0x1.641fdc0000000p-2', '0x1.2345680000000p-1',
         '0x1.4c3b2c0000000p-1', '0x1.0f5c280000000p-1', '0x1.15c2900000000p+1', '0x1.1eb8520000000p+0',
         '0x1.369d040000000p-2', '0x1.e4b1800000000p-2', '0x1.0123460000000p-1', '0x1.369d040000000p-2',
         '0x1.e4b1800000000p-2', '0x1.0123460000000p-1', '0x1.369d040000000p-2', '0x1.e4b1800000000p-2',
         '0x1.0123460000000p-1']),
    'unsorted_segment_sqrt_n': (
        ['-0x1.e147ae0000000p-2', '0x1.2b851e0000000p+0', '0x1.eb851e0000000p-4', '0x1.336d6e0000000p-4',
         '0x1.3956ec0000000p+0', '0x1.a3c1ba0000000p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.3f40680000000p-3',
         '0x1.7475d20000000p-1', '0x1.c1512a0000000p-1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0'],
        ['0x1.3dca3c0000000p-1', '0x1.48b5560000000p+0', '0x1.8625f80000000p+0', '0x1.3dca3c0000000p-1',
         '0x1.48b5560000000p+0', '0x1.8625f80000000p+0', '0x1.3dca3c0000000p-1', '0x1.48b5560000000p+0',
         '0x1.8625f80000000p+0', '0x1.0f5c280000000p-1', '0x1.15c2900000000p+1', '0x1.1eb8520000000p+0',
         '0x1.f30bf20000000p-2', '0x1.fea4b20000000p-1', '0x1.1582200000000p+0', '0x1.f30bf20000000p-2',
         '0x1.fea4b20000000p-1', '0x1.1582200000000p+0', '0x1.f30bf20000000p-2', '0x1.fea4b20000000p-1',
         '0x1.1582200000000p+0']),
}


def _hex(a):
    return [float(v).hex() for v in np.ravel(a)]


@pytest.mark.parametrize('op', sorted(TF))
def test_traced_counts_fold_into_a_reciprocal(op):
    x = tf.Variable(X)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            y = getattr(tf.math, op)(x, IDS, 5)
            loss = tf.reduce_sum(tf.square(y) * 0.5 + y)
        return y, tape.gradient(loss, x)
    y, g = step()
    assert _hex(y.numpy()) == TF[op][0]
    assert _hex(g.numpy()) == TF[op][1]
