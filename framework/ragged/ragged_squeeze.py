"""tf.squeeze of a RaggedTensor, as TF 2.21's ragged_squeeze_op: only the axes given (an axis is
required); a ragged axis goes where each of its rows holds one item (axis 0: a single row), an axis of
the dense values as tf.squeeze removes it there."""
import numpy as np

from ..errors import InvalidArgumentError
from .ragged_tensor import RaggedTensor


def squeeze(input, axis=None, name=None):  # noqa: A002  (TensorFlow's names)
    if axis is None:
        raise ValueError('Ragged.squeeze must have an axis argument.')
    rank = input.ndim
    axes = []
    for a in (list(axis) if isinstance(axis, (list, tuple)) else [axis]):
        a = int(a)
        if not -rank <= a < rank:
            raise ValueError('axis=%d out of bounds: expected %d<=axis<%d' % (a, -rank, rank))
        axes.append(a + rank if a < 0 else a)
    out = input
    for a in sorted(set(axes), reverse=True):        # the highest first: the lower axes keep their numbers
        out = _squeezed(out, a, a)
    return out


def _squeezed(rt, axis, given):
    from ..ops import squeeze as dense_squeeze
    if axis == 0:
        if int(rt.nrows()) != 1:
            raise _not_squeezable(given)
        return rt.values
    if axis == 1:
        if not bool(np.all(np.asarray(rt.row_lengths()) == 1)):
            raise _not_squeezable(given)
        return rt.values
    inner = rt.values
    inner = _squeezed(inner, axis - 1, given) if isinstance(inner, RaggedTensor) else dense_squeeze(inner, [axis - 1])
    return RaggedTensor(inner, rt.row_splits, rt._uniform_row_length)


def _not_squeezable(axis):
    # TF's assertion inside ragged_squeeze_op, in its words
    return InvalidArgumentError("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
                                "b'the given axis (axis = %d) is not squeezable!'" % axis)


RaggedTensor._DISPATCH['squeeze'] = squeeze
