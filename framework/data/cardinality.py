"""Dataset cardinality: how many elements a pipeline gives, as tf.data counts them.

A known count is >= 0; ``INFINITE_CARDINALITY`` (-1) is a dataset repeated
forever, ``UNKNOWN_CARDINALITY`` (-2) one whose count depends on the data
(after ``filter``, ``from_generator``, ``flat_map``, ...).

Each rule is the ``CardinalityInternal`` of TF 2.21's dataset kernel, in its C++ int64 arithmetic:
only -1 and -2 are markers, any other count is computed on. ``range(3).take(-5)`` (take's -5 means
"all", as -1 does, when iterated) counts ``min(3, -5) == -5`` in TF, and the stages after it go on
from -5 (``batch(2)``: -1, ``repeat(2)``: -10, ``skip(1)``: 0), so the rules keep C++'s truncating
division and remainder rather than Python's flooring ones.
"""
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2


def is_known(n):
    """Whether ``n`` is a count rather than one of the two markers (a negative count from take(-5) is one)."""
    return n != INFINITE_CARDINALITY and n != UNKNOWN_CARDINALITY


def _c_div(a, b):
    """C++'s int64 ``a / b``: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _c_rem(a, b):
    """C++'s int64 ``a % b``: takes the sign of ``a``."""
    return a - _c_div(a, b) * b


def of_batch(n, batch_size, drop_remainder):
    if not is_known(n):
        return n
    batch_size = int(batch_size)
    return _c_div(n, batch_size) + (0 if drop_remainder or _c_rem(n, batch_size) == 0 else 1)


def of_repeat(n, count):
    if count is None or count < 0:
        return 0 if n == 0 else INFINITE_CARDINALITY
    if count == 0:
        return 0
    return n * count if is_known(n) else n


def of_take(n, count):
    if n == UNKNOWN_CARDINALITY:
        return n
    if n == INFINITE_CARDINALITY:
        return count
    return n if count == INFINITE_CARDINALITY else min(n, count)


def of_skip(n, count):
    if not is_known(n):
        return n
    return 0 if count < 0 else max(n - count, 0)


def of_shard(n, num_shards, index):
    if not is_known(n):
        return n
    return _c_div(n, num_shards) + (1 if index < _c_rem(n, num_shards) else 0)


def of_zip(counts):
    if UNKNOWN_CARDINALITY in counts:
        return UNKNOWN_CARDINALITY
    known = [n for n in counts if is_known(n)]
    return min(known) if known else INFINITE_CARDINALITY


def of_concatenate(a, b):
    if INFINITE_CARDINALITY in (a, b):
        return INFINITE_CARDINALITY
    return a + b if is_known(a) and is_known(b) else UNKNOWN_CARDINALITY


def of_unbatch(n, batch_dim):
    """Elements of ``n`` batches whose first axis is statically ``batch_dim`` long (None: not known).
    TF counts only with a known, non-zero axis: the batches of batch(4) (axis None) unbatch into an
    unknown count even when there are none, a repeated input stays infinite."""
    if not is_known(n):
        return n
    return n * batch_dim if batch_dim else UNKNOWN_CARDINALITY


def of_window(n, size, shift, stride, drop_remainder):
    """Windows of ``size`` elements ``stride`` apart, one every ``shift``: with drop_remainder only those
    whose last element, ``(size - 1) * stride`` after the first, is there."""
    if not is_known(n):
        return n
    size, shift, stride = int(size), int(shift), int(stride)
    if drop_remainder:
        rest = n - ((size - 1) * stride + 1)
        return 0 if rest < 0 else _c_div(rest, shift) + 1
    return _c_div(n, shift) + (0 if _c_rem(n, shift) == 0 else 1)
