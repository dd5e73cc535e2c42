"""numpy's and Python's global random draws in a tf.data function, as TensorFlow's one trace fixes them.

TensorFlow runs a map/filter function's Python once, to trace it: ``np.random.uniform()`` there
draws one number that the graph keeps as a constant, so every element sees the same value and the
global generator moves once (the keras.io PointNet example's ``augment`` rotates every cloud by one
angle). tapeflow runs the Python for every element; each replay would draw anew and move the
generator once per element. So the trace notes the generators' states around its call, and when it
drew from them, each replay starts them from the trace's state and puts back what they were, so it
draws the trace's numbers and leaves no mark. A function that draws nothing costs one flag test.
"""
import random

import numpy as np


def _states():
    return np.random.get_state(), random.getstate()


def _same(a, b):
    (np_a, py_a), (np_b, py_b) = a, b
    return py_a == py_b and np_a[2] == np_b[2] and np_a[3:] == np_b[3:] and np.array_equal(np_a[1], np_b[1])


def traced(fn, args, state):
    """``fn(*args)`` as the stage's trace: records in ``state`` the generators' states it started from
    where it drew from them."""
    before = _states()
    try:
        return fn(*args)
    finally:
        state['host_random'] = None if _same(before, _states()) else before


def replayed(fn, args, state):
    """``fn(*args)`` as a replay: with the trace's numpy/Python random draws, the generators untouched."""
    start = state.get('host_random')
    if start is None:
        return fn(*args)
    now = _states()
    np.random.set_state(start[0])
    random.setstate(start[1])
    try:
        return fn(*args)
    finally:
        np.random.set_state(now[0])
        random.setstate(now[1])
