"""``tf.profiler.experimental``: start / stop a profiling session and write its result for TensorBoard.

TensorFlow's session records host and device events and writes them, on ``stop()``, as
``<logdir>/plugins/profile/<YYYY_MM_DD_HH_MM_SS>/<hostname>.xplane.pb``. tapeflow records no kernel
events, so the XSpace it writes there names the host and holds no planes: programs that profile (the
modules guide's ``tf.profiler.experimental.start(logdir)`` beside ``tf.summary.trace_on``) run and find
the file where TensorFlow puts it, and TensorBoard's profile tab shows an empty run. The session's
errors are TensorFlow's (one session at a time; ``stop()`` without one).
"""
import collections as _collections
import os as _os
import socket as _socket
import time as _time

from .. import errors as _errors

_session = {}       # the running session: {'logdir': ...}; empty when none runs

ProfilerOptions = _collections.namedtuple(
    'ProfilerOptions', ['host_tracer_level', 'python_tracer_level', 'device_tracer_level', 'delay_ms'])
ProfilerOptions.__new__.__defaults__ = (2, 0, 1, None)     # TensorFlow's defaults
ProfilerOptions.__module__ = 'tensorflow.python.profiler.profiler_v2'


def start(logdir, options=None):
    """Start profiling; the result is written under ``logdir`` by ``stop()``.

    Raises:
        AlreadyExistsError: a session already runs (``stop()`` it first).
        AttributeError: ``options`` is not a ``ProfilerOptions`` (TensorFlow reads its ``_asdict()``).
        TypeError: ``logdir`` is not a string.
    """
    if _session:
        raise _errors.AlreadyExistsError(None, None, 'Another profiler is running.')
    # TensorFlow's own check: a dict raises "'dict' object has no attribute '_asdict'"
    settings = {} if options is None else {k: v for k, v in options._asdict().items() if v is not None}
    if not isinstance(logdir, (str, bytes)):
        # TensorFlow's pybind session takes (str, dict): its refusal, word for word
        error = TypeError('start(): incompatible function arguments. The following argument types are supported:\n'
                          '    1. (self: tensorflow.python.profiler.internal._pywrap_profiler.ProfilerSession, '
                          'arg0: str, arg1: dict) -> None\n\nInvoked with: <tensorflow.python.profiler.internal.'
                          '_pywrap_profiler.ProfilerSession object at 0x%x>, %r, %r' % (id(settings), logdir, settings))
        error.add_note('tf.profiler.experimental.start: pass the log directory as a str')
        raise error
    _session['logdir'] = _os.fsdecode(logdir)


def stop(save=True):
    """Stop the running session and, with ``save``, write its (empty) XSpace for TensorBoard.

    Raises:
        UnavailableError: no session runs.
    """
    if not _session:
        raise _errors.UnavailableError(None, None, 'Cannot export profiling results. No profiler is running.')
    logdir = _session.pop('logdir')
    if save:
        run = _os.path.join(logdir, 'plugins', 'profile', _time.strftime('%Y_%m_%d_%H_%M_%S'))
        _os.makedirs(run, exist_ok=True)
        host = _socket.gethostname()
        with open(_os.path.join(run, host + '.xplane.pb'), 'wb') as f:
            f.write(_xspace_with_host(host))


def _xspace_with_host(host):
    """An XSpace message (tensorflow/tsl/profiler/protobuf/xplane.proto) with only ``hostnames`` (field 4)."""
    data = host.encode('utf-8')
    length, size = bytearray(), len(data)
    while True:                 # the length as a protobuf varint
        byte, size = size & 0x7F, size >> 7
        length.append(byte | (0x80 if size else 0))
        if not size:
            break
    return bytes([4 << 3 | 2]) + bytes(length) + data


class Profile:
    """``with Profile(logdir):`` profiles the block: ``start(logdir, options)`` then ``stop()``."""

    def __init__(self, logdir, options=None):
        """``logdir``: where ``stop()`` writes the result; ``options``: a ``ProfilerOptions``."""
        self._logdir, self._options = logdir, options

    def __enter__(self):
        start(self._logdir, self._options)

    def __exit__(self, *exc_info):
        stop()


class Trace:
    """``with Trace('train', step_num=step):`` names a span of the profile (TensorBoard's trace viewer).
    tapeflow records no events, so it marks nothing."""

    def __init__(self, name, **kwargs):
        """``name``: the span's name; ``kwargs``: its metadata (``step_num=`` marks a training step)."""
        self._name, self._metadata = name, kwargs

    def __enter__(self):
        return self

    def set_metadata(self, **kwargs):
        self._metadata.update(kwargs)

    def __exit__(self, *exc_info):
        return None
