"""The draws of TensorFlow's LogUniformCandidateSampler kernel (``tf.random.log_uniform_candidate_sampler``).

Eager TensorFlow keeps one kernel, and so one Philox generator seeded by the op's (seed, seed2),
per set of attributes (num_true, num_sampled, unique, range_max, seeds): calls that share them
read on along one stream, a call with another range_max starts its own. Each call reserves
2048 * num_sampled 32-bit words (512 * num_sampled blocks) and reads doubles from the start of
its reservation, two words each; a draw u gives the class ``int(exp(u * log1p(range_max))) - 1``
modulo range_max, and unique sampling skips classes already picked. The expected count of a
class of probability p = log((k + 2) / (k + 1)) / log1p(range_max) is p * num_sampled when no draw
was skipped, else 1 - (1 - p) ** tries, in float32 as the kernel computes it. The word2vec
tutorial prints its negative samples, drawn with seed=42 call after call.
"""
import math

import numpy as np

from .. import op_seeds, philox


def _doubles(key, counter, start):
    """The kernel's RandDouble values from block ``start`` on (pairs of consecutive words)."""
    while True:
        words = philox.blocks(key, counter, 64, start).reshape(-1)
        yield from philox._unit_float64(words[0::2], words[1::2]).tolist()
        start += 64


def _expected_counts(classes, range_max, num_sampled, tries):
    log_range = math.log1p(range_max)
    p = np.array([math.log((k + 2.0) / (k + 1.0)) / log_range for k in np.ravel(classes).tolist()],
                 np.float32).reshape(np.shape(classes))
    if tries == num_sampled:
        return p * np.float32(num_sampled)
    return -np.expm1(np.float32(tries) * np.log1p(-p))


def log_uniform_draw(true_classes, num_true, num_sampled, unique, range_max, seeds):
    """(sampled classes int64, true classes' expected counts, sampled ones') for host int arrays,
    from the kernel named by the attributes and ``seeds`` (a (seed, seed2) pair)."""
    kernel = 'LogUniformCandidateSampler(%d, %d, %s, %d)' % (num_true, num_sampled, bool(unique), range_max)
    key, counter, start = op_seeds.reserve(kernel, 'int64', seeds, None, blocks=512 * num_sampled)
    log_range = math.log1p(range_max)
    picked, used, tries = [], set(), 0
    for u in _doubles(key, counter, start):
        if len(picked) == num_sampled:
            break
        tries += 1
        value = (int(math.exp(u * log_range)) - 1) % range_max
        if unique:
            if value in used:
                continue
            used.add(value)
        picked.append(value)
    sampled = np.asarray(picked, np.int64)
    return (sampled, _expected_counts(true_classes, range_max, num_sampled, tries),
            _expected_counts(picked, range_max, num_sampled, tries))
