"""``tf.name_scope``: a prefix for the names of the variables created inside it.

As in TensorFlow's eager mode, scopes are not made unique ('outer' twice is
'outer/' twice), a name ending in '/' is absolute, and '' returns to the root.
Keras layer weights keep their own names (Keras 3 ignores tf.name_scope).
"""
import contextlib
import re
import sys
import threading

from . import trace_names

_state = threading.local()


def current():
    """The prefix for names made now: 'outer/inner/' inside two scopes, '' outside any."""
    return getattr(_state, 'prefix', '')


def get_current_name_scope():
    """``tf.get_current_name_scope()``: 'outer/inner' inside two scopes, '' outside any."""
    return current().rstrip('/')


def qualify(name):
    """``name`` as a variable created now is named, before the ':0' its ``name`` adds: 'outer/v' in
    scope 'outer'; a name ending in '/' is absolute ('abs/' is 'abs'), and so is '' (TF 2.21)."""
    if not name or name.endswith('/'):
        return name[:-1]
    return current() + name


class name_scope:  # noqa: N801  (TensorFlow's spelling)
    """Context manager: variables created inside are named 'scope/name:0'.

    Args:
        name: the scope's name; one ending in '/' is used as the whole prefix.
    """

    def __init__(self, name):
        if not isinstance(name, str):
            error = ValueError('name for name_scope must be a string.')     # TF 2.21's words
            error.add_note('name_scope: got %r of type %s' % (name, type(name).__name__))
            raise error
        self._name = name
        self._saved = []

    @property
    def name(self):
        return self._name

    def __enter__(self):
        old = current()
        if trace_names.ACTIVE and self._name:
            with _graph_name_scope(self._name, old):        # (TF's error shows contextlib's frame, as this does)
                pass
        if not self._name:
            prefix = ''
        elif self._name.endswith('/'):
            prefix = self._name
        else:
            prefix = old + self._name + '/'
            if trace_names.ACTIVE:
                prefix = _graph_unique(prefix)
        self._saved.append(old)
        _state.prefix = prefix
        return prefix

    def __exit__(self, *exc):
        _state.prefix = self._saved.pop()
        return False


def _graph_unique(prefix):
    """In a tf.function trace a scope's name is made unique in its graph, as TensorFlow's graph
    name scopes are: a second 'outer' block is 'outer_1/' (its ops print 'outer_1/add:0')."""
    trace = trace_names.current()
    graph = getattr(trace, 'graph', None)
    if graph is None or not hasattr(trace, 'graph_state'):
        return prefix
    return graph.unique(prefix[:-1]) + '/'


# TensorFlow's graph name scopes refuse names its op names could not carry (ops.py's two patterns): a scope
# opened at a graph's root must start with a letter, digit or '.', a nested one may start with '_', '-', ...
_ROOT_NAME = re.compile(r"^[A-Za-z0-9.][A-Za-z0-9_.\\/>-]*$")
_NESTED_NAME = re.compile(r"^[A-Za-z0-9_.\\/>-]*$")


@contextlib.contextmanager
def _graph_name_scope(name, old):
    _check_graph_scope_name(name, old)
    yield


def _check_graph_scope_name(name, old):
    """TF 2.21's ValueError for a tf.name_scope name a graph refuses, in a user's tf.function or a
    tf.data function (eager scopes take any name). Keras's own traced steps and calls inside a layer
    are left alone: Keras opens scopes of its own around them, which are not kept here, so whether
    the name would be at the root is not known."""
    trace = trace_names.current()
    if getattr(trace, 'graph', None) is None:
        return
    call_context = sys.modules.get('layers.call_context')
    if call_context is not None and call_context.STATE.stack:
        return
    random_ops = sys.modules.get('framework.graph_random_ops')
    state = random_ops.current() if random_ops is not None else None
    if state is not None and state.keras_step:
        return
    if old:
        if not _NESTED_NAME.match(name):
            raise ValueError("'%s' is not a valid scope name. A scope name has to match the following pattern: %s"
                             % (name, _NESTED_NAME.pattern))
    elif not _ROOT_NAME.match(name):
        raise ValueError("'%s' is not a valid root scope name. A root scope name has to match the following "
                         "pattern: %s" % (name, _ROOT_NAME.pattern))
