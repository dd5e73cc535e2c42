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

from .. import random_state_freeze

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


@contextlib.contextmanager
def peeking():
    """Iterators made inside draw their stages' next pairs without spending them, and the map
    functions run inside move no random state (a ``tf.random.Generator``'s ``make_seeds``, a Keras
    SeedGenerator, op seeds): TensorFlow only traces them for the spec, it never runs them."""
    previous = getattr(_STATE, 'peeking', False)
    _STATE.peeking = True
    try:
        with random_state_freeze.freezing():
            yield
    finally:
        _STATE.peeking = previous
