"""Ops TensorFlow 2.21 defines but has no CPU kernel for: on a CPU they raise NotFoundError there,
and so they do here (a program ported from TF fails as it would on TF's CPU build).

They live outside framework.ops on purpose: framework.ops holds ops that have a working call.
"""
from .ops.approx_top_k import approx_top_k
from .ops.operands import named_errors


@named_errors('approx_min_k')
def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """The k smallest entries: TensorFlow 2.21 has no CPU kernel for it, so NotFoundError, as there."""
    return approx_top_k(operand, k, reduction_dimension, False, 'approx_min_k')
