"""Ftrl inside tf.function gives TF 2.21's signed zeros for the weights it sets to zero.

With l1 = 0, an element whose linear slot is +0 (a row with no gradient yet) becomes
(clip(+0, -0, 0) - 0) / q. Traced, TF runs the clip as Minimum then Maximum, whose packet code returns
the bound on a tie of +0 and -0, so such weights are -0.0 in the first 16 elements (two packets of 8)
and +0.0 in the tail; eagerly TF keeps +0 everywhere. tapeflow gave +0 in both modes.
Values printed by TF 2.21 / Keras 3.15 (probe: /work/notes/progs/optimtraj2/ftrl_golden.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _signs(t):
    return ''.join('-' if np.signbit(v) else '+' for v in np.asarray(t).ravel())


@pytest.mark.parametrize('traced, expected', [(True, '-------------++-++'), (False, '------++++++-+++++')])
def test_untouched_rows_take_tensorflows_zero_sign(traced, expected):
    optimizer = keras.optimizers.Ftrl(learning_rate=0.1)
    table = tf.Variable(np.linspace(-1, 1, 18).reshape(6, 3).astype('float32'), name='table')

    def step(ids):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.sin(tf.gather(table, ids) * 1.3 + 1.0))
        optimizer.apply_gradients([(tape.gradient(loss, table), table)])
        return loss
    if traced:
        step = tf.function(step)
    step(tf.constant([4, 1, 4, 0]))
    values = table.numpy().ravel()
    assert _signs(values) == expected
    assert [float(v).hex() for v in values[12:15]] == ['-0x1.4910620000000p-6', '0x1.5f357a0000000p-3',
                                                     '0x1.a999ac0000000p-2']
    assert np.count_nonzero(values) == 9
