"""Python numbers that AutoGraph makes tensors: the variables of a loop or a tensor ``if`` in a graph trace.

AutoGraph's tf.while_loop and tf.cond carry every loop variable and branch output as a tensor, so a
counter that starts as a Python ``0`` is a tensor after the loop: ``i = 0; while i < n: i += 1`` then
``print(i)`` shows ``Tensor("while:2", shape=(), dtype=int32)`` in TF 2.21 (the tf.function guide's
collatz ``count``), ``n = 0; if x > 0: n = 1`` shows ``Tensor("cond/Identity:0", ...)``, and a string
set in both branches is a string tensor. A loop's values go in through a ``Const`` each, in its
enclosing graph (a ``tf.constant`` after it is ``Const_1``); a cond's are made inside its branches.

tapeflow runs the trace's Python on the real values: when such a loop or ``if`` starts, the Python
numbers, booleans and strings among its variables become tensors in the traced frame (rebinding its
locals), so the body computes and prints with tensors as TensorFlow's graph does. Only the trace does
this; a replay keeps them Python, and its results are the same values.
"""
import ctypes
import sys

import numpy as np

_CONVERTED = (bool, int, float, str, np.generic)


def make_tensors(frame, names, nested=False):
    """Rebind the Python numbers, booleans and strings among ``frame``'s locals ``names`` to tensors (TF's
    conversion: an int is int32, a float float32); with ``nested`` (a loop's variables) those inside a
    tuple, list or dict too (``x = (t, 2)`` carries an int32 tensor); how many were made."""
    from .tensor import convert_to_tensor   # (late: tensor's truth test leads here)
    values = frame.f_locals
    made = {name: convert_to_tensor(values[name]) for name in names
            if name in values and isinstance(values[name], _CONVERTED)}
    count = len(made)
    for name in names if nested else ():
        value = values.get(name)
        if type(value) in (tuple, list, dict):
            converted = _converted(value, convert_to_tensor)
            if converted[1]:
                made[name] = converted[0]
                count += converted[1]
    if made:
        _rebind(frame, made)
    return count


def _converted(value, convert):
    """(``value`` rebuilt with its Python numbers, booleans and strings made tensors, how many were made);
    a container holding none comes back as it is (no copy)."""
    if type(value) in (tuple, list, dict):
        items = list(value.items()) if type(value) is dict else list(enumerate(value))
        parts = [(key, _converted(item, convert)) for key, item in items]
        count = sum(part[1] for _, part in parts)
        if not count:
            return value, 0
        if type(value) is dict:
            return {key: part[0] for key, part in parts}, count
        return type(value)(part[0] for _, part in parts), count
    return (convert(value), 1) if isinstance(value, _CONVERTED) else (value, 0)


def _rebind(frame, values):
    """Set locals of the running ``frame``: through its f_locals from Python 3.13 on (PEP 667); before, in
    the f_locals snapshot, copied back to the frame's fast locals."""
    if sys.version_info >= (3, 13):
        proxy = frame.f_locals
        for name, value in values.items():
            proxy[name] = value
        return
    frame.f_locals.update(values)
    _LOCALS_TO_FAST(ctypes.py_object(frame), ctypes.c_int(0))


_LOCALS_TO_FAST = None if sys.version_info >= (3, 13) else ctypes.pythonapi.PyFrame_LocalsToFast
if _LOCALS_TO_FAST is not None:
    _LOCALS_TO_FAST.argtypes = (ctypes.py_object, ctypes.c_int)
    _LOCALS_TO_FAST.restype = None
