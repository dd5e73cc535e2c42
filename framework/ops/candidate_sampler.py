"""The draws of TensorFlow's candidate sampler kernels (``tf.random.*_candidate_sampler``).

Eager TensorFlow keeps one kernel, and so one Philox generator seeded by the op's (seed, seed2),
per set of attributes: calls that share them read on along one stream (and a learned unigram
kernel keeps its learned counts), a call with other attributes starts its own. Each call reserves
2048 * num_sampled 32-bit words (512 * num_sampled blocks) and reads words from the start of its
reservation through TF's SimplePhilox: a double is two words, a 64-bit integer two words (low
first), a float one word, and a bounded integer rejects the words that would bias it
(ExactUniformInt). Unique sampling skips classes already picked. A class of probability p is
expected p * num_sampled times when no draw was skipped, else 1 - (1 - p) ** tries, in float32 as
the kernel computes it. The word2vec tutorial prints its negative samples, drawn with seed=42.
"""
import math

import numpy as np

from .. import libm, op_seeds, philox

_LEARNED_COUNTS = {}      # learned-unigram kernel -> its class counts, kept across calls as TF's kernel


class _SimplePhilox:
    """TensorFlow's SimplePhilox over a stream of 32-bit words."""

    def __init__(self, words):
        self._words = words

    def rand32(self):
        return next(self._words)

    def rand64(self):
        low = next(self._words)
        return low | (next(self._words) << 32)

    def rand_double(self):
        high, low = next(self._words), next(self._words)
        return float(philox._unit_float64(np.uint64(high), np.uint64(low)))

    def rand_float(self):
        return philox._unit_float32(np.uint64(next(self._words)))

    def uniform(self, n, bits=32):
        """ExactUniformInt: uniform in [0, n) by rejecting the low words that would bias ``% n``."""
        draw = self.rand32 if bits == 32 else self.rand64
        if n & (n - 1) == 0:
            return draw() & (n - 1)
        reject_below = ((1 << bits) - 1) % n + 1
        value = draw()
        while value < reject_below:
            value = draw()
        return value % n


class LogUniform:
    def __init__(self, range_max):
        self.range, self._log_range = range_max, math.log1p(range_max)

    def sample(self, rnd):
        return (int(math.exp(rnd.rand_double() * self._log_range)) - 1) % self.range

    def probability(self, value):
        return np.float32(math.log((value + 2.0) / (value + 1.0)) / self._log_range)


class Uniform:
    def __init__(self, range_max):
        self.range, self._p = range_max, np.float32(1.0 / range_max)

    def sample(self, rnd):
        return rnd.uniform(self.range, bits=64)

    def probability(self, value):
        return self._p


class LearnedUnigram:
    """Classes drawn in proportion to their counts: each starts at 1 and gains 1 per true class seen."""

    def __init__(self, counts):
        self.range, self.counts = len(counts), counts

    def sample(self, rnd):
        pick = rnd.uniform(int(self.counts.sum()))
        return int(np.searchsorted(np.cumsum(self.counts), pick, side='right'))

    def probability(self, value):
        return np.float32(np.float32(self.counts[value]) / np.float32(self.counts.sum()))

    def update(self, true_classes):
        for value in true_classes:
            self.counts[value] += 1


class FixedUnigram:
    """Classes drawn from fixed weights by Walker's alias method, TF's DistributionSampler table."""

    def __init__(self, weights):
        self.range, self.weights = len(weights), np.asarray(weights, np.float32)
        self.total = np.float32(0.0)              # the sampler's float total (its probabilities) ...
        for w in self.weights:
            self.total = np.float32(self.total + w)
        table_total = sum(float(w) for w in self.weights)      # ... and the alias table's double one
        n = self.range
        share = [float(w) * n / table_total for w in self.weights]
        alt = [-1] * n
        low = [i for i in range(n) if share[i] < 1.0]
        high = [i for i in range(n) if share[i] >= 1.0]
        while high and low:
            small, big = low.pop(), high.pop()
            alt[small] = big
            share[big] -= 1.0 - share[small]
            (low if share[big] < 1.0 else high).append(big)
        for i in high + low:                 # rounding leftovers: certain, their own alias
            share[i], alt[i] = 1.0, i
        self.prob, self.alt = np.asarray(share, np.float32), alt

    def sample(self, rnd):
        r = rnd.rand_float()
        index = rnd.uniform(self.range)
        return index if r < self.prob[index] else self.alt[index]

    def probability(self, value):
        return np.float32(self.weights[value] / self.total) if 0 <= value < self.range else np.float32(0)


def _expected_count(p, num_sampled, tries):
    if tries == num_sampled:
        return np.float32(p * np.float32(num_sampled))
    # TF's ExpectedCountHelper: C's expm1f and log1pf on float32 scalars (see framework/libm.py)
    return -libm.apply('expm1', np.float32(tries) * libm.apply('log1p', -p))


def draw(kernel, sampler, true_classes, num_sampled, unique, seeds):
    """(sampled classes int64, true classes' expected counts, sampled ones') for host int arrays,
    from the kernel named ``kernel`` (its attributes) and ``seeds`` (a (seed, seed2) pair)."""
    key, counter, start = op_seeds.reserve(kernel, 'int64', seeds, None, blocks=512 * num_sampled)
    if isinstance(sampler, LearnedUnigram):
        if start == 0 or (kernel, seeds) not in _LEARNED_COUNTS:     # a fresh kernel learns afresh
            _LEARNED_COUNTS[(kernel, seeds)] = sampler.counts
        sampler.counts = _LEARNED_COUNTS[(kernel, seeds)]
    rnd = _SimplePhilox(philox.word_stream(key, counter, start=start))
    picked, used, tries = [], set(), 0
    while len(picked) < num_sampled:
        tries += 1
        value = sampler.sample(rnd)
        if unique:
            if value in used:
                continue
            used.add(value)
        picked.append(value)
    true = np.asarray(true_classes).reshape(-1)
    true_expected = np.array([_expected_count(sampler.probability(int(v)), num_sampled, tries) for v in true],
                             np.float32).reshape(np.shape(true_classes))
    sampled_expected = np.array([_expected_count(sampler.probability(v), num_sampled, tries) for v in picked],
                                np.float32)
    if isinstance(sampler, LearnedUnigram):
        sampler.update(true.tolist())
    return np.asarray(picked, np.int64), true_expected, sampled_expected


def log_uniform_draw(true_classes, num_true, num_sampled, unique, range_max, seeds):
    """The LogUniformCandidateSampler kernel's draw (see ``draw``)."""
    kernel = 'LogUniformCandidateSampler(%d, %d, %s, %d)' % (num_true, num_sampled, bool(unique), range_max)
    return draw(kernel, LogUniform(range_max), true_classes, num_sampled, unique, seeds)
