"""How a traced op's shape rules read their inputs: a tensor's shape in the trace (its entry's, a variable's,
a gradient's noted one, or the array's where the trace opens no length), a Python list's own, and whether the
trace's arguments leave any length open at all."""
import itertools

from . import trace_names
from .tensor import Tensor
from .traced_shape_values import as_array as _array


def is_open(trace):
    """Whether the trace's arguments leave a length open: then a tensor it did not name, made from
    them by a call it does not know, may hold one too (its shape is unknown here). Only the arguments
    count: a tensor captured from outside (a global ``x``) has its known shape in TensorFlow's graph, even
    where the trace opened a length of its own (``tf.range(n)``'s (None,))."""
    found = getattr(trace, 'open_lengths', None)
    if found is None:
        arguments = itertools.islice(trace._names.values(), trace.argument_count)
        found = trace.open_lengths = any(entry[1] is None or None in entry[1] for entry in arguments)
    return found


def tensors_in(parameters):
    for value in parameters.values():
        if isinstance(value, Tensor):
            yield value
        elif type(value) in (list, tuple):
            for item in value:
                if isinstance(item, Tensor):
                    yield item


def traced_shape(tensor, open_trace):
    """``tensor``'s shape in the trace: a tuple, or None (unknown)."""
    entry = trace_names.entry_of(tensor)
    if entry is not None:
        return entry[1]
    if type(tensor) is not Tensor:          # a variable
        return tuple(tensor._data.shape)
    noted = trace_names.noted_shape(tensor)     # (a gradient: its source's; a split's row_splits: open even in
    if noted is not None or open_trace:         # a trace of known arguments, TF counts its rows at run time)
        return noted
    return tuple(tensor._data.shape)            # (a trace without open lengths: the array's), else unknown


def input_shape(value, trace):
    """The traced shape of an op's input: a tensor's, or a Python list's own (TF converts it to a constant)."""
    if isinstance(value, Tensor):
        return traced_shape(value, is_open(trace))
    array = _array(value)
    return None if array is None or array.dtype == object else tuple(array.shape)


def keras_or_tf(parameters, keras_name, tf_name):
    """An argument the keras.ops function names ``keras_name`` and TF's API ``tf_name`` (ops.tile's repeats,
    tf.tile's multiples): the same shape rule serves both."""
    return parameters[keras_name] if keras_name in parameters else parameters.get(tf_name)


def length_product(lengths):
    total = 1
    for d in lengths:
        total *= d
    return total
