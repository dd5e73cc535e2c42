"""fit's per-step bookkeeping on the model must not count as a change of its structure: each such
change drops the cached weight lists (layers/tracking.py), and the next read walks every sublayer
again. ``_step_trace``, set twice per step, did that on every step (fit 14-16% slower than the custom
loop instead of ~5%, bench/bench_fit.py)."""
import numpy as np

from framework import keras
from layers import tracking


def _structure_changes_during_fit(model, x, y):
    before = tracking.STRUCTURE_CHANGES[0]
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    return tracking.STRUCTURE_CHANGES[0] - before


def test_structure_changes_do_not_grow_with_the_number_of_steps():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    x, y = np.ones((40, 3), 'float32'), np.ones((40, 1), 'float32')
    model.fit(x[:8], y[:8], batch_size=4, epochs=1, verbose=0)       # first fit builds and traces
    short = _structure_changes_during_fit(model, x[:8], y[:8])       # 2 steps
    long = _structure_changes_during_fit(model, x, y)                # 10 steps
    assert long == short
