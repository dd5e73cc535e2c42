"""The lists and dicts a ``tf.train.Checkpoint`` holds (TensorFlow's ListWrapper / _DictWrapper).

``checkpoint.listed = [v1]`` saves 'listed/0'; items added after a restore get
their saved values as they are added (``restore.listed.append(v)`` restores
'listed/<i>'), as TensorFlow's wrappers do.
"""
from . import deferred_restore


class ListWrapper(list):
    def append(self, value):
        super().append(value)
        deferred_restore.after_build(self)

    def extend(self, values):
        super().extend(values)
        deferred_restore.after_build(self)

    def __setitem__(self, index, value):
        super().__setitem__(index, value)
        deferred_restore.after_build(self)

    def __repr__(self):
        return 'ListWrapper(%s)' % list.__repr__(self)


class DictWrapper(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        deferred_restore.after_build(self)

    def update(self, *args, **kwargs):
        super().update(*args, **kwargs)
        deferred_restore.after_build(self)

    def __repr__(self):
        return '_DictWrapper(%s)' % dict.__repr__(self)


def wrapped(value):
    """``value`` as the Checkpoint keeps it: lists and dicts wrapped (their contents too)."""
    if isinstance(value, (ListWrapper, DictWrapper)):
        return value
    if isinstance(value, list):
        return ListWrapper(wrapped(v) for v in value)
    if isinstance(value, dict):
        return DictWrapper((k, wrapped(v)) for k, v in value.items())
    return value
