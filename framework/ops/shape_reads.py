"""Inputs a recorded op reads only for their shape, as TensorFlow's gradient graphs read Shape(x).

TF's _MulGrad (off its fast path) builds Reshape(Sum(Mul(grad, y)), Shape(x)). Its tape records the
Shape op for a watched x, but Shape's int32 output is no trainable dtype, so the Reshape after it is
recorded only where the product's float inputs are connected. tapeflow records such a product as one
node whose last input is x (``mul_reduced``: the read counts in TF's visiting order, backward_order.py),
and ``record`` would then connect the node's output to x on an outer tape. The second derivative
``outer.gradient(inner.gradient(sparse.segment_sum(x) * c, x), x)`` in float64 then reached the
SparseSegmentSumGrad kernel and raised TF's LookupError, where TF 2.21 returns None.
"""
from ..tape import ACTIVE, NO_OUTPUT


def connected_only_through(output, inputs):
    """Take ``output`` (just recorded) off each active tape on which none of ``inputs`` is tracked: its
    op's other inputs are shape reads, which connect nothing. The node stays, so the reads still count."""
    for tape in ACTIVE:
        tracked = tape._tracked
        if id(output) in tracked and not any(id(x) in tracked for x in inputs):
            tracked.discard(id(output))
            if tape._last is output:        # record's shortcut for a chain would connect it again
                tape._last = NO_OUTPUT
