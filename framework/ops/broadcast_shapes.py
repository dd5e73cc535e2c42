"""``tf.broadcast_static_shape`` and ``tf.broadcast_dynamic_shape``: the shape two shapes broadcast to."""
import numpy as np

from ..errors import fast_path, kernel_error
from .graph_input_errors import eager_input_error
from .index_operands import refuse_out_dtype
from ..tensor import Tensor, TensorShape, convert_to_tensor
from .operands import named_errors


def _broadcast(a, b):
    """numpy's broadcast of two int tuples, or None where they do not broadcast."""
    try:
        return np.broadcast_shapes(tuple(a), tuple(b))
    except ValueError:
        return None


@named_errors('broadcast_static_shape')
def broadcast_static_shape(shape_x, shape_y):
    """The TensorShape that ``shape_x`` and ``shape_y`` broadcast to (None dimensions stay unknown
    unless the other side fixes them).

    Raises:
        ValueError: the shapes do not broadcast, in Keras/TF's words.
    """
    x, y = TensorShape(shape_x), TensorShape(shape_y)
    if x.rank is None or y.rank is None:
        return TensorShape(None)
    dims = []
    for i in range(1, max(x.rank, y.rank) + 1):
        a = x[-i] if i <= x.rank else 1
        b = y[-i] if i <= y.rank else 1
        if a is None or b is None:
            known = a if b is None else b
            dims.append(None if known in (None, 1) else known)
        elif a == b or b == 1:
            dims.append(a)
        elif a == 1:
            dims.append(b)
        else:
            raise ValueError('Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension '
                             'pair they are either equal or one of them is 1. Received: %s and %s.'
                             % (tuple(x), tuple(y)))
    return TensorShape(dims[::-1])


@named_errors('broadcast_dynamic_shape')
def broadcast_dynamic_shape(shape_x, shape_y):
    """The broadcast shape of two 1-D int32 / int64 shape tensors, as a tensor of their dtype.

    Raises:
        InvalidArgumentError: the dtypes differ, or the shapes do not broadcast (TF's BroadcastArgs words).
    """
    x = shape_x if isinstance(shape_x, Tensor) else convert_to_tensor(shape_x, dtype='int32')
    y = shape_y if isinstance(shape_y, Tensor) else convert_to_tensor(shape_y, dtype=x.dtype)
    # BroadcastArgs' T (the first shape's dtype) must be int32 or int64: its op registry's error otherwise
    refuse_out_dtype('BroadcastArgs', x.dtype.name, True, 'broadcast_dynamic_shape', attr='T',
                     allowed=('int32', 'int64'),
                     signature='s0:T, s1:T -> r0:T; attr=T:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]')
    for i, t in enumerate((x, y)):
        if t.dtype not in ('int32', 'int64') or t.dtype != x.dtype:
            raise eager_input_error('BroadcastArgs', i, x.dtype, t.dtype)
        if t.ndim != 1:          # TF's words; a (2, 3) array is no shape (it was read flat before)
            raise kernel_error('BroadcastArgs', 'In[%d] must be a vector.[%s]' % (i, ','.join(map(str, t.shape))),
                               named=True, note='broadcast_dynamic_shape: shape_%s must be a 1-D shape vector, got a '
                                                'tensor of shape %s' % ('xy'[i], tuple(t.shape)))
    a, b = (tuple(int(d) for d in t.numpy().reshape(-1)) for t in (x, y))
    out = _broadcast(a, b)
    if out is None:
        raise kernel_error('BroadcastArgs', 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, a)),
                                                                                   ','.join(map(str, b))),
                           named=fast_path(shape_x, shape_y))
    return convert_to_tensor(np.array(out, dtype=x.dtype.as_numpy_dtype))
