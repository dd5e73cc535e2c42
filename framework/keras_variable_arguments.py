"""Keras variables passed to a tf.function, as TensorFlow 2.21 hands them to the trace: as tensors.

A Keras 3 variable (``keras.Variable``, a layer's or optimizer's weight) converts through
``__tf_tensor__``, so TensorFlow's Function keys it as a TensorSpec of its shape and dtype and its trace
receives a SymbolicTensor read at the call: ops read its value, a tape started inside the trace does not
watch it (tape.gradient gives None), ``v.assign`` is "'SymbolicTensor' object has no attribute 'assign'",
and another variable or a tensor of that shape reuses the trace. The read happens at the call, so a
tape around the call sees it (the gradient reaches the variable). A tf.Variable stays a variable, in
lists, tuples and dicts alike (model.trainable_variables is a list of Keras variables: tensors inside).
(probes: notes progs/optimtraj25/p14_fnargs.py, p15_kvarg.py; progs/optimtraj26/p9_kvarg.py)
"""
from .variable import Variable


def _holds(values):
    """Whether ``values`` hold a Keras variable, directly or in lists, tuples and dicts."""
    for value in values:
        kind = type(value)
        if kind is Variable:
            if value._path is not None:
                return True
        elif kind is list or kind is tuple:
            if _holds(value):
                return True
        elif kind is dict:
            if _holds(value.values()):
                return True
    return False


def _read(value):
    kind = type(value)
    if kind is Variable:
        return value._read_value() if value._path is not None else value
    if kind is list or kind is tuple:
        return kind(_read(v) for v in value)
    if kind is dict:
        return {k: _read(v) for k, v in value.items()}
    return value


def as_tensors(args, kwargs):
    """``args`` and ``kwargs`` with each Keras variable read into a tensor (the same objects when none)."""
    if _holds(args):
        args = tuple(_read(a) for a in args)
    if kwargs and _holds(kwargs.values()):
        kwargs = {k: _read(v) for k, v in kwargs.items()}
    return args, kwargs
