"""``tf.strings.reduce_join`` on a RaggedTensor, as TensorFlow dispatches it.

Each reduced position joins the strings that exist there: over a ragged axis a row joins its
own items, and over an outer axis item j joins the j-th items of the rows long enough to have
one (TF's order). Reducing a ragged axis takes one ragged dimension away, so a (batch, None)
tensor joins to a dense (batch,) one (the text-generation tutorial's ``text_from_ids``);
reducing a uniform inner axis keeps the rows.
"""
import numpy as np

from ..errors import InvalidArgumentError


def _reduce(items, axis, sep, keepdims):
    """Nested lists ``items`` (depth > axis) joined along ``axis``."""
    if axis > 0:
        return [_reduce(item, axis - 1, sep, keepdims) for item in items]
    if not items or not isinstance(items[0], list):
        joined = sep.join(items)
    else:
        width = max(len(item) for item in items)
        joined = [_reduce([item[j] for item in items if len(item) > j], 0, sep, False) for j in range(width)]
    return [joined] if keepdims else joined


def reduce_join_ragged(rt, axis, keepdims, sep):
    """``rt`` (a RaggedTensor of strings) joined along ``axis`` with the bytes ``sep``."""
    from .dense_conversion import constant
    from ..tensor import Tensor
    ndim = rt.ndim
    if axis is None:
        out = np.array(sep.join(np.asarray(rt.flat_values.numpy(), object).reshape(-1)), dtype=object)
        return Tensor(out.reshape((1,) * ndim) if keepdims else out)
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise InvalidArgumentError('reduce_join: axis %d is out of range for a RaggedTensor of rank %d'
                                   % (axis, ndim))
    axis %= ndim
    joined = _reduce(rt.to_list(), axis, sep, keepdims)
    ragged_rank = rt.ragged_rank - (0 if axis > rt.ragged_rank else 1)
    if ragged_rank == 0:
        return Tensor(np.array(joined, dtype=object).reshape(_dense_shape(joined)))
    return constant(joined, dtype='string', ragged_rank=ragged_rank)


def _dense_shape(nested):
    shape = []
    while isinstance(nested, list):
        shape.append(len(nested))
        nested = nested[0] if nested else None
    return tuple(shape)
