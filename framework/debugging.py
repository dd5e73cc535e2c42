"""``framework.debugging``: finding where NaN and Inf come from, and why gradients are None.

``enable_check_numerics()`` puts an observer among the recording tapes, so
every op (forward, and backward during ``gradient()``) passes through it; the
first op whose result holds NaN or Inf raises ``NumericsError`` naming the op,
the layer it ran in, the user's file and line, its inputs' shapes, dtypes and
ranges, and whether the op created the bad value or passed it on.
"""
import os
import sys
from _thread import get_ident

import numpy as np

from . import backend, tape

_PACKAGE_DIRS = tuple(os.path.dirname(os.path.abspath(p)) + os.sep for p in
                      (__file__, os.path.join(os.path.dirname(__file__), '..', 'layers', '__init__.py'),
                       os.path.join(os.path.dirname(__file__), '..', 'optim', '__init__.py')))


class NumericsError(FloatingPointError):
    """An op produced (or passed on) NaN or Inf while check_numerics was enabled."""


class _Everything:
    """A set that contains every id: the observer sees every op."""

    def __contains__(self, item):
        return True

    def add(self, item):
        pass


class _NumericsObserver:
    """Lives in ``tape.ACTIVE``; ``record`` hands it every op's node."""
    _tracked = _Everything()
    _watch_accessed = False

    @property
    def _thread(self):
        return get_ident()          # observes every thread

    @property
    def _nodes(self):
        return self

    def append(self, node):
        output, inputs, _, name = node
        if not _all_finite(output._data):
            raise NumericsError(_describe(name, inputs, output))


def _all_finite(data):
    if data.dtype.kind not in 'fc':
        return True
    return bool(backend.array_module(data).isfinite(data).all())


def _describe(name, inputs, output):
    bad = 'NaN' if bool(backend.array_module(output._data).isnan(output._data).any()) else 'Inf'
    parts = []
    passed_on = False
    for i, x in enumerate(inputs):
        data = getattr(x, '_data', None)
        if data is None:
            parts.append('  input %d: the Python value %r' % (i, x))
            continue
        host = np.asarray(backend.to_host(data))
        finite = np.isfinite(host) if host.dtype.kind in 'fc' else np.ones(host.shape, bool)
        passed_on = passed_on or not finite.all()
        span = ('min %.6g, max %.6g' % (host.min(), host.max())) if host.size else 'empty'
        parts.append('  input %d: shape %s, dtype %s, %s%s' % (
            i, tuple(host.shape), host.dtype.name, span, '' if finite.all() else ' (holds NaN/Inf)'))
    layer = _current_layer()
    where = _user_frame()
    origin = ('passed on a non-finite value it received' if passed_on
              else 'created it from finite inputs')
    return ('check_numerics: op %r produced %s (output shape %s, dtype %s); the op %s.\n'
            '  layer: %s\n  at: %s\n%s' % (name, bad, tuple(output._data.shape), output._data.dtype.name,
                                            origin, layer or '(none)', where, '\n'.join(parts)))


def _current_layer():
    module = sys.modules.get('layers.call_context')
    layer = module.current_layer() if module is not None and hasattr(module, 'current_layer') else None
    return getattr(layer, 'name', None) if layer is not None else None


def _user_frame():
    frame = sys._getframe(1)
    while frame is not None:
        path = os.path.abspath(frame.f_code.co_filename)
        if not path.startswith(_PACKAGE_DIRS):
            return '%s:%d (in %s)' % (path, frame.f_lineno, frame.f_code.co_name)
        frame = frame.f_back
    return '(unknown)'


_observer = _NumericsObserver()


def enable_check_numerics(stack_height_limit=None, path_length_limit=None):
    """Raise at the first op whose output or gradient holds NaN or Inf."""
    if _observer not in tape.ACTIVE:
        tape.ACTIVE.insert(0, _observer)


def disable_check_numerics():
    if _observer in tape.ACTIVE:
        tape.ACTIVE.remove(_observer)


class check_numerics_scope:
    """``with check_numerics_scope(): ...`` enables the check for the block only."""

    def __enter__(self):
        self._was = _observer in tape.ACTIVE
        enable_check_numerics()
        return self

    def __exit__(self, *exc):
        if not self._was:
            disable_check_numerics()
        return False


def explain_none_gradients(enabled=True):
    """Turn the NoneGradientWarning explanations of ``GradientTape.gradient`` on or off."""
    tape.EXPLAIN_NONE[0] = bool(enabled)


def check_numerics(tensor, message, name=None):
    """Raise if ``tensor`` holds NaN or Inf; return it unchanged otherwise."""
    data = getattr(tensor, '_data', None)
    values = np.asarray(backend.to_host(data) if data is not None else tensor)
    if values.dtype.kind in 'fc' and not np.all(np.isfinite(values)):
        raise NumericsError('%s : Tensor had %s values' % (message, 'NaN' if np.isnan(values).any() else 'Inf'))
    return tensor
