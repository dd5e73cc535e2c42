"""What a trace knows of the values of the small integer vectors that shapes are made of.

TensorFlow's shape functions read a shape argument as a partial shape (constant_value_as_shape, the
shape refiner's constant folding): ``tf.shape(x)`` of a (None, 4) x is [?, 4], its element
``tf.shape(x)[1]`` folds to the constant 4 and ``tf.shape(x)[:1]`` to [?], ``tf.stack([n, 3])`` of a
traced n is [?, 3], and a concat of such vectors joins their values. A trace keeps those partial values
by the tensor's id (``trace.shape_values``), and the ids of the tensors that fold although computed from
one only the run gives (``trace.folded``): runtime_values leaves them out of the run's values, so that
``tf.zeros([tf.shape(x)[1]])`` is (4,) and ``tf.reshape(x, [tf.shape(x)[0], tf.shape(x)[1], 1])``
(None, 4, 1) in a trace, as in TF 2.21 (/work/notes/progs/lead46/p11.py).
"""
import numbers

import numpy as np

from . import runtime_values, trace_names
from .tensor import Tensor


def known_values(trace, tensor):
    """The values ``trace`` knows of the shape vector ``tensor`` (a tuple, None where open), or None."""
    return getattr(trace, 'shape_values', {}).get(id(tensor))


def _values(trace):
    return trace.__dict__.setdefault('shape_values', {})


def _fold(trace, tensor):
    trace.__dict__.setdefault('folded', set()).add(id(tensor))


def is_constant(trace, tensor):
    """Whether TF's shape inference folds ``tensor`` to its value in ``trace``: a tensor the trace made (named)
    from nothing only a run gives, or folded here (``tf.shape(x)[1] + 1`` of a (None, 4) x is 5 there). A
    tensor the trace did not name (captured, or made by a call it does not know) stays unknown."""
    return trace_names.entry_of(tensor) is not None and not runtime_values.known_at_run(trace, tensor)


def remember_shape(trace, result, traced):
    """``result`` = tf.shape(x), x of traced shape ``traced`` (a tuple with None where open, or None)."""
    if traced is not None and result._data.ndim == 1 and len(traced) == result._data.shape[0]:
        _values(trace)[id(result)] = tuple(traced)


def remember_stacked(trace, parameters, result):
    """``result`` = tf.stack of scalars: their values where the trace knows them, None where only a run gives
    them (tf.ones(tf.stack([n, 3])) is (None, 3))."""
    values = parameters.get('values')
    if result._data.ndim != 1 or type(values) not in (list, tuple) or not any(
            isinstance(v, Tensor) and runtime_values.known_at_run(trace, v) for v in values):
        return
    _values(trace)[id(result)] = tuple(None if isinstance(v, Tensor) and runtime_values.known_at_run(trace, v)
                                       else int(n) for v, n in zip(values, result._data.tolist()))


def remember_sliced(trace, parameters, result):
    """``result`` = a Python int or slice of a vector whose values the trace knows in part: an element it
    knows folds (``tf.shape(x)[1]`` of (None, 4): 4); a slice keeps the known values (``tf.shape(x)[:1]``)."""
    source, index = parameters.get('self'), parameters.get('index')
    known = known_values(trace, source) if isinstance(source, Tensor) else None
    if known is None or isinstance(index, bool):
        return
    if isinstance(index, slice):
        if any(isinstance(bound, Tensor) for bound in (index.start, index.stop, index.step)):
            return
    elif not isinstance(index, numbers.Integral):
        return
    picked = known[index]
    if result._data.ndim == 0:
        if picked is not None:
            _fold(trace, result)
        return
    _values(trace)[id(result)] = tuple(picked)
    if None not in picked:
        _fold(trace, result)


def remember_joined(trace, parameters, result):
    """``result`` = tf.concat of vectors along their one axis: the parts' known values joined
    (``tf.concat([tf.shape(x)[:1], [2, 2]], 0)`` of a (None, 4) x: [?, 2, 2])."""
    values, axis = parameters.get('values'), parameters.get('axis', 0)
    if result._data.ndim != 1 or result._data.dtype.kind not in 'iu' or type(values) not in (list, tuple) \
            or isinstance(axis, Tensor) or int(axis) not in (0, -1):
        return
    joined = []
    for part in values:
        vector = partial_vector(part, trace)
        if type(vector) is not list or not all(d is None or type(d) is int for d in vector):
            return
        joined.extend(vector)
    if len(joined) == result._data.shape[0]:
        _values(trace)[id(result)] = tuple(joined)
        if None not in joined:
            _fold(trace, result)


def partial_vector(value, trace):
    """A shape-like vector argument as TF's shape functions read it (MakeShapeFromShapeTensor,
    constant_value(partial=True)): a list's elements, None for a tensor only the run gives; a tensor's
    values, its known values (tf.stack([n, 1]), tf.shape(x), their slices and concats) or all None
    where only the run gives it."""
    if isinstance(value, Tensor):
        known = known_values(trace, value)
        if known is not None:
            return list(known)
        if runtime_values.known_at_run(trace, value):
            return [None] * (value._data.shape[0] if value._data.ndim else 0)
        return value._data.tolist()
    if type(value) in (list, tuple):
        return [partial_vector(v, trace) if type(v) in (list, tuple) or (isinstance(v, Tensor) and v._data.ndim)
                else None if isinstance(v, Tensor) and runtime_values.known_at_run(trace, v) else int(v)
                for v in value]
    array = as_array(value)
    return None if array is None else array.tolist()


def as_array(value):
    """``value`` as a numpy array, or None where numpy cannot hold it."""
    try:
        return np.asarray(value)
    except (TypeError, ValueError):
        return None
