"""The seed pair each iteration of a reshuffling tf.data stage draws, and reading an element without
drawing one.

tf.data draws a reshuffling stage's (shuffle, Dataset.random, sample_from_datasets) next pair of
seeds when an iterator is made. TensorFlow knows a mapped dataset's ``element_spec`` by tracing;
tapeflow reads the first element instead (``Dataset.element_spec``), and that read must not draw a
pair, or every later iteration (each epoch of a ``fit`` on ``ds.shuffle(n).map(f)``) would be
shuffled as TensorFlow's next one is.
"""
import contextlib
import threading

from .. import random_state_freeze, trace_prints
from ..variable import STATELESS_SCOPES

_STATE = threading.local()


class IterationSeeds:
    """The pairs of a stage, two words at a time from ``words`` (a Philox word stream)."""

    def __init__(self, words):
        self._words = words
        self._lock = threading.Lock()
        self._pending = None           # drawn by a peek, still the next iteration's

    def next_pair(self):
        """The next iteration's pair; spent unless an element is only being peeked at."""
        with self._lock:
            if self._pending is None:
                self._pending = (next(self._words), next(self._words))
            pair = self._pending
            if not getattr(_STATE, 'peeking', False):
                self._pending = None
            return pair


def is_peeking():
    """True while an element is only read for a spec (inside ``peeking()``)."""
    return getattr(_STATE, 'peeking', False)


@contextlib.contextmanager
def peeking():
    """Iterators made inside draw their stages' next pairs without spending them, and the map
    functions run inside move no random state (a ``tf.random.Generator``'s ``make_seeds``, a Keras
    SeedGenerator, op seeds) nor print with tf.print: TensorFlow only traces them for the spec, it
    never runs them."""
    previous = getattr(_STATE, 'peeking', False)
    _STATE.peeking = True
    writes = _DroppedWrites()
    STATELESS_SCOPES.append(writes)
    try:
        with random_state_freeze.freezing(), trace_prints.held(run=False):
            yield
    finally:
        STATELESS_SCOPES.remove(writes)
        writes.restore()
        _STATE.peeking = previous


class _DroppedWrites:
    """Variable writes made while an element is read for a spec (a map function's
    ``counter.assign_add(1)``) go to copies, dropped when the read ends: TensorFlow traces the
    function for the spec and never runs it. A scope like keras.StatelessScope's (Variable._detach
    hands each written variable to the innermost one)."""

    def __init__(self):
        self._originals = {}

    def claim(self, variable):
        if id(variable) not in self._originals:
            self._originals[id(variable)] = (variable, variable._data)
            variable._data = variable._data.copy()
            variable._snapshot = None

    def restore(self):
        for variable, data in self._originals.values():
            variable._data = data
            variable._snapshot = None
