"""A traced sum of sums, added in the order grappler's AddOpsRewrite gives it: one AddN over the leaves.

In a tf.function on fully defined shapes, TensorFlow's arithmetic optimizer (AddOpsRewrite) collapses a
tree of Add / AddN nodes of one shape, whose inner nodes have no other consumer, into one AddN over the
tree's leaves in their written order; AddN adds them left to right (``add_n_arrays``: blocks of 8 past 9
inputs). So seed 002's step written ``tf.reduce_mean(loss_fn(y, p)) + tf.add_n(model.losses)`` prints
``(main + l1) + l2`` where eager TensorFlow and tapeflow compute ``main + (l1 + l2)``. Measured on
TF 2.21 over 400 random float32 scalars (notes/progs/seedvariants6/addn11.py): ``a + tf.add_n([b, c])``,
``a + (b + c)`` and ``a + sum([b, c])`` equal ``(a + b) + c`` in 400 of 400 cases (95 differ from eager),
``(a + b) + (c + d)`` equals ``((a + b) + c) + d`` (113 differ); a left chain is the eager order already.
Only an Add is a root: a traced ``tf.add_n([a, b + c])`` keeps its eager value (addn15.py). Past 9 leaves
TF's order is neither eager's nor AddN's (a traced chain of 1e8 and eleven 3.0s gives 1.0000003e+08), so
longer sums are left as written, as are sums of several shapes (``vec + (s + s)`` keeps its order too).

tapeflow runs a trace eagerly, so each traced Add / AddN of float scalars notes its leaves here, and an
Add that has a noted sum as its right operand takes AddN's value over all the leaves. Only scalars: a
loss and its penalties, whose shapes grappler always knows. Over arrays TF regroups only where its shape
inference proves the shapes equal (``vec + (w + w)`` is regrouped, while GroupNormalization's
``x * inv + (-mean * inv + beta)`` over reshaped tensors is not: tests/test_gradfuzz11_single_row_normalization.py),
which tapeflow's eager trace cannot tell apart; those sums keep the written order.
The gradients are the sums' either way (TF builds the gradient ops before grappler runs). As for the
rsqrt rewrite (graph_rewrites.py), tapeflow cannot count a sum's later readers: TF keeps ``a + r`` as
written when ``r = tf.add_n([b, c])`` is also returned (0 of 400 rewritten), tapeflow regroups it.
"""
import weakref

from . import graph_rewrites

_LEAVES = {}        # id(a live traced sum) -> (weakref to it, its leaves' arrays in the written order)
_MOST_LEAVES = 9    # AddN's plain left-to-right range; TF's order past it is unknown (see above)


def _leaves(t, array):
    entry = _LEAVES.get(id(t))
    if entry is not None and entry[0]() is t:
        return entry[1]
    # a variable's array changes in place when it is assigned: keep the value read here. Arrays, not
    # tensors, so that a note never keeps a variable made in a trace alive (its re-creation check).
    return (array.copy(),) if hasattr(t, 'assign') else (array,)


def _float_scalars(arrays):
    first = arrays[0]
    kind = getattr(getattr(first, 'dtype', None), 'kind', None)
    return kind == 'f' and all(getattr(a, 'shape', None) == () and a.dtype == first.dtype for a in arrays)


def summed_leaves(operands, arrays):
    """The leaves' arrays of a traced sum of ``operands`` (their arrays ``arrays``) when AddOpsRewrite
    would collapse it (a trace on static shapes, float scalars of one dtype), else None."""
    if not (graph_rewrites.tracing() and graph_rewrites.static_shapes() and _float_scalars(arrays)):
        return None
    leaves = tuple(leaf for t, array in zip(operands, arrays) for leaf in _leaves(t, array))
    return leaves if len(leaves) <= _MOST_LEAVES else None


def regrouped_value(y, leaves):
    """The value of a traced ``x + y`` over ``leaves`` (``summed_leaves((x, y), ...)``) when ``y`` is a
    noted sum (the order then differs from the eager ``x + y``), else None (the eager value is TF's)."""
    entry = _LEAVES.get(id(y))
    if leaves is None or entry is None or entry[0]() is not y:
        return None
    total = leaves[0]
    for leaf in leaves[1:]:         # AddN of up to 9 inputs adds left to right (arithmetic.add_n_arrays)
        total = total + leaf
    return total


def note(out, leaves):
    """Remember ``out``'s leaves; the entry leaves with ``out`` (no other rule empties the table)."""
    if leaves is None or len(leaves) < 2:
        return
    key = id(out)

    def forget(ref):
        if _LEAVES.get(key, (None,))[0] is ref:
            del _LEAVES[key]

    _LEAVES[key] = (weakref.ref(out, forget), leaves)
