"""float16 softmax and log-softmax rows in the steps of TensorFlow's Eigen kernel (SoftmaxEigenImpl).

Without oneDNN, TF 2.21's CPU Softmax / LogSoftmax on float16 evaluate Eigen's expression in half
precision: the shift by the row's max, the exp, the row's sum (Packet8h accumulators that add in half,
lanes folded in float32, rows past 1,600 values split in Eigen's tree: eigen_sum.row_sums), the sum's
reciprocal (its log for log-softmax) and the last product (difference) each round to float16. Computing in float32 and rounding once, as tapeflow
did, gave another last bit in about a third of the values (tf.nn.softmax of a (4, 3) float16 batch: 6
of 12; Keras's CategoricalFocalCrossentropy(from_logits=True, dtype='float16') 3 of 4 per-sample losses;
probes /work/notes/progs/metrics13/sm16.py, 400 of 400 random batches equal after).
"""
import numpy as np

from . import eigen_sum
from .eigen_sum import row_sums

_HALF = np.float16


def softmax_rows(a, exp):
    """Rows of 2-D float16 ``a``; ``exp``: the kernel's float32 exp over a whole array."""
    shifted = a - a.max(axis=1, keepdims=True)
    e = exp(shifted.astype(np.float32)).astype(_HALF)
    e *= (_HALF(1) / row_sums(e))[:, None]
    return e


def log_softmax_rows(a, summed_exp, log):
    """Rows of 2-D float16 ``a``; ``summed_exp``: the float32 exp as the row reduction evaluates it,
    ``log``: the float32 log of the rows' sums."""
    shifted = a - a.max(axis=1, keepdims=True)
    total = row_sums(summed_exp(shifted.astype(np.float32)).astype(_HALF))
    shifted -= log(total.astype(np.float32)).astype(_HALF)[:, None]
    return shifted


# bfloat16: TF 2.21's Eigen kernel runs the same expression on Packet8bf, each step rounded to bfloat16
# (tf.nn.softmax of random (2, n) rows, n = 2..17: 30 of 30 batches one bfloat16 ulp off before). Its row
# sum is float16's (eigen_sum._leaf_sums): packets into bfloat16 lanes, folded in float32 and rounded once,
# plus the scalar loop's bfloat16 sum of the row's tail.
BFLOAT16_ROWS_MAX = 1024      # longer rows meet Eigen's tree reduction, not followed here


def bfloat16_row_sums(e):
    """Sums of the rows of 2-D bfloat16 ``e`` in Eigen's inner-dimension reducer's order."""
    return eigen_sum._leaf_sums(e)


def bfloat16_softmax_rows(a, exp):
    """Rows of 2-D bfloat16 ``a``; ``exp``: the kernel's float32 exp over a whole array."""
    shifted = a - a.max(axis=1, keepdims=True)
    e = exp(shifted.astype(np.float32)).astype(a.dtype)
    return e * (np.float32(1) / bfloat16_row_sums(e).astype(np.float32)).astype(a.dtype)[:, None]


def bfloat16_log_softmax_rows(a, exp, log):
    """Rows of 2-D bfloat16 ``a``; ``exp`` / ``log``: the kernel's float32 exp and log."""
    shifted = a - a.max(axis=1, keepdims=True)
    total = bfloat16_row_sums(exp(shifted.astype(np.float32)).astype(a.dtype))
    return shifted - log(total.astype(np.float32)).astype(a.dtype)[:, None]
