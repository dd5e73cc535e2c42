"""numpy's and Python's global random draws in a tf.data function, as TensorFlow's one trace fixes them.

TensorFlow runs a map/filter function's Python once, to trace it: ``np.random.uniform()`` there
draws one number that the graph keeps as a constant, so every element sees the same value and the
global generator moves once (the keras.io PointNet example's ``augment`` rotates every cloud by one
angle). tapeflow runs the Python for every element; each replay would draw anew and move the
generator once per element. So the trace notes the generators' states around its call, and when it
drew from them, each replay starts them from the trace's state and puts back what they were, so it
draws the trace's numbers and leaves no mark. A function that draws nothing costs one flag test.
tf.function's traces use the same helpers (function.py); tf.data's stages (data/stage_function.py).
"""
import contextlib
import random

import numpy as np


def host_states():
    """numpy's and Python's global random generators' states."""
    return np.random.get_state(), random.getstate()


def drew_since(before):
    """Whether either generator moved since ``before`` (a ``host_states()``)."""
    (np_a, py_a), (np_b, py_b) = before, host_states()
    return py_a != py_b or np_a[2] != np_b[2] or np_a[3:] != np_b[3:] or not np.array_equal(np_a[1], np_b[1])


_REAL = []      # the generators' own states while replays draw the traces' numbers, innermost last


@contextlib.contextmanager
def drawing_from(start):
    """The generators set to ``start`` (a trace's ``host_states()``) inside, put back as found after
    (as a py_function inside left them: ``eager_draws``)."""
    _REAL.append(host_states())
    np.random.set_state(start[0])
    random.setstate(start[1])
    try:
        yield
    finally:
        now = _REAL.pop()
        np.random.set_state(now[0])
        random.setstate(now[1])


@contextlib.contextmanager
def eager_draws():
    """Around a py_function's (numpy_function's) Python, which TensorFlow runs at every call, not only
    at the trace: inside a replay its draws come from the generators' own states and move them (a
    guide/data map rotating each image by np.random.uniform inside tf.py_function)."""
    if not _REAL:
        yield
        return
    replaying_at = host_states()
    np.random.set_state(_REAL[-1][0])
    random.setstate(_REAL[-1][1])
    try:
        yield
    finally:
        _REAL[-1] = host_states()
        np.random.set_state(replaying_at[0])
        random.setstate(replaying_at[1])


def traced(fn, args, state):
    """``fn(*args)`` as the stage's trace: records in ``state`` the generators' states it started from
    where it drew from them."""
    before = host_states()
    try:
        return fn(*args)
    finally:
        state['host_random'] = before if drew_since(before) else None


def replayed(fn, args, state):
    """``fn(*args)`` as a replay: with the trace's numpy/Python random draws, the generators untouched."""
    start = state.get('host_random')
    if start is None:
        return fn(*args)
    with drawing_from(start):
        return fn(*args)
