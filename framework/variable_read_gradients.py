"""How the gradients of a tape's variable reads reach their variables, in TensorFlow's order.

A watched variable read under a tape is recorded as a snapshot Tensor (``Variable._snapshot_tensor``);
the sweep collects each snapshot's gradient, then folds them into the variable's: in the reads' order
(eager TensorFlow's tape and a traced step's grappler-sorted AddN), in a traced loop's turn order, or,
under nested tapes, in the order TensorFlow's outer sweep meets each ReadVariableOp.
"""
from . import loop_reads
from .indexed_slices import RowGradients
from .tensor import Tensor


def graph_read(variable, tape):
    """A variable read again in a traced step: a snapshot of its own, as each read is its own
    ReadVariableOp in TensorFlow's graph. There grappler sorts the AddN of the reads' gradients by
    node name, which for a layer called again and again (Hands-On ML's ResidualBlock, run four
    times) is the calls' order (scopes 'block', 'block_1', ... up to ten calls); ``fold_reads``
    adds the snapshots' gradients in the order of ``tape._reads``, the reads' order. Eager
    TensorFlow adds them in its tape's visiting order instead, which one shared snapshot gives."""
    snap = variable._fresh_snapshot()
    tape._reads.append(snap)
    tape._tracked.add(id(snap))
    return snap


# Reading a variable under a tape: the op's node holds a snapshot Tensor that
# shares the variable's buffer; the tape lists the snapshots it saw, and the
# sweep adds each snapshot's gradient to its variable at the end (``fold_reads``).
# A write to the variable while a snapshot is alive first moves the variable
# to a fresh buffer (``Variable._detach``), so gradients use the values the
# forward pass read even if the variable changes before ``gradient()`` (e.g.
# two optimizers stepping between two gradient calls on a persistent tape).
# Once the tape lets go, writes are in place again. (``record`` makes the snapshots and lists them.)


def fold_reads(tape, grads, reads=None):
    """Move each snapshot's gradient to its variable (once the sweep is done with it), in the order of
    ``reads`` (default: the tape's, the order they were read); the reads made in a traced loop's turns
    add last turn first, as tf.while_loop's gradient (loop_reads.py)."""
    if reads is None:
        reads = tape._reads
    loops = loop_reads.loops_of(tape) if reads and loop_reads.NOTED else None
    if loops is not None:
        for vid, g in loop_reads.fold_order(reads, grads, loops, added):
            if g is not None:
                prev = grads.get(vid)
                grads[vid] = g if prev is None else added(prev, g)
        return
    for snap in reads:          # the usual case, in a plain loop: every training step runs it
        g = grads.pop(id(snap), None)
        if g is not None:
            vid = id(snap._variable)
            prev = grads.get(vid)
            if prev is None:
                grads[vid] = g
            else:
                grads[vid] = added(prev, g)


def fold_nested_reads(tape, grads, ranks, recorded):
    """``fold_reads`` for reads made under nested tapes: in the order of ``ranks`` (see read_ranks),
    and, where an outer tape ``recorded`` the sweep, the parts of a variable's gradient as one add_n, as
    TF's AddN aggregates them (see Pending)."""
    reads = sorted(tape._reads, key=lambda snap: ranks.get(id(snap), _UNREAD))
    if not recorded or (reads and loop_reads.NOTED and loop_reads.loops_of(tape) is not None):
        return fold_reads(tape, grads, reads)
    parts = {}
    for snap in reads:
        g = grads.pop(id(snap), None)
        if g is not None:
            vid = id(snap._variable)
            if vid not in parts:        # (a variable also watched itself: its own gradient first)
                parts[vid] = [grads[vid]] if vid in grads else []
            parts[vid].append(g)
    for vid, gs in parts.items():
        if len(gs) > 1 and all(type(g) is Tensor for g in gs):
            grads[vid] = Pending(gs).total()
        else:
            total = gs[0]
            for g in gs[1:]:
                total = added(total, g)
            grads[vid] = total


_UNREAD = (float('inf'), 0)


def read_ranks(tape, order):
    """Where each variable read made under nested tapes has its gradient added, as TensorFlow adds it.

    There every read is its own ReadVariableOp, and the sweep of an outer tape also meets the reads
    that the inner sweep's rules took as inputs (``x`` in Pow's ``g * y * pow(x, y - 1)``): each read's
    gradients add up first, then the reads' sums add at the variable in the order the reads are
    visited, which is when their last reader has been (readers' inputs in order). One shared snapshot
    added them all in arrival order: a * exp(-a ** 2)'s second derivative differed in the last bit
    for a third of the points. ``order``: the sweep's node indices (None: the record reversed)."""
    nodes = tape._nodes
    reads = {id(snap) for snap in tape._reads}
    ranks = {}
    for position, i in enumerate(range(len(nodes) - 1, -1, -1) if order is None else order):
        for k, x in enumerate(nodes[i][1]):
            if id(x) in reads:
                ranks[id(x)] = (position, k)
    return ranks


def traced_rows_order(tape, grads, ranks):
    """The reads of a traced step in their order, but for those whose gradients are gathered rows: each is its
    own read there (``graph_read``), and TensorFlow concatenates a variable's IndexedSlices in its tape's
    visiting order, not the reads' (``ranks``: read_ranks of that order)."""
    reads = tape._reads
    rows = [i for i, snap in enumerate(reads) if type(grads.get(id(snap))) is RowGradients]
    if len(rows) < 2:
        return reads
    reads = list(reads)
    for i, snap in zip(rows, sorted([reads[i] for i in rows], key=lambda snap: ranks.get(id(snap), _UNREAD))):
        reads[i] = snap
    return reads


def added(prev, g):
    # gathered rows go first where the other is a Tensor, whose ``+`` does not know them; two gathers' rows
    # join in the reads' order (TensorFlow concatenates the IndexedSlices in its visiting order)
    return g + prev if type(g) is RowGradients and type(prev) is not RowGradients else prev + g


class Pending(list):
    """A tensor's gradients from several readers, in a sweep that an outer tape records: TensorFlow adds
    them with one AddN op once the sweep reaches the tensor (backprop's _aggregate_grads). Adding each as it
    came (``prev + gx``) made a chain of Add ops, which the outer tape's sweep visits, and so adds its own
    gradients, in another order: second derivatives differed in the last bit where three or more met."""
    __slots__ = ()

    def total(self):
        from .ops.arithmetic import add_n
        return add_n(self)
