"""Dataset cardinality: how many elements a pipeline gives, as tf.data counts them.

A known count is >= 0; ``INFINITE_CARDINALITY`` (-1) is a dataset repeated
forever, ``UNKNOWN_CARDINALITY`` (-2) one whose count depends on the data
(after ``filter``, ``from_generator``, ``flat_map``, ...).
"""
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2


def is_known(n):
    return n >= 0


def of_batch(n, batch_size, drop_remainder):
    if not is_known(n):
        return n
    return n // batch_size if drop_remainder else -(-n // batch_size)


def of_repeat(n, count):
    if count is None or count < 0:
        return 0 if n == 0 else INFINITE_CARDINALITY
    if n == INFINITE_CARDINALITY:
        return INFINITE_CARDINALITY if count > 0 else 0
    return n * count if is_known(n) else (0 if count == 0 else n)


def of_take(n, count):
    if count < 0:
        return n
    if n == INFINITE_CARDINALITY:
        return count
    return min(n, count) if is_known(n) else UNKNOWN_CARDINALITY


def of_skip(n, count):
    if count < 0:
        return 0 if n != INFINITE_CARDINALITY else INFINITE_CARDINALITY
    return max(n - count, 0) if is_known(n) else n


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


def of_window(n, size, shift, drop_remainder):
    if not is_known(n):
        return n
    if drop_remainder:
        return 0 if n < size else (n - size) // shift + 1
    return -(-n // shift)
