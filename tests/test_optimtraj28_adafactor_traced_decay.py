"""Adafactor's beta_2_t = 1 - local_step ** beta_2_decay in a traced step: grappler's arithmetic optimizer turns
Pow with a constant exponent of -0.5 into Rsqrt, whose one element is 1 / sqrt(step), 1 ulp from C's pow at
some steps (TF 2.21: 6, 7, 17, 18, 21, ...); eagerly, and for a keras.Variable exponent, the Pow stays
(progs/optimtraj28/p7_afclip.py). Every variable here has under 8 elements, so the traced Rsqrt of the update
takes Eigen's scalar path (1 / sqrt): the bits do not hang on the CPU."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _run(decay, traced):
    w = keras.Variable(np.arange(6, dtype='float32').reshape(3, 2) - 2.5, name='kernel')
    opt = keras.optimizers.Adafactor(learning_rate=0.01, beta_2_decay=decay, clipvalue=0.013143200005438588)

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w * 3.0)
        opt.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
    if traced:
        step = tf.function(step)
    for _ in range(20):
        step()
    row, column, velocity = (v.numpy() for v in opt.variables if 'kernel' in v.path)
    return ([float(x).hex() for x in row], [float(x).hex() for x in column], float(velocity[0, 0]).hex(),
            [float(x).hex() for x in w.numpy().ravel()])


POW = (['0x1.6a45140000000p-13'] * 3, ['0x1.6a45180000000p-13'] * 2, '0x1.6a45160000000p-13',
       ['-0x1.17aeb20000000p+1', '-0x1.2f5d5c0000000p+0', '-0x1.7aeb060000000p-3', '0x1.7aeb060000000p-3',
        '0x1.2f5d5c0000000p+0', '0x1.17aeb20000000p+1'])
RSQRT = (['0x1.6a45140000000p-13'] * 3, ['0x1.6a45140000000p-13'] * 2, '0x1.6a45120000000p-13',
         ['-0x1.17aeb20000000p+1', '-0x1.2f5d5c0000000p+0', '-0x1.7aeb040000000p-3', '0x1.7aeb040000000p-3',
          '0x1.2f5d5c0000000p+0', '0x1.17aeb20000000p+1'])


def test_traced_constant_half_root_decay_is_rsqrt():
    assert _run(-0.5, traced=True) == RSQRT       # TF 2.21 (tapeflow gave POW's bits)


@pytest.mark.parametrize('case', ['eager', 'variable_exponent'])
def test_pow_where_grappler_does_not_rewrite(case):
    if case == 'eager':
        assert _run(-0.5, traced=False) == POW        # TF 2.21
    else:
        assert _run(keras.Variable(-0.5), traced=True) == POW     # TF 2.21: a variable exponent keeps the Pow
