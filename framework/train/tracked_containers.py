"""The lists, dicts and tuples a ``tf.train.Checkpoint`` or a ``tf.Module`` holds (TensorFlow's ListWrapper /
_DictWrapper / _TupleWrapper).

``checkpoint.listed = [v1]`` saves 'listed/0'; items added after a restore get
their saved values as they are added (``restore.listed.append(v)`` restores
'listed/<i>'), as TensorFlow's wrappers do.
"""
from . import deferred_restore


class ListWrapper(list):
    # Items are wrapped as they arrive ([5] appended reads ListWrapper([5])), as TensorFlow's are.
    _tf_plain_type = list       # what tf.nest and tf.function keys see (TF's wrappers stand for their value)
    def append(self, value):
        super().append(wrapped(value))
        deferred_restore.after_build(self)

    def extend(self, values):
        super().extend(wrapped(v) for v in values)
        deferred_restore.after_build(self)

    def insert(self, index, value):
        super().insert(index, wrapped(value))
        deferred_restore.after_build(self)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __setitem__(self, index, value):
        super().__setitem__(index, [wrapped(v) for v in value] if isinstance(index, slice) else wrapped(value))
        deferred_restore.after_build(self)

    def __repr__(self):
        return 'ListWrapper(%s)' % list.__repr__(self)


class _DictWrapper(dict):
    # (TensorFlow's class name, which ``type(checkpoint.mapped).__name__`` prints: the checkpoint guide)
    def __setitem__(self, key, value):
        super().__setitem__(key, wrapped(value))
        deferred_restore.after_build(self)

    def update(self, *args, **kwargs):
        for key, value in dict(*args, **kwargs).items():
            super().__setitem__(key, wrapped(value))
        deferred_restore.after_build(self)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def __repr__(self):     # TensorFlow 2.21's _DictWrapper: repr 'DictWrapper({...})', str the dict's
        return 'DictWrapper(%s)' % dict.__repr__(self)

    def __str__(self):
        return dict.__repr__(self)


DictWrapper = _DictWrapper      # the name tapeflow's modules use


class _TupleWrapper(tuple):
    """A tuple holding something trackable, as TensorFlow 2.21 keeps it (its checkpoint saves 't/0', 't/1/0');
    still a tuple. TF's is a proxy, so a namedtuple keeps its fields: ``_namedtuple_wrapper`` subclasses it."""
    __slots__ = ()
    is_tuple_wrapper = True
    _tf_plain_type = tuple

    def __repr__(self):
        return '_TupleWrapper(%s)' % tuple.__repr__(self)

    def __str__(self):
        return tuple.__repr__(self)


_NAMEDTUPLE_WRAPPERS = {}       # namedtuple class -> its _TupleWrapper subclass


def _namedtuple_wrapper(cls):
    wrapper = _NAMEDTUPLE_WRAPPERS.get(cls)
    if wrapper is None:
        wrapper = _NAMEDTUPLE_WRAPPERS[cls] = type('_TupleWrapper', (cls,), {
            '__slots__': (), 'is_tuple_wrapper': True, '_tf_plain_type': cls, '__repr__': _TupleWrapper.__repr__,
            '__str__': lambda self: tuple.__repr__(self)})
    return wrapper


def is_tuple_wrapper(value):
    return getattr(type(value), 'is_tuple_wrapper', False)


def _should_wrap_tuple(value):
    """TensorFlow's rule: a tuple is wrapped when an item is trackable or is itself wrapped (a list, a dict,
    a tuple of trackables); ``(3, 4)`` and ``()`` stay plain tuples."""
    from .object_graph import is_trackable
    return any(is_trackable(item) or wrapped(item) is not item for item in value)


def wrapped(value):
    """``value`` as the Checkpoint keeps it: lists and dicts wrapped (their contents too)."""
    if isinstance(value, (ListWrapper, DictWrapper)):
        return value
    if isinstance(value, list):
        return ListWrapper(wrapped(v) for v in value)
    if isinstance(value, dict):
        return DictWrapper((k, wrapped(v)) for k, v in value.items())
    if isinstance(value, tuple) and not is_tuple_wrapper(value) and _should_wrap_tuple(value):
        items = [wrapped(v) for v in value]
        if hasattr(type(value), '_fields'):
            return _namedtuple_wrapper(type(value))(*items)
        return _TupleWrapper(items)
    return value
