"""``keras.utils.split_dataset``: one small in-memory dataset cut into a left and a right Dataset.

Keras's rules: the samples are listed (a batched Dataset is unbatched first),
shuffled with Python's ``random`` seeded by ``seed`` (so the same seed picks
the same samples as Keras), the first ``left_size`` go left and the last
``right_size`` go right; a Dataset that ended in ``batch(n)`` gives splits
batched by n. Both splits end in ``prefetch(AUTOTUNE)``, as Keras's do: they print as
``<_PrefetchDataset element_spec=...>``.
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
    from framework.data import AUTOTUNE, Dataset
    kind = _kind(dataset)
    if left_size is None and right_size is None:
        raise ValueError('At least one of the `left_size` or `right_size` must be specified. Received: '
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
    return tuple(half.prefetch(AUTOTUNE) for half in out)


def _kind(dataset):
    from framework.data import Dataset
    if isinstance(dataset, Dataset):
        return 'dataset'
    if isinstance(dataset, np.ndarray):
        return 'array'
    if isinstance(dataset, (list, tuple)):
        return 'arrays'
    raise TypeError('Unsupported dataset type: %s' % type(dataset))


def _samples(dataset, kind):
    if kind == 'arrays':
        # Keras words these checks for a list and a tuple apart (and the empty tuple's text has no space).
        word = 'list' if isinstance(dataset, list) else 'tuple'
        if not dataset:
            raise ValueError('Received an empty list dataset. Please provide a non-empty list of arrays.'
                             if word == 'list' else
                             'Received an empty list dataset.Please provide a non-empty tuple of arrays.')
        for i, element in enumerate(dataset):
            if not isinstance(element, np.ndarray):
                raise ValueError('Expected a %s of `numpy.ndarray` objects,Received: %s at index %d.'
                                 % (word, type(element), i))
            if element.shape[0] != dataset[0].shape[0]:
                raise ValueError('Received a %s of NumPy arrays with different lengths.Mismatch found at index %d, '
                                 'Expected shape=%s Received shape=%s.Please provide a %s of NumPy arrays of the '
                                 'same length.' % (word, i, dataset[0].shape, element.shape, word))
        samples = list(zip(*dataset))
    elif kind == 'array':
        samples = list(dataset)
    else:
        source = dataset.unbatch() if getattr(dataset, '_batch_size', None) is not None else dataset
        samples = [nest.map_structure(lambda t: to_host(t._data), element) for element in source]
    if not samples:
        raise ValueError('Received an empty dataset. Argument `dataset` must be a non-empty list/tuple of '
                         '`numpy.ndarray` objects or `tf.data.Dataset` objects.')
    return samples


def _restack(samples, kind):
    """The samples stacked back into arrays, in the structure of one sample (lists become tuples)."""
    if kind == 'array':
        stacked = np.stack(samples)
        # Keras hands TF a list of the rows; rows of a 1-D array are numpy scalars, which TF reads as
        # Python numbers (int32 when all fit, else int64; complex128), where whole rows keep their dtype
        return _as_python_numbers(stacked) if stacked.ndim == 1 else stacked
    columns = [np.array(column) for column in zip(*[nest.flatten(sample) for sample in samples])]
    structure = nest.map_structure(lambda leaf: 0, samples[0])
    packed = nest.pack_sequence_as(structure, columns)
    return tuple(packed) if isinstance(packed, list) else packed


def _as_python_numbers(column):
    if column.dtype.kind in 'iu':
        fits = -2 ** 31 <= int(column.min()) and int(column.max()) < 2 ** 31
        return column.astype(np.int32 if fits else np.int64)
    return column.astype(np.complex128) if column.dtype.kind == 'c' else column


def _split_sizes(left_size, right_size, total):
    """Keras's rules and texts: a float is a fraction of ``total`` (rounded), an int a count, None the rest."""
    kinds = (type(left_size), type(right_size))
    bad = [size is not None and kind not in (int, float) for size, kind in zip((left_size, right_size), kinds)]
    if all(bad):
        raise TypeError('Invalid `left_size` and `right_size` Types. Expected: integer or float or None, Received: '
                        'type(left_size)=%s and type(right_size)=%s' % kinds)
    if bad[0]:
        raise TypeError('Invalid `left_size` Type. Expected: int or float or None, Received: type(left_size)=%s.  '
                        % kinds[0])
    if bad[1]:
        raise TypeError('Invalid `right_size` Type. Expected: int or float or None,Received: type(right_size)=%s.'
                        % kinds[1])
    if left_size == 0 and right_size == 0:
        raise ValueError('Both `left_size` and `right_size` are zero. At least one of the split sizes must be '
                         'non-zero.')
    if _out_of_range(left_size, total):
        raise ValueError('`left_size` should be either a positive integer smaller than %d, or a float within the '
                         'range `[0, 1]`. Received: left_size=%s' % (total, left_size))
    if _out_of_range(right_size, total):
        raise ValueError('`right_size` should be either a positive integer and smaller than %d or a float within '
                         'the range `[0, 1]`. Received: right_size=%s' % (total, right_size))
    if kinds == (float, float) and left_size + right_size > 1:
        raise ValueError('The sum of `left_size` and `right_size` is greater than 1. It must be less than or equal '
                         'to 1.')
    # Keras turns a count into a float, so its messages print 6.0 where a count of 6 was given.
    left = round(left_size * total) if kinds[0] is float else left_size if left_size is None else float(left_size)
    right = round(right_size * total) if kinds[1] is float else right_size if right_size is None else float(right_size)
    left = total - right if left is None else left
    right = total - left if right is None else right
    if left + right > total:
        raise ValueError('The sum of `left_size` and `right_size` should be smaller than the %d. Received: '
                         'left_size + right_size = %sand total_length = %d' % (total, left + right, total))
    for size, side in ((left, 'left'), (right, 'right')):
        if size == 0:
            raise ValueError('With `dataset` of length=%d, `left_size`=%s and `right_size`=%s.Resulting %s side '
                             'dataset split will be empty. Adjust any of the aforementioned parameters'
                             % (total, left, right, side))
    return int(left), int(right)


def _out_of_range(size, total):
    return type(size) is int and not 0 < size < total or type(size) is float and not 0 < size < 1
