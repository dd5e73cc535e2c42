"""Optimizer API details as Keras 3.15 has them.

- ``exclude_from_weight_decay`` after updates have begun: Keras's check for a built optimizer reads
  ``_built``, an attribute it never sets, so the call is accepted and holds from the next update
  (each call replacing the last one's choice); tapeflow raised ValueError.
- ``use_ema`` with an ema_momentum outside [0, 1]: Keras's words.

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref), variables as ``tobytes().hex()``
(/work/notes/progs/optim5/excl.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

EXCLUDED_LATE = [
    ('aa99593faa99593faa99593faa99593f', 'aa99593faa99593f'),
    ('dd1e353fdd1e353fdd1e353fdd1e353f', '2500403f2500403f'),
    ('4d851b3f4d851b3f4d851b3f4d851b3f', 'facc1c3ffacc1c3f'),
]


def test_exclude_from_weight_decay_after_updates_holds_from_the_next_update():
    w = keras.Variable(np.ones((2, 2), 'float32'), name='w')
    b = keras.Variable(np.ones((2,), 'float32'), name='bias')
    opt = keras.optimizers.AdamW(0.1, weight_decay=0.5)
    seen = []

    def step():
        opt.apply_gradients([(tf.ones((2, 2)), w), (tf.ones((2,)), b)])
        seen.append((np.asarray(w.numpy()).tobytes().hex(), np.asarray(b.numpy()).tobytes().hex()))
    step()
    opt.exclude_from_weight_decay(var_names=['bias'])
    step()
    opt.exclude_from_weight_decay(var_list=[w])     # replaces the pattern: the bias decays again
    step()
    assert seen == EXCLUDED_LATE


def test_ema_momentum_out_of_range_reads_as_keras():
    with pytest.raises(ValueError, match=r'^`ema_momentum` must be in the range \[0, 1\]. Received: ema_momentum=1.5$'):
        keras.optimizers.Adam(use_ema=True, ema_momentum=1.5)
