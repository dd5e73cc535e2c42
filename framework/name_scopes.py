"""``tf.name_scope``: a prefix for the names of the variables created inside it.

As in TensorFlow's eager mode, scopes are not made unique ('outer' twice is
'outer/' twice), a name ending in '/' is absolute, and '' returns to the root.
Keras layer weights keep their own names (Keras 3 ignores tf.name_scope).
"""
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
