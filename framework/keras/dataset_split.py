"""``keras.utils.split_dataset``: one small in-memory dataset cut into a left and a right Dataset.

Keras's rules: the samples are listed (a batched Dataset is unbatched first),
shuffled with Python's ``random`` seeded by ``seed`` (so the same seed picks
the same samples as Keras), the first ``left_size`` go left and the last
``right_size`` go right; a Dataset that ended in ``batch(n)`` gives splits
batched by n.
"""
import random

import numpy as np

from framework import nest
from framework.backend import to_host


def split_dataset(dataset, left_size=None, right_size=None, shuffle=False, seed=None, preferred_backend=None):
    """(left, right) Datasets of the samples of ``dataset``.

    Args:
        dataset: a Dataset, a numpy array, or a list / tuple of numpy arrays of one length.
        left_size: a fraction in (0, 1) or a count of samples for the left split (default: the rest).
        right_size: the same for the right split (default: the rest).
        shuffle: shuffle the samples before splitting.
        seed: the shuffling seed (Python ``random``, as Keras).
        preferred_backend: accepted for Keras's signature; the splits are tapeflow Datasets.
    Raises:
        TypeError: another kind of dataset, or sizes that are neither ints, floats nor None.
        ValueError: no size given, sizes out of range, or a split that would be empty.
    """
    from framework.data import Dataset
    kind = _kind(dataset)
    if left_size is None and right_size is None:
        raise ValueError('split_dataset: at least one of `left_size` or `right_size` must be specified, got '
                         'left_size=None and right_size=None')
    samples = _samples(dataset, kind)
    if shuffle:
        if seed is None:
            seed = random.randint(0, int(1e6))
        random.seed(seed)
        random.shuffle(samples)
    left_size, right_size = _split_sizes(left_size, right_size, len(samples))
    halves = [_restack(samples[:left_size], kind), _restack(samples[-right_size:], kind)]
    out = [Dataset.from_tensor_slices(half) for half in halves]
    batch_size = getattr(dataset, '_batch_size', None) if kind == 'dataset' else None
    if batch_size is not None:
        out = [half.batch(batch_size) for half in out]
    return tuple(out)


def _kind(dataset):
    from framework.data import Dataset
    if isinstance(dataset, Dataset):
        return 'dataset'
    if isinstance(dataset, np.ndarray):
        return 'array'
    if isinstance(dataset, (list, tuple)):
        return 'arrays'
    raise TypeError('split_dataset: `dataset` must be a Dataset, a numpy array or a list/tuple of numpy arrays, '
                    'got %s' % type(dataset).__name__)


def _samples(dataset, kind):
    if kind == 'arrays':
        if not dataset:
            raise ValueError('split_dataset: received an empty list/tuple; give a non-empty list/tuple of numpy '
                             'arrays')
        for i, element in enumerate(dataset):
            if not isinstance(element, np.ndarray):
                raise ValueError('split_dataset: expected a list/tuple of numpy arrays, got %s at index %d'
                                 % (type(element).__name__, i))
            if element.shape[0] != dataset[0].shape[0]:
                raise ValueError('split_dataset: the arrays have different lengths: shape %s at index 0, %s at '
                                 'index %d; give arrays of one length' % (dataset[0].shape, element.shape, i))
        samples = list(zip(*dataset))
    elif kind == 'array':
        samples = list(dataset)
    else:
        source = dataset.unbatch() if getattr(dataset, '_batch_size', None) is not None else dataset
        samples = [nest.map_structure(lambda t: to_host(t._data), element) for element in source]
    if not samples:
        raise ValueError('split_dataset: received an empty dataset; give a non-empty dataset or arrays')
    return samples


def _restack(samples, kind):
    """The samples stacked back into arrays, in the structure of one sample (lists become tuples)."""
    if kind == 'array':
        return np.stack(samples)
    columns = [np.array(column) for column in zip(*[nest.flatten(sample) for sample in samples])]
    structure = nest.map_structure(lambda leaf: 0, samples[0])
    packed = nest.pack_sequence_as(structure, columns)
    return tuple(packed) if isinstance(packed, list) else packed


def _split_sizes(left_size, right_size, total):
    """Keras's rules: a float is a fraction of ``total`` (rounded), an int a count, None the rest."""
    for name, size in (('left_size', left_size), ('right_size', right_size)):
        if size is not None and type(size) not in (int, float):
            raise TypeError('split_dataset: `%s` must be an int, a float or None, got %s (%r)'
                            % (name, type(size).__name__, size))
        if type(size) is int and not 0 < size < total or type(size) is float and not 0 < size < 1:
            raise ValueError('split_dataset: `%s` should be either a positive integer smaller than %d, or a float '
                             'within the range (0, 1); got %s=%r' % (name, total, name, size))
    if type(left_size) is float and type(right_size) is float and left_size + right_size > 1:
        raise ValueError('split_dataset: the sum of `left_size` and `right_size` (%r) is greater than 1'
                         % (left_size + right_size))
    left = round(left_size * total) if type(left_size) is float else left_size
    right = round(right_size * total) if type(right_size) is float else right_size
    left = total - right if left is None else left
    right = total - left if right is None else right
    if left + right > total:
        raise ValueError('split_dataset: left_size + right_size = %d is more than the %d samples'
                         % (left + right, total))
    for size, side in ((left, 'left'), (right, 'right')):
        if size == 0:
            raise ValueError('split_dataset: with %d samples, left_size=%s and right_size=%s leave the %s split empty; '
                             'adjust the sizes' % (total, left, right, side))
    return int(left), int(right)
