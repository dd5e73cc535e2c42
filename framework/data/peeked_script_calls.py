"""A py_function's Python run while a dataset reads its first element for the spec, counted as that
element's call.

TensorFlow traces a map function for ``Dataset.element_spec`` and never runs a tf.py_function's (or
numpy_function's) Python there: it runs it once per element read. tapeflow reads the spec by running the
map function on the first element (map_spec.py), so the Python ran once more than TF's: a 2-epoch fit on a
5-batch Dataset called it 11 times where TF 2.21 calls it 10, evaluate 6 for 5, and a counter kept in
the Python was one ahead from the first element on. Now the spec read's call is made as a real one
(iteration_seeds.as_a_real_read: its prints, random draws and variable writes count) and its result is
kept; the next call of the same function outside a spec read, on equal inputs (the same first element,
which the spec read took without spending shuffle seeds), takes that result instead of running again.
Where no real read follows (only the spec was asked for), the Python has run once where TF's did not.
"""
import contextlib

import numpy as np

from .. import backend
from .iteration_seeds import as_a_real_read, is_peeking

# the function's code -> (its inputs as host arrays, its result); by code, not by function: a map function
# that writes ``tf.numpy_function(lambda v: ..., [x], tf.float32)`` makes a new lambda at each call
_KEPT = {}

# whether the spec read running now is construction_trace.py's, made when Dataset.map makes its stage
_AT_CONSTRUCTION = [False]


class ReachedAtConstruction(BaseException):
    """A py_function reached by the spec read Dataset.map makes as it makes the stage: TensorFlow runs its
    Python only for the elements read, so that read is given up (construction_trace.py). A BaseException, so
    that a map function's own ``except Exception`` around the call cannot turn it into a result."""


@contextlib.contextmanager
def refused_at_construction():
    """Inside: a py_function's call raises ReachedAtConstruction before its Python runs."""
    previous, _AT_CONSTRUCTION[0] = _AT_CONSTRUCTION[0], True
    try:
        yield
    finally:
        _AT_CONSTRUCTION[0] = previous


def call(func, inputs, run):
    """``run()`` (which calls ``func`` on ``inputs``), or the result a spec read's call kept for them."""
    if _AT_CONSTRUCTION[0]:
        raise ReachedAtConstruction()
    if is_peeking():
        with as_a_real_read():
            result = run()
        _KEPT[_code(func)] = (_host(inputs), result)
        return result
    if _KEPT:
        kept = _KEPT.pop(_code(func), None)
        if kept is not None and _equal(kept[0], _host(inputs)):
            return kept[1]
    return run()


def _code(func):
    return getattr(func, '__code__', func)


def _host(inputs):
    return [np.asarray(backend.to_host(x._data)) if hasattr(x, '_data') else np.asarray(x) for x in inputs]


def _equal(kept, now):
    return len(kept) == len(now) and all(a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)
                                         for a, b in zip(kept, now))
