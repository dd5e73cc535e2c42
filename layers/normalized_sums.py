"""Keras's Add of two BatchNormalization outputs in a traced step on static shapes, summed in the order
grappler's AddOpsRewrite gives: ``(s1 + s2) + (p1 + p2)``.

A BatchNormalization output is ``p + s`` (p = x * inv, s = beta - mean * inv, one value per feature).
When an Add layer sums two of them (a residual block with a projection shortcut, two branches), the
three AddV2 nodes each have one consumer, and grappler's arithmetic optimizer (AddOpsRewrite) rewrites
the tree over the leaves [p1, s1, p2, s2]: an AddN for each shape, the smaller shape's sum first, then
one Add: ``(s1 + s2) + (p1 + p2)``. It needs the shapes known: a fit step (traced on a None batch) of a
two-input model keeps ``(p1 + s1) + (p2 + s2)`` (its batch axes are two unknowns), while predict, a
tf.function training loop on fixed batches and a one-input model's fit step take the rewrite. Measured on TF 2.21 (progs/histories2 d15.py: predict of a two-input model, 1 value
in 4 an ulp off; g06 *.loop: every weight off after the first step of such a loop). The gradients are
the same values either way. A residual ``x + bn(h)`` takes the rewrite too: ``s + (x + p)``.
"""
import weakref

import numpy as np

from framework import graph_random_ops
from framework.ops import graph_rewrites

_PARTS = {}     # id(a live BatchNormalization output) -> (weakref to it, p, s)


def note_parts(out, product, shift):
    """Remember that ``out = product + shift`` (a BatchNormalization output) while a static trace runs.
    The entry leaves with its tensor: no other rule empties the table, so whether an Add regroups can
    never depend on how many outputs earlier programs noted."""
    if graph_rewrites.GATE[0] and graph_rewrites.tracing() and _shapes_known() and graph_rewrites.folds_constants():
        key = id(out)

        def forget(ref):
            if _PARTS.get(key, (None,))[0] is ref:
                del _PARTS[key]

        _PARTS[key] = (weakref.ref(out, forget), product, shift)


def forget_parts(values):
    """Forget the noted parts of ``values`` that two consumers read (functional/shared_outputs.py): grappler
    absorbs no Add whose output another op reads too, so an Add of such an output keeps Keras's order."""
    if _PARTS:
        for value in values:
            if _parts(value) is not None:
                del _PARTS[id(value)]


def _shapes_known():
    """Whether grappler knows the shapes AddOpsRewrite groups by: a trace on fully defined shapes, or a
    Keras step of a one-input model on a None batch, whose symbolic shapes share that input's batch
    axis (TF 2.21, progs/modelfuzz t_sym.py: a one-input model's ``h + bn(b)`` and ``bn1 + bn2`` regroup
    in fit as in predict; a two-input model's ``h + bn(b2)`` keeps its order)."""
    if graph_rewrites.static_shapes():
        return True
    state = graph_random_ops.current()
    return state is not None and state.one_batch_axis


def _parts(t):
    entry = _PARTS.get(id(t))
    return entry[1:] if entry is not None and entry[0]() is t else None


def regrouped_sum(inputs):
    """The sum of two inputs, one or both noted BatchNormalization outputs, in AddOpsRewrite's order: the
    leaves (p, s for a noted input, the input itself otherwise) summed per shape in their order, the
    smaller shape's sum first: ``(s1 + s2) + (p1 + p2)``, or ``s + (x + p)`` for a residual ``x + bn``.
    None where nothing is noted, or the leaves are not of two shapes of different sizes."""
    if not _PARTS or len(inputs) != 2:
        return None
    parts = [_parts(t) for t in inputs]
    if parts[0] is None and parts[1] is None:
        return None
    groups = {}
    for t, noted in zip(inputs, parts):
        for leaf in (noted if noted is not None else (t,)):
            groups.setdefault(tuple(leaf.shape), []).append(leaf)
    if len(groups) != 2 or len({t.dtype for t in inputs}) != 1:
        return None
    (small, small_leaves), (big, big_leaves) = sorted(groups.items(), key=lambda item: _size(item[0]))
    if None in small or None in big or _size(small) >= _size(big):
        return None
    return _add_n(small_leaves) + _add_n(big_leaves)


def _size(shape):
    return -1 if None in shape else int(np.prod(shape, dtype=np.int64))


def _add_n(leaves):
    total = leaves[0]
    for leaf in leaves[1:]:
        total = total + leaf
    return total
