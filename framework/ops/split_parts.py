"""The parts of tf.split / tf.unstack recorded as one op, whose gradient is TF's SplitGrad / UnpackGrad: the
parts' gradients concatenated (stacked), zeros where nothing read a part.

Recorded as one slice per part, the input got each part's gradient scattered into zeros and the scatters
added, and 0 + -0 = +0 lost the sign of a -0 in a part's gradient: for ``a, b = tf.split(x, 2, axis=-1)``
and ``a * [[-0., 0.]] + b * [[-1., -0.]]`` TF gives [[-0., 0., -1., -0.]], tapeflow gave [[0., 0., -1., 0.]]
(keras.ops.glu's gradients too). Here the parts read one node holding the input (the Split op, a single
reader of the input as in TF's graph); each part's gradient is padded with -0, which adds exactly (x + -0
is x for every x), so that node's gradient is the concatenation; its rule then puts TF's +0 zeros where no
part's gradient came.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor
from .operands import ACTIVE, record, snapshot


def split_parts(x, axis, bounds, drop_axis=False):
    """``x`` cut along ``axis`` at ``bounds`` ((start, stop) pairs; with ``drop_axis`` each part is the one
    index ``start``, the axis removed, as unstack's)."""
    data = snapshot(x)
    lead = (slice(None),) * axis
    indices = [lead + ((lo,) if drop_axis else (slice(lo, hi),)) for lo, hi in bounds]
    parts = [Tensor(data[index]) for index in indices]
    if not ACTIVE:
        return parts
    whole = Tensor(data)
    read = set()          # the parts whose gradient the current sweep has passed to ``whole``
    record('split', (x,), whole, (lambda g, y, x: _zeros_for_unread(g, axis, bounds, read),))
    for k, (part, (lo, hi)) in enumerate(zip(parts, bounds)):
        record('split_part', (whole,), part, (_part_rule(k, axis, lo, hi, drop_axis, read),))
    return parts


def _part_rule(k, axis, lo, hi, drop_axis, read):
    def rule(g, y, whole):
        from .shapes import concat, expand_dims
        read.add(k)
        if drop_axis:
            g = expand_dims(g, axis)
        n = whole._data.shape[axis]
        pieces = [_negative_zeros(whole, axis, lo, g)] if lo else []
        pieces.append(g)
        if hi < n:
            pieces.append(_negative_zeros(whole, axis, n - hi, g))
        return concat(pieces, axis) if len(pieces) > 1 else g
    return rule


def _negative_zeros(whole, axis, size, g):
    """-0 filler of ``size`` along ``axis``: added to another part's gradient it changes no bit (+0 would
    turn a -0 into +0)."""
    shape = list(whole._data.shape)
    shape[axis] = size
    dtype = g._data.dtype
    # (complex: the tape conjugates a complex op's rule's result (complex_gradients.py), so -0 + 0i here
    # adds as -0 - 0i there)
    fill = complex(-0.0, 0.0) if dtype.kind == 'c' else -0.0 if dtype.kind in 'fV' else 0
    return Tensor(backend.array_module(g._data).full(shape, fill, dtype))


def _zeros_for_unread(g, axis, bounds, read):
    """The input's gradient: ``g`` (the parts' padded gradients added) with +0 over the parts that got none,
    as TF's SplitGrad fills a missing output gradient with zeros. Forgets the marks for the next sweep."""
    unread = [k for k in range(len(bounds)) if k not in read]
    read.clear()
    if not unread:
        return g
    from .indexing import slice as slice_
    from .shapes import concat
    pieces = []
    for k, (lo, hi) in enumerate(bounds):
        begin, size = [0] * g.ndim, list(g.shape)
        begin[axis], size[axis] = lo, (hi - lo)
        if k in unread:
            # (complex: 0 - 0i, which the tape's conjugation of a complex rule's result turns into TF's 0 + 0i)
            fill = complex(0.0, -0.0) if g._data.dtype.kind == 'c' else 0
            pieces.append(Tensor(backend.array_module(g._data).full(size, fill, g._data.dtype)))
        else:
            pieces.append(slice_(g, begin, size))
    return concat(pieces, axis) if len(pieces) > 1 else pieces[0]
