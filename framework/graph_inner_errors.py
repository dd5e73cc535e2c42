"""keras.ops.inner in a traced function: the errors TF 2.21's graph raises as it builds Keras 3's tf.cond.

Keras 3 on TensorFlow computes ``inner`` as ``tf.cond(rank(x1) == 0 or rank(x2) == 0, lambda: x1 * x2,
lambda: tf.tensordot(x1, x2, [[-1], [-1]]))``. Eagerly one branch runs; a graph traces both, whatever the ranks:

- an operand of rank 0 (a Python number, a scalar tensor): the tensordot branch reads its static axes, Python's
  IndexError 'list index out of range';
- operands whose traced shapes do not broadcast ((None, 3, 4) and (2, 4), which the tensordot takes): the Mul
  branch fails shape inference, "Dimensions must be equal, but are 3 and 2 for '{{node cond/mul}} =
  Mul[T=DT_FLOAT](cond/mul/x, cond/mul/ones)' with input shapes: [?,3,4], [2,4].", its inputs the branch's
  captures, named 'cond/mul/' after the tensors (a NumPy operand's 'Const', a cast one's 'Cast').

tapeflow computes the taken branch alone, so ``keras.ops.inner`` asks here in a trace. Read off TF 2.21
(notes/progs/kerasops9/inner.py, inner2.py). The tensordot branch's own shape refusal ((1, 4) and (4, 1)) is not
worded here.
"""
import numbers

import numpy as np

from . import trace_names
from .graph_shape_errors import DT_NAMES, dims_text, first_unequal
from .tensor import Tensor
from .variable import Variable


def refusal(x1, x2, converted, compute_dtype):
    """The error TF's graph raises for ``keras.ops.inner(x1, x2)`` (the operands as given; ``converted`` the two
    as tensors, before ``compute_dtype``, the dtype both are cast to), or None where it builds the op (or the
    case is not known here)."""
    shapes = [_traced_shape(x) for x in (x1, x2)]
    scalar = () in shapes
    dtype = DT_NAMES.get(np.dtype(compute_dtype).name)
    if not scalar and (None in shapes or dtype is None or any(isinstance(x, Variable) for x in (x1, x2))):
        return None
    dims = None if scalar else first_unequal(*shapes)
    if not scalar and dims is None:
        return None
    from .traced_ops import graph_namer       # (it imports the ops: asked in a trace only)
    namer = graph_namer()
    if namer is None:
        return IndexError('list index out of range') if scalar else None
    unique, prefix = namer
    # the graph's names in Keras's order: the operands converted (Consts), cast, the ranks compared, the cond
    names = [_graph_name(x) or unique(prefix + 'Const') for x in (x1, x2)]
    names = [unique(prefix + 'Cast') if t._data.dtype != np.dtype(compute_dtype) else name
             for t, name in zip(converted, names)]
    for op in ('Rank', 'Equal', 'Rank', 'Equal', 'LogicalOr'):
        unique(prefix + op)
    node = unique(prefix + 'cond') + '/mul'
    if scalar:
        return IndexError('list index out of range')
    return ValueError("Dimensions must be equal, but are %d and %d for '{{node %s}} = Mul[T=%s](%s)' with input "
                      "shapes: %s." % (dims + (node, dtype, ', '.join('%s/%s' % (node, name) for name in names),
                                                ', '.join('[%s]' % dims_text(s) for s in shapes))))


def _graph_name(x):
    """A traced tensor's op name ('x', 'blk/mul'), or None: a value Keras converts (a Const)."""
    entry = trace_names.entry_of(x) if isinstance(x, Tensor) else None
    return entry[0].partition(':')[0] if entry is not None else None


def _traced_shape(x):
    """The shape TF's graph knows for an operand (None lengths open), or None: unknown."""
    if isinstance(x, Tensor):
        entry = trace_names.entry_of(x)
        return None if entry is None or entry[1] is None else tuple(entry[1])
    if isinstance(x, numbers.Number):
        return ()
    try:
        return np.shape(x)
    except ValueError:      # a ragged list
        return None

