"""``keras.ops.associative_scan`` as Keras 3's TensorFlow backend computes it (tfp.math.scan_associative):
the parallel prefix, not a running loop, so ``f`` sees whole slices and the combinations happen in its order
(its rounding: a reversed or tuple scan of float32 sums differed in the last bit from a sequential one).

With ``elems`` reversed along ``axis`` first for ``reverse``: lengths 0-1 are returned as they are; otherwise
pairs (even, odd) are combined, lengths 2 and 3 finish directly, longer ones scan the pairs recursively,
combine those results with the remaining even elements and interleave (keras/src/backend/tensorflow/core.py).
"""
import numpy as np

from framework import nest
from framework import ops as _ops


def parallel_scan(f, elems, leaves, axis, reverse):
    """The scanned leaves (in ``elems``' structure) of tensors ``leaves`` along ``axis``, as Keras's TF backend."""
    if reverse:
        leaves = [_ops.reverse(leaf, [axis]) for leaf in leaves]

    def combine(a_flat, b_flat):
        return nest.flatten(f(nest.pack_sequence_as(elems, a_flat), nest.pack_sequence_as(elems, b_flat)))

    def cut(x, start=0, stop=None, step=1):          # Keras's slice_along_axis: x[..., start:stop:step, ...]
        index = [slice(None)] * axis + [slice(start, stop, step)] if axis >= 0 else \
            [Ellipsis, slice(start, stop, step)] + [slice(None)] * (-1 - axis)
        return x[tuple(index)]

    def interleave(a, b):                            # [a b c ...] [d e f ...] -> [a d b e c f ...]
        at = axis if axis >= 0 else a.ndim + axis
        n_a, n_b = a.shape[at], b.shape[at]

        def with_b(a):
            shape = list(a.shape[:at]) + [2 * n_b] + list(a.shape[at + 1:])
            return _ops.reshape(_ops.concat([_ops.expand_dims(a, at + 1), _ops.expand_dims(b, at + 1)], at + 1), shape)
        if n_a == n_b + 1:
            return _ops.concat([with_b(_ops.gather(a, np.arange(0, n_a - 1, dtype=np.int32), axis=at)),
                                _ops.gather(a, np.arange(n_a - 1, n_a, dtype=np.int32), axis=at)], at)
        return with_b(a)

    def scan(level):
        n = level[0].shape[axis]
        if n < 2:
            return level
        reduced = combine([cut(x, 0, -1, 2) for x in level], [cut(x, 1, None, 2) for x in level])
        if n == 2:
            return [_ops.concat([cut(x, 0, 1), r], axis) for r, x in zip(reduced, level)]
        if n == 3:
            twice = combine(reduced, [cut(x, 2, 3) for x in level])
            return [_ops.concat([cut(x, 0, 1), r, rr], axis) for rr, r, x in zip(twice, reduced, level)]
        odd = scan(reduced)
        if n % 2 == 0:
            results = combine([cut(o, 0, -1) for o in odd], [cut(x, 2, None, 2) for x in level])
        else:
            results = combine(list(odd), [cut(x, 2, None, 2) for x in level])
        even = [_ops.concat([cut(x, 0, 1), r], axis) for x, r in zip(level, results)]
        return [interleave(e, o) for e, o in zip(even, odd)]

    scans = scan(leaves)
    if reverse:
        scans = [_ops.reverse(s, [axis]) for s in scans]
    return nest.pack_sequence_as(elems, scans)
