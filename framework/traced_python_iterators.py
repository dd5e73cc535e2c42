"""Python iterators passed to a tf.function: their replays see the values the trace took.

TensorFlow runs a tf.function's Python once per trace; ``next(iterator)`` on a Python iterator or
generator argument runs then, and the value it gave is a constant of the graph. The same iterator
passed again (its identity is the trace key) replays the graph: the same value, the iterator left
where the trace left it (the tf.function guide's ``buggy_consume_next`` prints 'Value: 1' three
times). tapeflow replays a trace by running the Python again, so the trace runs on a recorder of
each such argument and the replays on what it recorded. tf.data iterators are not Python iterators
here: each call takes their next element, as in TensorFlow.
"""
import types

_ITERATOR_MODULES = frozenset(('builtins', 'itertools'))


def _is_python_iterator(value):
    kind = type(value)
    if kind is types.GeneratorType:
        return True
    return kind.__module__ in _ITERATOR_MODULES and hasattr(kind, '__next__') and hasattr(kind, '__iter__')


class _Recorder:
    """The iterator as the trace sees it: its values, noted as they are taken."""
    __slots__ = ('_source', 'taken')

    def __init__(self, source):
        self._source, self.taken = source, []

    def __iter__(self):
        return self

    def __next__(self):
        value = next(self._source)
        self.taken.append(value)
        return value


class _Replay:
    """What the trace took, again, for one replay (then the end of the iteration, as the graph has no more)."""
    __slots__ = ('_values',)

    def __init__(self, values):
        self._values = iter(values)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._values)


def recording(args, kwargs):
    """(args, kwargs, recorders): Python iterators among the arguments replaced by recorders, and the
    recorders (None where there is no such argument: the arguments as given)."""
    recorders = [_Recorder(value) for value in list(args) + list(kwargs.values()) if _is_python_iterator(value)]
    if not recorders:
        return args, kwargs, None
    by_source = {id(r._source): r for r in recorders}
    args = tuple(by_source.get(id(value), value) for value in args)
    kwargs = {keyword: by_source.get(id(value), value) for keyword, value in kwargs.items()}
    return args, kwargs, recorders


def taken(recorders):
    """A trace's record: [(iterator, the values the trace took from it)] (the iterator kept, so that its
    id, which the trace key holds too, names no other object), or None."""
    return None if not recorders else [(r._source, list(r.taken)) for r in recorders]


def replaying(args, kwargs, record):
    """The arguments of a replay of a trace whose ``record`` is ``taken``'s: each iterator the trace
    took values from (passed by position or by keyword) gives those values again."""
    values = {id(source): taken_values for source, taken_values in record}
    args = tuple(_Replay(values[id(v)]) if id(v) in values else v for v in args)
    kwargs = {keyword: _Replay(values[id(v)]) if id(v) in values else v for keyword, v in kwargs.items()}
    return args, kwargs
