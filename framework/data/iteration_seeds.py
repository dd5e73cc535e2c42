"""The seed pair each iteration of a reshuffling tf.data stage draws, and reading an element without
drawing one.

tf.data draws a reshuffling stage's (shuffle, Dataset.random, sample_from_datasets) next pair of
seeds when an iterator is made. TensorFlow knows a mapped dataset's ``element_spec`` by tracing;
tapeflow reads the first element instead (``Dataset.element_spec``), and that read must not draw a
pair, or every later iteration (each epoch of a ``fit`` on ``ds.shuffle(n).map(f)``) would be
shuffled as TensorFlow's next one is.

A dataset iterator records the pairs its elements drew (``push_recorder``), which a checkpoint saves;
its restore replays them (``replaying``) and sets each stage's count back (``IterationSeeds.seek``).
"""
import collections
import contextlib
import itertools
import threading

from .. import philox, random_state_freeze, trace_prints
from ..variable import STATELESS_SCOPES

_STATE = threading.local()


class IterationSeeds:
    """The pairs of a stage, two words at a time from a Philox word stream (``make_words()``)."""

    def __init__(self, make_words):
        self._make_words = make_words
        self._words = make_words()
        self._spent = 0                # pairs handed to iterations (tf.data's num_random_samples / 2)
        self._lock = threading.Lock()
        self._pending = None           # drawn by a peek, still the next iteration's

    @classmethod
    def from_op_seeds(cls, seeds):
        """The stream tf.data seeds from a stage's op seed pair."""
        return cls(lambda: philox.word_stream(*philox.key_counter_from_op_seeds(*seeds)))

    def next_pair(self):
        """The next iteration's pair; spent unless an element is only being peeked at. A restored
        iterator's replay (``replaying``) is handed the pairs its saved iterator drew."""
        peeking_now = getattr(_STATE, 'peeking', False)
        replay = getattr(_STATE, 'replay', None)
        if replay and not peeking_now:
            pair = replay.popleft()
        else:
            with self._lock:
                if self._pending is None:
                    self._pending = (next(self._words), next(self._words))
                pair = self._pending
                if not peeking_now:
                    self._pending = None
                    self._spent += 1
        recorders = getattr(_STATE, 'recorders', None)
        if recorders and not peeking_now:
            recorders[-1].append((self, pair))
        return pair

    @property
    def spent(self):
        return self._spent

    def seek(self, spent):
        """Start the stream again with ``spent`` pairs handed out: tf.data resets a shuffle's shared seed
        generator to its saved count when an iterator is restored, so later iterations draw on from there."""
        with self._lock:
            self._words = itertools.islice(self._make_words(), 2 * spent, None)
            self._pending = None
            self._spent = spent


def push_recorder(draws):
    """Pairs drawn from here on (not while peeking) are appended to ``draws`` as (stage, pair), until
    ``pop_recorder``: an iterator records what making its elements drew, so a checkpoint can hold it."""
    recorders = getattr(_STATE, 'recorders', None)
    if recorders is None:
        recorders = _STATE.recorders = []
    recorders.append(draws)


def pop_recorder():
    _STATE.recorders.pop()


@contextlib.contextmanager
def replaying(pairs):
    """Within the block the stages' draws are answered with ``pairs`` in order (then from their streams)."""
    previous = getattr(_STATE, 'replay', None)
    _STATE.replay = collections.deque(pairs)
    try:
        yield
    finally:
        _STATE.replay = previous


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


@contextlib.contextmanager
def as_a_real_read():
    """Inside ``peeking()``: what runs here acts as in a real read of the element (random states move,
    variable writes stay, prints come out): a py_function's Python, whose call counts as the first
    element's (peeked_script_calls.py)."""
    scopes = STATELESS_SCOPES[:]
    STATELESS_SCOPES[:] = [scope for scope in scopes if not isinstance(scope, _DroppedWrites)]
    previous = getattr(_STATE, 'peeking', False)
    _STATE.peeking = False
    try:
        with random_state_freeze.thawed(), trace_prints.released():
            yield
    finally:
        _STATE.peeking = previous
        STATELESS_SCOPES[:] = scopes


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
