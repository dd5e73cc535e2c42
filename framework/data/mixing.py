"""Sources that mix datasets: sample_from_datasets and choose_from_datasets; and the seeds
that random stages (shuffle, random, sampling) share."""
import numpy as np

from .. import random as tf_random


def base_seed(seed):
    """The seed a random stage fixes when it is made: an op seed (with the global seed) fixes the
    values, as a TensorFlow op attribute does; without one the global stream picks it."""
    return [int(seed), tf_random.get_global_seed() or 0] if seed is not None else [tf_random.draw_seed()]


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


def sampled(datasets, probabilities, seed, stop_on_empty, rerandomize):
    epochs = [0]

    def elements():
        rng = np.random.default_rng(seed + [epochs[0]])
        epochs[0] += 1 if rerandomize else 0
        iterators = [d._make_iterator() for d in datasets]
        live = probabilities.copy()
        while live.sum() > 0:
            k = int(rng.choice(len(iterators), p=live / live.sum()))
            element = next(iterators[k], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
            else:
                live[k] = 0.0
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
