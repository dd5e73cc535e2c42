"""``tf.variable_creator_scope``: functions that ``tf.Variable(...)`` calls instead of making the variable.

A creator is ``creator(next_creator, **kwargs)``: it may change the keyword arguments (TensorFlow's
names, all thirteen of them), call ``next_creator(**kwargs)`` to make the variable, or return
something else. The innermost scope's creator runs first. As in TensorFlow only ``tf.Variable`` itself
goes through them, not its subclasses; Keras layers' weights do, since they are ``tf.Variable``.
"""
import contextlib
import threading

from .variable_enums import VariableAggregation, VariableSynchronization

_state = threading.local()      # TensorFlow keeps the creator stack per thread (on its default graph)

# tf.Variable's parameters in TensorFlow's order, with its defaults: what a creator receives
PARAMETERS = (('initial_value', None), ('trainable', None), ('validate_shape', True), ('caching_device', None),
              ('name', None), ('variable_def', None), ('dtype', None), ('import_scope', None), ('constraint', None),
              ('synchronization', VariableSynchronization.AUTO), ('aggregation', VariableAggregation.NONE),
              ('shape', None), ('experimental_enable_variable_lifting', None))


def creators():
    """The open scopes' creators, innermost last (empty outside every scope)."""
    return _state.__dict__.setdefault('creators', [])


@contextlib.contextmanager
def variable_creator_scope(variable_creator):
    """Inside the block, ``tf.Variable(...)`` returns ``variable_creator(next_creator, **kwargs)``."""
    stack = creators()
    stack.append(variable_creator)
    try:
        yield
    finally:
        stack.pop()


def create(make, args, kwargs):
    """The result of the creator chain for ``tf.Variable(*args, **kwargs)``; ``make(**kwargs)`` makes it."""
    if len(args) > len(PARAMETERS):
        raise TypeError('Variable() takes at most %d positional arguments (%d given)' % (len(PARAMETERS), len(args)))
    bound = dict(PARAMETERS)
    for (name, _), value in zip(PARAMETERS, args):
        if name in kwargs:
            raise TypeError("Variable() got multiple values for argument '%s'" % name)
        bound[name] = value
    bound.update(kwargs)
    chain = list(creators())

    def next_creator(depth):
        if depth < 0:
            return lambda **kw: make(**kw)
        return lambda **kw: chain[depth](next_creator(depth - 1), **kw)
    return next_creator(len(chain) - 1)(**bound)
