"""While ``tf.function`` traces, the tensors passed in print as TensorFlow's symbolic ones.

TensorFlow's trace runs the Python function on placeholders, so a ``print(x)`` there shows
``Tensor("x:0", shape=(None,), dtype=int32)`` (the parameter's name, the traced shape), a line
the tf.function guides print again and again. tapeflow traces with the real tensors; during
that call their ``str`` / ``repr`` give TensorFlow's text instead of their values.
"""
import threading

ACTIVE = []                 # non-empty while some thread traces (a cheap test for printing)
_local = threading.local()


class naming:
    """The context of one trace: ``names`` maps id(tensor) -> (parameter name, shape, dtype name)."""

    def __init__(self, names):
        self._names = names

    def __enter__(self):
        stack = getattr(_local, 'stack', None)
        if stack is None:
            stack = _local.stack = []
        stack.append(self._names)
        ACTIVE.append(self)
        return self

    def __exit__(self, *exc):
        _local.stack.pop()
        ACTIVE.remove(self)
        return False


def known_dims(shape):
    """A spec's shape as a tuple of ints and None, or None for an unknown rank."""
    if shape is None or getattr(shape, 'rank', 0) is None:
        return None
    return tuple(None if d is None else int(d) for d in shape)


def tracing():
    """Whether this thread is inside a tf.function trace."""
    return bool(getattr(_local, 'stack', None))


def symbolic_text(tensor, as_repr, display_name):
    """TensorFlow's text for ``tensor`` if it is an argument of the trace running on this thread."""
    stack = getattr(_local, 'stack', None)
    if not stack:
        return None
    entry = stack[-1].get(id(tensor))
    if entry is None:
        return None
    name, shape, dtype = entry
    if shape is None:           # unknown rank: TensorFlow leaves the shape out
        if as_repr:
            return "<%s.Tensor '%s:0' shape=<unknown> dtype=%s>" % (display_name, name, dtype)
        return 'Tensor("%s:0", dtype=%s)' % (name, dtype)
    if as_repr:
        return "<%s.Tensor '%s:0' shape=%s dtype=%s>" % (display_name, name, shape, dtype)
    return 'Tensor("%s:0", shape=%s, dtype=%s)' % (name, shape, dtype)
