"""The name a caller gave an op, in its kernel error's ' name: ' tail.

TensorFlow's eager op wrappers end a kernel error with ' name: ' and ``str(name)``
(ops.raise_from_not_ok_status): tf.math.acos(x, name='a') of an int tensor fails
'... [Op:Acos] name: a'. Where a public function hands its ``name`` to the kernel that fails
(a generated wrapper, or a thin one over it), tapeflow's error gets that name here, on the error
path only: the functions call ``given_name`` from an except branch, so a call that succeeds pays
nothing. A function TensorFlow composes of several ops (tf.norm, tf.math.reduce_std) passes no name
to them, and keeps the empty tail.
"""
import inspect

from .errors import OpError


def given_name(error, name):
    """``error`` with ``name`` in its ' name: ' tail, changed in place (class, notes, traceback kept);
    another error, or no name (None), is returned as it is."""
    if name is not None and isinstance(error, OpError) and error.message.endswith(' name: '):
        error.message += str(name)
        error.args = (error.message,)
    return error


def call_name(fn, args, kwargs):
    """The ``name`` argument of the call ``fn(*args, **kwargs)`` (None where it gave none)."""
    if 'name' in kwargs:
        return kwargs['name']
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    for index, parameter in enumerate(parameters[:len(args)]):
        if parameter.kind is parameter.VAR_POSITIONAL:
            return None
        if parameter.name == 'name':
            return args[index]
    return None
