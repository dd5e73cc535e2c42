"""``framework.debugging``: finding where NaN and Inf come from, and why gradients are None.

``enable_check_numerics()`` (every thread) or ``with check_numerics_scope():``
(the calling thread) puts an observer among the recording tapes, so every op
(forward, and backward during ``gradient()``) passes through it. The first op
whose result holds NaN or Inf raises ``NumericsError`` naming the op, the
layer it ran in, the user's file and line, its inputs' shapes, dtypes and
ranges, and whether the op created the bad value or passed it on. In the
backward pass it names the forward op whose gradient went bad and where that
op was created. Checking costs a pass over every result plus a stack walk per
op: a debugging mode, not one to train in.
"""
import os
import sys
import sysconfig
import threading
import weakref
from _thread import get_ident

import numpy as np

from . import backend, none_gradients, tape
from .errors import InvalidArgumentError, shown_as
from .variable import Variable, variable_of

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Frames in these packages are tapeflow's own; the first frame outside them is the user's.
_PACKAGE_DIRS = tuple(os.path.join(_ROOT, package) + os.sep for package in ('framework', 'layers', 'optim'))
_SWEEP_CODE = tape.GradientTape._sweep.__code__


class NumericsError(InvalidArgumentError, FloatingPointError):
    """An op produced (or passed on) NaN or Inf while check_numerics was enabled, or
    ``tf.debugging.check_numerics`` found one: TensorFlow raises InvalidArgumentError for both."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows InvalidArgumentError there
shown_as(NumericsError, InvalidArgumentError)


class _Everything:
    """A set that contains every id: the observer sees every op."""

    def __contains__(self, item):
        return True

    def add(self, item):
        pass


class _Settings:
    """Who is checked: every thread (``enable_check_numerics``) or the threads in a scope."""

    def __init__(self):
        self.everywhere = False
        self.scopes = 0                   # scopes open now, in all threads together
        self.local = threading.local()    # .depth: scopes open on this thread
        self.lock = threading.Lock()
        self.stack_height_limit = 3
        self.path_length_limit = 50

    def checks_this_thread(self):
        return self.everywhere or getattr(self.local, 'depth', 0) > 0


_settings = _Settings()

# Where each op's output was made: id(output) -> (weakref, op name, user frames, layer path).
# A backward failure reports the line that created the forward op it differentiates.
_origins = {}


class _NumericsObserver:
    """Lives in ``tape.ACTIVE``; ``record`` hands it every op's node (see tape.ACTIVE)."""
    _tracked = _Everything()
    _read_once = _Everything()       # record() then marks the observer _shared: it never sweeps
    _watch_accessed = False
    _per_read = False                # (record() asks every active tape whether its reads are nested ones)

    @property
    def _last(self):
        from .tape import NO_OUTPUT
        return NO_OUTPUT

    @_last.setter
    def _last(self, output):
        pass                         # record()'s chain marker: the observer keeps no tensor alive

    @property
    def _thread(self):
        # record() keeps an entry only when its _thread is the caller's.
        return get_ident() if _settings.checks_this_thread() else None

    @property
    def _nodes(self):
        return self

    def append(self, node):
        output, inputs, _, name = node
        frames = _user_frames(_settings.stack_height_limit)
        if not _all_finite(output._data):
            raise NumericsError(_describe(name, inputs, output, frames))
        _remember_origin(output, name, frames)


_observer = _NumericsObserver()


def _remember_origin(output, name, frames):
    key = id(output)

    def forget(ref, key=key):
        entry = _origins.get(key)
        if entry is not None and entry[0] is ref:
            _origins.pop(key, None)

    _origins[key] = (weakref.ref(output, forget), name, frames, _layer_path())


def _all_finite(data):
    if data.dtype.kind not in 'fc':
        return True
    return bool(backend.array_module(data).isfinite(data).all())


# ---- the message --------------------------------------------------------------------
def _describe(name, inputs, output, frames):
    out = np.asarray(backend.to_host(output._data))
    bad = 'NaN' if np.isnan(out).any() else 'Inf'
    passed_on = any(not _finite_host(x) for x in inputs)
    origin = ('passed on a non-finite value it received' if passed_on
              else 'created it from finite inputs')
    inputs_text = '\n'.join(_describe_input(i, x) for i, x in enumerate(inputs))
    swept = _swept_node()
    if swept is None:
        return ('check_numerics: op %r produced %s (output shape %s, dtype %s, %s); the op %s.\n'
                '  layer: %s\n  at: %s\n%s'
                % (name, bad, tuple(out.shape), out.dtype.name, _count_bad(out), origin,
                   _layer_path() or '(none)', _format_frames(frames), inputs_text))
    forward_name, forward = swept
    created = _origins.get(id(forward))
    if created is not None and created[0]() is forward:
        _, _, forward_frames, forward_layer = created
        where = _format_frames(forward_frames)
    else:
        forward_layer, where = None, '(unknown: check_numerics was not on when it ran)'
    return ('check_numerics: the gradient of op %r holds %s (backward pass, computed by %r; shape %s, '
            'dtype %s, %s); the gradient rule %s.\n'
            '  op %r was created at: %s\n  layer: %s\n  gradient() called at: %s\n'
            '  inputs of the gradient computation %r:\n%s'
            % (forward_name, bad, name, tuple(out.shape), out.dtype.name, _count_bad(out), origin,
               forward_name, where, forward_layer or '(none)', _format_frames(frames), name, inputs_text))


def _finite_host(x):
    data = getattr(x, '_data', None)
    return data is None or _all_finite(data)


def _count_bad(values):
    return '%d NaN and %d Inf of %d values' % (int(np.isnan(values).sum()), int(np.isinf(values).sum()),
                                             values.size)


def _describe_input(i, x):
    data = getattr(x, '_data', None)
    if data is None:
        return '    input %d: the Python value %r' % (i, x)
    host = np.asarray(backend.to_host(data))
    owner = x if hasattr(x, 'assign') else variable_of(x)     # a Variable, or a slice of one (v[0])
    what = 'variable %r, ' % owner.path if owner is not None else ''
    if host.size == 0:
        span = 'empty'
    elif host.dtype.kind in 'fc':
        finite = host[np.isfinite(host)]
        span = ('min %.6g, max %.6g' % (finite.real.min(), finite.real.max())) if finite.size else 'no finite value'
        if finite.size < host.size:
            span += ', holds %s' % _count_bad(host)
    else:
        span = 'min %s, max %s' % (host.min(), host.max())
    return '    input %d: %sshape %s, dtype %s, %s' % (i, what, tuple(host.shape), host.dtype.name, span)


def _layer_path():
    """'sequential/dense_1' for the layers running now on this thread, or None."""
    module = sys.modules.get('layers.call_context')
    if module is None:
        return None
    names = [getattr(entry[0], 'name', '?') for entry in module.state().stack]
    return '/'.join(names) or None


def _user_frames(limit):
    """(file, line, function) of up to ``limit`` frames outside tapeflow, innermost first;
    after the first, installed libraries (a test runner, the standard library) are skipped."""
    found = []
    frame = sys._getframe(2)
    while frame is not None and len(found) < limit:
        path = frame.f_code.co_filename
        if not os.path.abspath(path).startswith(_PACKAGE_DIRS) and not (found and _is_library(path)):
            found.append((path, frame.f_lineno, frame.f_code.co_name))
        frame = frame.f_back
    return tuple(found)


_LIBRARY_DIRS = tuple(sorted({sysconfig.get_path(key) + os.sep for key in ('stdlib', 'purelib', 'platlib')}))


def _is_library(path):
    return path.startswith('<') or os.path.abspath(path).startswith(_LIBRARY_DIRS)


def _format_frames(frames):
    if not frames:
        return '(unknown)'
    limit = _settings.path_length_limit
    lines = ['%s:%d (in %s)' % (path if len(path) <= limit else '...' + path[-limit:], line, function)
             for path, line, function in frames]
    return '\n      called from '.join(lines)


def _swept_node():
    """(op name, forward output) of the node ``GradientTape`` is differentiating now, or None
    outside a backward sweep. Read from the sweep's frame, so the tape's loop pays nothing."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code is _SWEEP_CODE:
            local = frame.f_locals
            output, i, nodes = local.get('output'), local.get('i'), local.get('nodes')
            entry = _origins.get(id(output))
            name = entry[1] if entry is not None and entry[0]() is output else None
            if name is None:
                # A non-persistent tape drops each node before running its rule;
                # the sweep's unpacked name is still among its locals.
                node = nodes[i] if nodes is not None and i is not None else None
                name = node[3] if node is not None else _first_str(local.get('name'), local.get('_'))
            return (name or 'unknown op'), output
        frame = frame.f_back
    return None


def _first_str(*values):
    return next((v for v in values if isinstance(v, str)), None)


# ---- switching it on and off -------------------------------------------------------------
def _sync_observer():
    """Keep the observer in tape.ACTIVE exactly while some thread is checked. Appended
    (not inserted first) so that other threads iterating ACTIVE see no index shift."""
    wanted = _settings.everywhere or _settings.scopes > 0
    present = any(t is _observer for t in tape.ACTIVE)
    if wanted and not present:
        tape.ACTIVE.append(_observer)
    elif present and not wanted:
        tape.ACTIVE.remove(_observer)
        _origins.clear()


def enable_check_numerics(stack_height_limit=3, path_length_limit=50):
    """Raise ``NumericsError`` at the first op, in any thread, whose output or gradient holds NaN or Inf.

    Args:
        stack_height_limit: how many frames of the user's code (outside
            tapeflow) the error lists, innermost first.
        path_length_limit: longer file paths are shortened from the left.
    """
    with _settings.lock:
        _settings.stack_height_limit = max(1, int(stack_height_limit))
        _settings.path_length_limit = max(8, int(path_length_limit))
        _settings.everywhere = True
        _sync_observer()


def disable_check_numerics():
    """Undo ``enable_check_numerics`` (open ``check_numerics_scope`` blocks keep checking)."""
    with _settings.lock:
        _settings.everywhere = False
        _sync_observer()


class check_numerics_scope:
    """``with check_numerics_scope(): ...`` checks the calling thread's ops in the block only."""

    def __enter__(self):
        with _settings.lock:
            _settings.local.depth = getattr(_settings.local, 'depth', 0) + 1
            _settings.scopes += 1
            _sync_observer()
        return self

    def __exit__(self, *exc):
        with _settings.lock:
            _settings.local.depth -= 1
            _settings.scopes -= 1
            _sync_observer()
        return False


def is_check_numerics_enabled():
    """Whether the calling thread's ops are checked now."""
    return _settings.checks_this_thread() and any(t is _observer for t in tape.ACTIVE)


def explain_none_gradients(enabled=True):
    """Turn the NoneGradientWarning explanations of ``GradientTape.gradient`` on or off (off by default,
    as TensorFlow prints nothing there); when on, Keras's 'Gradients do not exist' warning says why too."""
    none_gradients.EXPLAIN_NONE[0] = bool(enabled)


def _via_assertions():
    """Whether assert_all_finite called check_numerics (TF's node is VerifyFinite/CheckNumerics there)."""
    from . import graph_asserts     # (late: it imports function_errors, which imports tensor)
    return sys._getframe(2).f_code.co_filename == graph_asserts.CHECK_FILES[0]


def check_numerics(tensor, message, name=None):
    """``tf.debugging.check_numerics``: raise if ``tensor`` holds NaN or Inf, else return it.

    Raises:
        NumericsError: the CheckNumerics kernel's '<message> : Tensor had NaN values' (or Inf), in the eager
            kernel's frame as TensorFlow 2.21 prints it; in a tf.function in the graph error's wrapper
            (graph_asserts.py); in a Dataset.map the bare sentence.
        InvalidArgumentError: a tensor that is not floating-point, in the op registry's words.
    """
    from .errors import fast_path, kernel_error
    from .tensor import convert_to_tensor
    given = tensor
    tensor = convert_to_tensor(tensor)
    values = np.asarray(backend.to_host(tensor._data))
    from .ops.float_kernels import KERNELS, refusal
    from .ops.graph_input_errors import kernel_dtype_name
    if kernel_dtype_name(tensor.dtype.name) not in KERNELS['check_numerics'][2]:
        refused = refusal('check_numerics', tensor.dtype.name, named=fast_path(given))
        refused.add_note('check_numerics looks for NaN and Inf in floating-point tensors only; got dtype %s'
                         % tensor.dtype.name)
        raise refused
    from . import config_optimizer
    from .eager_graph_names import inside_function
    traced = inside_function()
    if config_optimizer.strips_debug_ops() and traced:
        return tensor           # tf.config.optimizer's debug_stripper: the graph's CheckNumerics is an Identity
    from . import graph_asserts     # (late: it imports function_errors, which imports tensor)
    graph = graph_asserts.check('CheckNumerics', name, {}) if traced and not _via_assertions() else None
    if not np.all(np.isfinite(values)):
        text = '%s : Tensor had %s values' % (message, 'NaN' if np.isnan(values).any() else 'Inf')
        if graph is not None:       # a tf.function's own call: the graph kernel error's wrapper
            raise NumericsError(graph.op_error(text))
        if traced:
            raise NumericsError(text)
        error = kernel_error('CheckNumerics', text, named=fast_path(given))
        raise NumericsError(str(error))
    if graph is not None:
        return graph_asserts.named_output(tensor, graph.scope)     # (the graph's CheckNumerics:0, not x:0)
    if isinstance(tensor, Variable):
        from .ops import identity       # TF's CheckNumerics op outputs a tensor of the variable's value
        return identity(tensor)
    return tensor


from .assertions import (Assert, assert_all_finite, assert_equal, assert_greater, assert_greater_equal,  # noqa: E402,F401
                         assert_integer, assert_less, assert_less_equal, assert_near, assert_negative,
                         assert_non_negative, assert_non_positive, assert_none_equal, assert_positive,
                         assert_rank, assert_rank_at_least, assert_scalar, assert_shapes, assert_type,
                         get_log_device_placement, set_log_device_placement)
from .type_assertions import (assert_proper_iterable, assert_rank_in, assert_same_float_dtype,  # noqa: E402,F401
                              is_numeric_tensor)


# ---- traceback filtering ------------------------------------------------------------
# TensorFlow hides its own frames in tracebacks unless told not to; tapeflow's errors keep
# every frame (its frames are short and Python), so the switch is only remembered.
_traceback_filtering = [True]


def enable_traceback_filtering():
    _traceback_filtering[0] = True


def disable_traceback_filtering():
    _traceback_filtering[0] = False


def is_traceback_filtering_enabled():
    return _traceback_filtering[0]
