"""``framework.data``: the part of ``tf.data`` that training programs use.

A Dataset is a re-iterable pipeline of elements (tensors, or tuples / dicts of
them). Stages are lazy generators over host (numpy) arrays; each element is
handed out as framework tensors. Shuffling draws from ``framework.random``'s
streams, so ``framework.random.set_seed`` makes it repeat.
"""
from .cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY  # noqa: F401
from .dataset import AUTOTUNE, Dataset  # noqa: F401


def cardinality(dataset):
    """``tf.data.experimental.cardinality``: the dataset's cardinality as an int64 tensor."""
    if not isinstance(dataset, Dataset):
        raise TypeError('data.experimental.cardinality: expected a Dataset, got %s' % type(dataset).__name__)
    return dataset.cardinality()


experimental = type('experimental', (), {
    'AUTOTUNE': AUTOTUNE, 'INFINITE_CARDINALITY': INFINITE_CARDINALITY,
    'UNKNOWN_CARDINALITY': UNKNOWN_CARDINALITY, 'cardinality': staticmethod(cardinality)})
from .files import FixedLengthRecordDataset, TFRecordDataset, TextLineDataset  # noqa: F401,E402
