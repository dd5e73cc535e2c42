"""A variable's gradient from the turns of a traced loop, added as tf.while_loop adds it.

Inside a ``tf.function``, a Python ``for`` over a tensor (``for t in tf.range(n)``) is one
``tf.while_loop`` in TensorFlow's graph (autograph). Its gradient runs the loop backwards and
carries one accumulator per variable the body reads: the last turn's gradient first, then each
earlier turn's added to it. tapeflow runs the turns as Python, and each read of a variable in a
traced step has a snapshot of its own (``variable_read_gradients.graph_read``) whose gradients
the tape adds in the reads' order, first turn first: the actor-critic tutorial's Dense kernels came out a last bit off
after the first episode (a reversed sum of 10 to 60 turns' gradients).

``turns`` notes which of each recording tape's reads every turn made; ``fold_order`` hands the tape
the reads' gradients with each loop's turns summed last turn first (reads in one turn in their
order), the loop's sum taking the place of its reads.
"""
import weakref
from _thread import get_ident

_LOOPS = weakref.WeakKeyDictionary()     # tape -> (its reads list, [[(start, end) of each turn] per loop])
# The dict under _LOOPS: empty until some tape records a traced loop's reads, so that every other
# gradient() tells in one truth test that it has no loop to fold (variable_read_gradients.fold_reads,
# on the training step)
NOTED = _LOOPS.data


def turns(items):
    """Yield ``items`` (a traced loop's turns), noting the reads each turn adds to the tapes recording."""
    from .tape import ACTIVE        # (late: tape imports tensor, which calls this)
    me = get_ident()
    tapes = [tape for tape in ACTIVE if tape._thread == me]
    if not tapes:
        yield from items
        return
    loops = []
    for tape in tapes:
        entry = _LOOPS.get(tape)
        if entry is None or entry[0] is not tape._reads:        # a new record (reset, or a new step)
            entry = _LOOPS[tape] = (tape._reads, [])
        loop = []
        entry[1].append(loop)
        loops.append(loop)
    for item in items:
        starts = [len(tape._reads) for tape in tapes]
        try:
            yield item
        finally:            # also when the loop body breaks out (the generator is closed)
            for tape, loop, start in zip(tapes, loops, starts):
                loop.append((start, len(tape._reads)))


def loops_of(tape):
    """The turn spans of the loops that read variables under ``tape``'s current record, or None."""
    entry = _LOOPS.get(tape)
    if entry is None or entry[0] is not tape._reads:
        return None
    spans = [loop for loop in entry[1] if loop and any(end > start for start, end in loop)]
    # a loop inside another one's turns is summed with the outer turn it ran in
    outer = [loop for loop in spans if not any(other is not loop and other[0][0] <= loop[0][0] and
                                               loop[-1][1] <= other[-1][1] for other in spans)]
    return outer or None


def fold_order(reads, grads, loops, add):
    """(variable id, gradient) pairs to fold in order: reads outside the loops one by one, each
    loop's as one sum per variable (its turns last first), placed where the loop's reads begin."""
    at = {loop[0][0]: loop for loop in loops}
    pairs = []
    i = 0
    while i < len(reads):
        loop = at.get(i)
        if loop is None:
            g = grads.pop(id(reads[i]), None)
            if g is not None:
                pairs.append((id(reads[i]._variable), g))
            i += 1
            continue
        sums = {}
        for start, end in reversed(loop):
            turn = {}
            for snap in reads[start:end]:
                g = grads.pop(id(snap), None)
                if g is not None:
                    vid = id(snap._variable)
                    turn[vid] = g if vid not in turn else add(turn[vid], g)
            for vid, g in turn.items():
                sums[vid] = g if vid not in sums else add(sums[vid], g)
        first_seen = {}
        for snap in reads[loop[0][0]:loop[-1][1]]:
            first_seen.setdefault(id(snap._variable), None)
        pairs.extend((vid, sums[vid]) for vid in first_seen if vid in sums)
        i = max(loop[-1][1], i + 1)
    return pairs


def zeros_for_captures(tape, sources, results):
    """``results`` with zeros, not None, for the variables a traced loop read that the target does not
    depend on, when it depends on the loop: TF's while_v2 gives every captured input of a loop on the
    path a gradient (its backward loop's zeros), so a critic-only loss still gets the actor's zeros."""
    loops = loops_of(tape)
    if loops is None:
        return results
    reads = tape._reads
    in_loop = {id(snap._variable) for loop in loops for snap in reads[loop[0][0]:loop[-1][1]]}
    if not any(r is not None and id(s) in in_loop for s, r in zip(sources, results)):
        return results          # the loop is not on the target's path: TF's None
    from .backend import array_module
    from .tensor import Tensor
    return [Tensor(array_module(s._data).zeros(s._data.shape, s._data.dtype))
            if r is None and id(s) in in_loop else r for s, r in zip(sources, results)]
