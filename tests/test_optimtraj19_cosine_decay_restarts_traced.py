"""CosineDecayRestarts in a traced graph divides by log(t_mul) and 1 - t_mul as grappler leaves it: by their reciprocals.

Those two divisors are constants of TF 2.21's graph, so the arithmetic optimizer multiplies by 1 / C: at a
period's end, log(1.25) * (1 / log(1.25)) is 0.99999994, the floor stays in the old period and the rate is
initial * alpha, where eagerly the schedule restarts. Values printed by TF 2.21 (AVX2 EPYC, oneDNN off) for
/work/notes/progs/optimtraj19/p17_cdr_golden.py; tapeflow divided in traces too (step 4 gave the restart's
0x1.d47ae2p-3, and a random sweep's Lion / RMSprop / Nadam steps under this schedule drifted: p6_sweep.py).
"""
import pytest

import framework as tf
from framework import keras

CASES = {
    (0.3, 4, 1.25, 0.75, 0.05): {
        'traced': {3: '0x1.d0cab80000000p-5', 4: '0x1.eb85200000000p-7', 5: '0x1.aaad7a0000000p-3',
                   9: '0x1.eb85200000000p-7', 10: '0x1.52bc080000000p-3', 17: '0x1.ef6c820000000p-4'},
        'eager': {3: '0x1.d0cab80000000p-5', 4: '0x1.d47ae20000000p-3', 5: '0x1.aaad780000000p-3',
                  9: '0x1.670a400000000p-3', 10: '0x1.52bc0c0000000p-3', 17: '0x1.ef6c800000000p-4'},
    },
    (0.3, 4, 1.3278380134391172, 0.7092540902552262, 0.0): {
        'traced': {9: '0x1.d798620000000p-10', 10: '0x1.2ddac60000000p-3', 12: '0x1.a5bc600000000p-4',
                   17: '0x1.b172040000000p-4', 30: '0x1.c9bfba0000000p-5'},
        'eager': {9: '0x1.d798620000000p-10', 10: '0x1.2ddac40000000p-3', 12: '0x1.a5bc5a0000000p-4',
                  17: '0x1.b172020000000p-4', 30: '0x1.c9bfb20000000p-5'},
    },
}


@pytest.mark.parametrize('args', list(CASES), ids=lambda a: 't_mul=%s' % a[2])
@pytest.mark.parametrize('mode', ['traced', 'eager'])
def test_rates_as_tf(args, mode):
    initial, first, t_mul, m_mul, alpha = args
    schedule = keras.optimizers.schedules.CosineDecayRestarts(initial, first, t_mul=t_mul, m_mul=m_mul, alpha=alpha)
    rate = tf.function(lambda step: schedule(step)) if mode == 'traced' else schedule
    expected = CASES[args][mode]
    got = {step: float(rate(tf.constant(step, 'int64'))).hex() for step in expected}
    assert got == expected
