"""``tf.summary`` writers, the default writer and step of this thread, and ``record_if``."""
import contextlib
import os
import threading
import time

from ..io.tfrecord import frame
from .event_file import EventFileWriter

from . import events

_state = threading.local()      # TensorFlow keeps the default writer per thread too
_global = {'step': None}        # tf.summary.experimental.set_step is process-wide


def _writers():
    if not hasattr(_state, 'writers'):
        _state.writers, _state.conditions = [], []
    return _state.writers


class SummaryWriter:
    """Writes summaries to one event file in ``logdir`` (TensorBoard reads the directory).

    Events go to the file's buffer at once; ``flush()`` (or leaving ``as_default``,
    or ``close()``) pushes them to disk.
    """

    def __init__(self, logdir):
        self._events = EventFileWriter(os.fspath(logdir))
        self._closed = False

    @property
    def path(self):
        return self._events.path

    def write_event(self, body):
        if self._closed:
            raise RuntimeError('SummaryWriter for %s is closed; create a new one with '
                               'tf.summary.create_file_writer' % self._events.path)
        self._events._file.write(frame(body))

    def init(self):
        return None

    def set_as_default(self, step=None):
        """Make this the default writer of the thread until another is set."""
        writers = _writers()
        writers[:] = [self]
        if step is not None:
            _global['step'] = step

    @contextlib.contextmanager
    def as_default(self, step=None):
        """Make this the default writer inside the block (and ``step`` the default step); flush on exit."""
        writers = _writers()
        writers.append(self)
        previous = _global['step']
        if step is not None:
            _global['step'] = step
        try:
            yield self
        finally:
            writers.pop()
            if step is not None:
                _global['step'] = previous
            if not self._closed:
                self.flush()

    def flush(self):
        if not self._closed:
            self._events.flush()

    def close(self):
        self.flush()
        self._events.close()
        self._closed = True


class _NoopWriter:
    """A writer that writes nothing (``create_noop_writer``)."""

    def init(self):
        return None

    def set_as_default(self, step=None):
        _writers()[:] = [self]

    @contextlib.contextmanager
    def as_default(self, step=None):
        _writers().append(self)
        try:
            yield self
        finally:
            _writers().pop()

    def write_event(self, body):
        return None

    def flush(self):
        return None

    def close(self):
        return None


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None):
    """A SummaryWriter for ``logdir`` (created if needed). ``max_queue`` and ``flush_millis`` are
    accepted for TensorFlow programs; events reach the file buffer at once.

    Raises:
        ValueError: an empty logdir, or a filename_suffix other than '.v2' (tapeflow names the file).
    """
    if logdir is None or not os.fspath(logdir):
        raise ValueError('create_file_writer: logdir must be a directory path, got %r' % (logdir,))
    if filename_suffix not in (None, '', '.v2'):
        raise ValueError("create_file_writer: tapeflow names event files '...v2'; filename_suffix=%r is not "
                         "supported" % (filename_suffix,))
    return SummaryWriter(logdir)


def create_noop_writer():
    return _NoopWriter()


def default_writer():
    writers = _writers()
    return writers[-1] if writers else None


def get_step():
    return _global['step']


def set_step(step):
    _global['step'] = step


def resolve_step(step, op):
    step = _global['step'] if step is None else step
    if step is None:
        error = ValueError('No step set. Please specify one either through the `step` argument or through '
                           'tf.summary.experimental.set_step()')
        error.add_note('raised by %s: pass step=..., or use writer.as_default(step=...)' % op)
        raise error
    return int(getattr(step, 'numpy', lambda: step)())


@contextlib.contextmanager
def record_if(condition):
    """Record summaries inside the block only when ``condition`` (a bool or a callable) holds."""
    _writers()
    _state.conditions.append(condition)
    try:
        yield
    finally:
        _state.conditions.pop()


def should_record_summaries():
    """Whether a summary written now would be recorded: a default writer and every ``record_if`` holds."""
    writer = default_writer()
    if writer is None or isinstance(writer, _NoopWriter):
        return False
    for condition in _state.conditions:
        value = condition() if callable(condition) else condition
        if not bool(getattr(value, 'numpy', lambda: value)()):
            return False
    return True


def write(tag, tensor, meta, step, op):
    """Write one summary value with the default writer; False when nothing records."""
    if not should_record_summaries():
        return False
    default_writer().write_event(events.summary_event(tag, tensor, meta, resolve_step(step, op), time.time()))
    return True
