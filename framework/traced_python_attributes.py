"""The attributes of Python objects a tf.function is called with, as its replays see them.

TensorFlow runs a tf.function's Python once per trace: an object argument (or the instance of a
decorated method) is part of the trace key by identity, and what the trace read from its attributes
is baked into the graph. The tf.function guide's ``evaluate(simple_model, x)`` keeps returning
``weight * x + 0.0`` after ``simple_model.bias += 5.0``, and its ``Model.__call__`` whose ``if
self.counter == 0:`` guarded an ``assign_add`` at the trace adds 1 on every call (1, 2, 3), the
counter left at 1. tapeflow replays a trace by running the Python again, so for the replay's
duration such an object holds what the trace saw: its Python numbers and strings as the trace began
(the replay takes the trace's path again), its lists, dicts and sets as copies of what the trace
left (what the trace appended stays appended, once); afterwards the object gets its own values back.

Only objects of user classes (tf.Module subclasses included) take part: tapeflow's layers, models,
optimizers and metrics keep their live state, which their own code depends on (Keras's training
functions retrace when it matters). Attributes holding other objects (variables, layers) stay live,
as the graph captures those objects themselves.
"""
import os
import sys
import weakref

_SCALARS = (int, float, bool, str, bytes)        # not None: ``if self.w is None: self.w = tf.Variable(...)``
_CONTAINERS = (list, dict, set)
_ABSENT = object()


def _module():
    from .module import Module
    return Module


def _is_user_object(value):
    kind = type(value)
    if kind.__module__ == 'builtins' or isinstance(value, type) or not hasattr(value, '__dict__'):
        return False
    user = _USER_CLASSES.get(kind)
    if user is None:
        allowed = _module()
        user = _USER_CLASSES[kind] = all(cls is allowed or _is_user_class(cls) for cls in kind.__mro__[:-1])
    return user


def _is_user_class(cls):
    """A class of the program's own code: not tapeflow's, not the standard library's or an installed package's."""
    from .assert_statements import LIBRARIES
    module = sys.modules.get(cls.__module__)
    path = getattr(module, '__file__', None)
    return cls.__module__ == '__main__' or (path is not None and not os.path.abspath(path).startswith(LIBRARIES))


_USER_CLASSES = weakref.WeakKeyDictionary()      # class -> whether its instances take part


def objects_of(python_function, args, kwargs):
    """The user objects among a call's arguments (top level) and the instance of a decorated method."""
    found = []
    instance = getattr(python_function, '__self__', None)
    ref = getattr(python_function, '_ref', None)        # (function._WeakMethod)
    if ref is not None and hasattr(python_function, '__wrapped__'):
        instance = ref()
    for value in ([instance] if instance is not None else []) + list(args) + list(kwargs.values()):
        if _is_user_object(value) and not any(value is seen for seen in found):
            found.append(value)
    return found


def scalars_at_start(objects):
    """[(weak reference to the object, {name: Python number or string})] as the trace begins (objects
    that take no weak reference are left live: the trace cache must not keep an instance alive)."""
    start = []
    for obj in objects:
        try:
            ref = weakref.ref(obj)
        except TypeError:       # (__slots__ without __weakref__)
            continue
        start.append((ref, {name: value for name, value in vars(obj).items() if type(value) in _SCALARS}))
    return start


def record(start):
    """The trace's record, from ``scalars_at_start``'s list as the trace ends: each object's scalars
    as the trace began, and copies of its containers as the trace left them. None if nothing to keep."""
    kept = []
    for ref, scalars in start:
        obj = ref()
        if obj is None:
            continue
        containers = {name: type(value)(value) for name, value in vars(obj).items() if type(value) in _CONTAINERS}
        if scalars or containers:
            kept.append((ref, scalars, containers))
    return kept or None


class replaying:
    """Around a replay: the objects of ``record`` among this call's objects hold the trace's values."""

    def __init__(self, record, objects):
        self._swaps = [(ref(), scalars, containers) for ref, scalars, containers in record
                       if any(ref() is current for current in objects)]
        self._live = []

    def __enter__(self):
        for obj, scalars, containers in self._swaps:
            state = vars(obj)
            names = list(scalars) + list(containers)
            self._live.append((state, {name: state.get(name, _ABSENT) for name in names}))
            state.update(scalars)
            for name, contents in containers.items():
                state[name] = type(contents)(contents)
        return self

    def __exit__(self, *exc):
        for state, live in self._live:
            for name, value in live.items():
                if value is _ABSENT:
                    state.pop(name, None)
                else:
                    state[name] = value
        self._swaps = self._live = ()
        return False
