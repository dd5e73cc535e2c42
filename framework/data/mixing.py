"""Sources that mix datasets: sample_from_datasets and choose_from_datasets; and the seeds
that random stages (shuffle, random, sampling) share."""

import numpy as np

from .. import op_seeds, philox
from .. import random as tf_random
from .iteration_seeds import IterationSeeds


def check_datasets(datasets, what):
    datasets = list(datasets)
    if not datasets or not all(hasattr(d, '_make_iterator') for d in datasets):
        raise TypeError('%s: expected a non-empty list of datasets, got %r' % (what, datasets))
    return datasets


def check_weights(weights, count):
    if weights is None:
        return np.full(count, 1.0 / count)
    weights = np.asarray(weights, dtype=np.float64)
    if weights.shape != (count,) or np.any(weights < 0) or weights.sum() <= 0:
        raise ValueError('Dataset.sample_from_datasets: weights must be %d non-negative numbers, not all 0 '
                         '(one per dataset), got %r' % (count, weights.tolist()))
    return weights / weights.sum()


def seeded_words(seed, rerandomize):
    """``() -> iterator of uint32 words`` for one iteration of a random stage, as tf.data's
    RandomDataset: Philox under the op's seed pair, or, with ``rerandomize``, under the next two
    words of a stream seeded by that pair (a new pair for each iteration)."""
    seeds = op_seeds.seed_pair(seed, lambda: (0, 0))
    if seeds == (0, 0):          # nothing seeded: TensorFlow picks random seeds
        seeds = tuple(int(v) for v in tf_random.draw_seed_pair())
    next_pair = IterationSeeds(philox.word_stream(*philox.key_counter_from_op_seeds(*seeds))).next_pair

    def words():
        if rerandomize:
            pair = next_pair()
        else:
            pair = seeds
        return philox.word_stream(*philox.key_counter_from_op_seeds(*pair))
    return words


def sampled(datasets, probabilities, words, stop_on_empty):
    """tf.data's sample_from_datasets: a selector per element from Dataset.random's words taken two
    at a time as the seed of a one-sample stateless multinomial over log(weights); an exhausted
    input is passed over (or ends the stream, with ``stop_on_empty``) until all are exhausted, or
    only inputs of weight 0 are left."""
    from ..math import log
    logits = np.asarray(log(np.asarray(probabilities, dtype=np.float32)).numpy(), dtype=np.float64)[None]

    def elements():
        stream = words()
        iterators = [d._make_iterator() for d in datasets]
        live = len(iterators)
        exhausted = [False] * len(iterators)
        while live:
            pair = next(stream), next(stream)
            key, counter = philox.key_counter_from_seed(*pair)
            k = int(philox.categorical_samples(key, counter, logits, 1)[0, 0])
            if exhausted[k]:
                if not any(p > 0 for p, done in zip(probabilities, exhausted) if not done):
                    return      # only zero-weight inputs left: TensorFlow would draw forever
                continue
            element = next(iterators[k], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
            else:
                exhausted[k] = True
                live -= 1
    return elements


def sampled_by_dataset(datasets, weights, words, stop_on_empty):
    """sample_from_datasets with a Dataset of weights: each selector draws from the log of the
    next weights element (float32, unnormalized, as TF's varying-logits path)."""
    from ..math import log

    def elements():
        stream = words()
        iterators = [d._make_iterator() for d in datasets]
        exhausted = [False] * len(iterators)
        for weight in weights._make_iterator():
            logits = np.asarray(log(np.asarray(weight, dtype=np.float32)).numpy(), dtype=np.float64)
            pair = next(stream), next(stream)
            key, counter = philox.key_counter_from_seed(*pair)
            k = int(philox.categorical_samples(key, counter, logits.reshape(1, -1), 1)[0, 0])
            if exhausted[k]:
                continue
            element = next(iterators[k], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
            else:
                exhausted[k] = True
                if all(exhausted):
                    return
    return elements


def chosen(datasets, choice_dataset, stop_on_empty):
    def elements():
        iterators = [d._make_iterator() for d in datasets]
        for choice in choice_dataset._make_iterator():
            k = np.asarray(choice)
            if k.shape != () or k.dtype != np.int64 or not 0 <= int(k) < len(iterators):
                raise ValueError('Dataset.choose_from_datasets: choices must be int64 scalars in [0, %d), got %r '
                                 '(dtype %s)' % (len(iterators), choice, k.dtype))
            element = next(iterators[int(k)], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
    return elements


_END = object()
