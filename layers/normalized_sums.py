"""Keras's Add of two BatchNormalization outputs in a traced step on static shapes, summed in the order
grappler's AddOpsRewrite gives: ``(s1 + s2) + (p1 + p2)``.

A BatchNormalization output is ``p + s`` (p = x * inv, s = beta - mean * inv, one value per feature).
When an Add layer sums two of them (a residual block with a projection shortcut, two branches), the
three AddV2 nodes each have one consumer, and grappler's arithmetic optimizer (AddOpsRewrite) rewrites
the tree over the leaves [p1, s1, p2, s2]: an AddN for each shape, the smaller shape's sum first, then
one Add: ``(s1 + s2) + (p1 + p2)``. It needs every shape known, so Keras's fit step (traced on a None
batch) keeps ``(p1 + s1) + (p2 + s2)``, while predict and a tf.function training loop on fixed batches
take the rewrite. Measured on TF 2.21 (progs/histories2 d15.py: predict of a two-input model, 1 value
in 4 an ulp off; g06 *.loop: every weight off after the first step of such a loop). The gradients are
the same values either way.
"""
import weakref

from framework.ops import graph_rewrites

_PARTS = {}     # id(a BatchNormalization output) -> (weakref to it, p, s) in the running trace


def note_parts(out, product, shift):
    """Remember that ``out = product + shift`` (a BatchNormalization output) while a static trace runs."""
    if graph_rewrites.GATE[0] and graph_rewrites.tracing() and graph_rewrites.static_shapes() \
            and graph_rewrites.folds_constants():
        if len(_PARTS) > 64:
            _PARTS.clear()
        _PARTS[id(out)] = (weakref.ref(out), product, shift)


def _parts(t):
    entry = _PARTS.get(id(t))
    return entry[1:] if entry is not None and entry[0]() is t else None


def regrouped_sum(inputs):
    """``(s1 + s2) + (p1 + p2)`` when ``inputs`` are two noted BatchNormalization outputs of one shape,
    whose parts differ in size; else None."""
    if not _PARTS or len(inputs) != 2:
        return None
    first, second = _parts(inputs[0]), _parts(inputs[1])
    if first is None or second is None:
        return None
    (p1, s1), (p2, s2) = first, second
    if p1.shape != p2.shape or s1.shape != s2.shape or p1.dtype != p2.dtype or s1.shape.num_elements() >= p1.shape.num_elements():
        return None
    return (s1 + s2) + (p1 + p2)
