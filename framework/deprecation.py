"""TensorFlow's deprecation notice for an endpoint it keeps only as an older spelling.

TensorFlow's ``@deprecated`` decorator logs, the first time a program calls such a function:

    WARNING:tensorflow:From <caller's file>:<line>: <name> (from <TF module>) is deprecated and will be removed in a future version.
    Instructions for updating:
    <what to use instead>

on the 'tensorflow' logger (stderr). tapeflow's functions for those endpoints log the same lines,
naming TensorFlow's function and module as TF does, so a ported program's stderr reads as TF's.
"""
import functools
import sys

from .tf_logging import logger

_warned = set()


def deprecated(tf_name, tf_module, instructions, date=None):
    """Decorate a function that stands for TensorFlow's deprecated ``tf_module.tf_name``; ``date``: the
    removal date TF's decorator was given ('will be removed after 2018-08-20.'), if any."""
    when = 'in a future version' if date is None else 'after ' + date

    def wrap(function):
        @functools.wraps(function)
        def call(*args, **kwargs):
            if tf_name not in _warned:
                _warned.add(tf_name)
                caller = sys._getframe(1)
                logger().warning('From %s:%d: %s (from %s) is deprecated and will be removed %s.\n'
                                 'Instructions for updating:\n%s', caller.f_code.co_filename, caller.f_lineno,
                                 tf_name, tf_module, when, instructions)
            return function(*args, **kwargs)
        return call
    return wrap


def deprecated_argument(tf_name, tf_module, argument, instructions, depth=2, eagerly=False):
    """Log TensorFlow's notice for a deprecated argument given to ``tf_module.tf_name``: once per
    argument, and only in a graph (a tf.function or a tf.data function being traced), as TF's
    ``deprecated_args`` logs it for an op, unless ``eagerly`` (an API TF wraps itself: tf.function's
    experimental_relax_shapes); ``depth`` counts frames up to the caller it names."""
    from . import executing_eagerly
    if (tf_name, argument) in _warned or (not eagerly and executing_eagerly()):
        return
    _warned.add((tf_name, argument))
    caller = sys._getframe(depth)
    logger().warning('From %s:%d: calling %s (from %s) with %s is deprecated and will be removed in a future '
                     'version.\nInstructions for updating:\n%s', caller.f_code.co_filename, caller.f_lineno,
                     tf_name, tf_module, argument, instructions)
