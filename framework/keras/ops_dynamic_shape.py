"""keras.ops.shape of a graph tensor whose traced shape leaves lengths open.

Keras 3 on TensorFlow returns ``x.shape`` with each None replaced by ``tf.shape(x)[i]``: in a
traced function (a Dataset.map function, a tf.function with an open input signature, a train
step) a batch length is a scalar graph tensor, not the first element's size. The keras.io MixUp
example reshapes its beta samples with it (``ops.reshape(l, (batch_size, 1, 1, 1))``), so its
mapped dataset's spec says ``(None, 8, 8, 1)`` on TensorFlow; an int there fixes the spec's batch
length to the first batch's. tapeflow's own callers keep the array's ints (``traced_shape`` answers
only user code).
"""
import sys

from framework import trace_names, traced_ops
from framework.ops import shapes as _shapes
from framework.tensor import Tensor

# keras.ops' exported wrappers around ops_arrays.shape (framework/keras/ops.py's _keras_op): the
# code asking is the first frame outside them
_WRAPPER_MODULES = frozenset(('framework.keras.ops', 'framework.ops.operands'))


def open_dims_as_tensors(x):
    """``x``'s traced shape with its open lengths as scalar int32 tensors, as the code calling
    keras.ops.shape sees it; None when no trace runs, ``x``'s traced shape is fully known, or the
    code asking is tapeflow's own (trace_names.traced_shape)."""
    if type(x) is not Tensor:
        return None
    depth = 2           # this function's caller's caller: who called ops_arrays.shape
    while sys._getframe(depth).f_globals.get('__name__') in _WRAPPER_MODULES:
        depth += 1      # (traced_shape counts from its own frame: its depth + 1 is this frame's depth)
    traced = trace_names.traced_shape(x, depth=depth)
    if traced is None or None not in tuple(traced):
        return None
    # the trace names them as the user's ops ('Shape', 'strided_slice'): Keras's are on TensorFlow
    dynamic = _shapes.shape(x)
    traced_ops.name_as_user_call(_shapes.shape, {'input': x, 'out_type': 'int32', 'name': None}, dynamic)
    dims = []
    for i, length in enumerate(traced):
        if length is None:
            length = dynamic[i]
            traced_ops.name_as_user_call(Tensor.__getitem__, {'self': dynamic, 'index': i}, length)
        dims.append(length)
    return tuple(dims)
