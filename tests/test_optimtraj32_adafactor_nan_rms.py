"""Adafactor's alpha = maximum(epsilon_2, rms(var)) * rho keeps a NaN rms, as tf.maximum does: a variable holding
a NaN turns wholly NaN at its next step in TF 2.21's Keras 3. tapeflow took Python's max(), which answered
epsilon_2 and went on training the other weights. A float16 variable meets it as soon as one g**2 + epsilon_1
rounds to 0 (0 / 0 = NaN in that weight, u / inf = 0 elsewhere).
Goldens: TF 2.21 printed them (/work/notes/progs/optimtraj32/p6_af16_golden.py); NaN and unchanged weights
are exact on any CPU."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_NAN = ['nan'] * 4
_FIRST = ['nan', '-0x1.0000000000000p-2', '0x1.0000000000000p+0', '0x1.8000000000000p-1']


def _hexes(v):
    return [float(x).hex() for x in np.asarray(v, 'float64').ravel()]


@pytest.mark.parametrize('traced', [False, True], ids=['eager', 'traced'])
def test_float16_weight_nan_spreads_at_next_step(traced):
    v = keras.Variable(np.array([0.5, -0.25, 1.0, 0.75], 'float16'))
    opt = keras.optimizers.Adafactor(0.05)
    step = lambda g: opt.apply_gradients([(g, v)])
    if traced:
        step = tf.function(step)
    seen = []
    for _ in range(3):
        step(tf.constant(np.array([1e-4, 0.5, -0.3, 0.2], 'float16')))     # (1e-4)**2 rounds to 0 in float16
        seen.append(_hexes(v))
    assert seen == [_FIRST, _NAN, _NAN]


def test_float32_variable_holding_nan():
    v = keras.Variable(np.array([np.nan, 0.5, -1.0], 'float32'))
    opt = keras.optimizers.Adafactor(0.05)
    opt.apply_gradients([(tf.constant([0.1, 0.2, 0.3]), v)])
    assert _hexes(v) == ['nan', 'nan', 'nan']
