"""tf.math.approx_max_k / approx_min_k (also under tf.nn): TensorFlow's ApproxTopK as it runs on a CPU.

There the kernel is exact: the k largest entries of the last axis, largest first, ties by lower
index (top_k's order), int32 indices, gradients scattered back to the chosen entries. TensorFlow
2.21's CPU kernel exists only for the largest entries over the last axis (reduction_dimension=-1),
so approx_min_k (framework/cpu_kernel_gaps.py) and any other reduction_dimension raise
NotFoundError there; so they do here.
recall_target, reduction_input_size_override and aggregate_to_topk change nothing on a CPU.
"""
import collections

from ..errors import InvalidArgumentError, NotFoundError
from . import float_kernels
from .operands import as_tensor, named_errors
from .sorting import top_k

ApproxTopK = collections.namedtuple('ApproxTopK', ['values', 'indices'])
_ALLOWED = ('float16', 'bfloat16', 'float32')        # the op's T list (its CPU kernels take more)


def _make_int(k):
    """TF's op wrapper reads the k attr (make_int) before it converts the operand."""
    try:
        if isinstance(k, (str, bytes)):
            raise TypeError
        return int(k)
    except (TypeError, ValueError):
        raise TypeError("Expected int for argument 'k' not %r." % (k,)) from None


def approx_top_k(operand, k, reduction_dimension, is_max_k, op):
    k = _make_int(k)
    t = as_tensor(operand, op)
    if t.dtype.name not in _ALLOWED:      # the op registry's words, tapeflow's as a note
        error = float_kernels.refusal(op, t.dtype.name)
        error.add_note('%s: operands must be float16, bfloat16 or float32, got %s; cast the operand to float32'
                       % (op, t.dtype.name))
        raise error
    if not is_max_k or reduction_dimension != -1:
        raise NotFoundError('%s: TensorFlow has no CPU kernel for ApproxTopK with is_max_k=%s and '
                            'reduction_dimension=%s (only the largest entries over the last axis, '
                            'reduction_dimension=-1); use tf.math.top_k (on -x for the smallest) instead'
                            % (op, str(is_max_k).lower(), reduction_dimension))
    if t.ndim == 0 or t.shape[-1] < k:
        raise InvalidArgumentError('%s: input must have at least k columns. Had %d, needed %d'
                                   % (op, t.shape[-1] if t.ndim else 0, k))
    values, indices = top_k(t, k)
    return ApproxTopK(values, indices)


@named_errors('approx_max_k')
def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """(values, indices) of the k largest entries along the last axis (exact on a CPU)."""
    return approx_top_k(operand, k, reduction_dimension, True, 'approx_max_k')
