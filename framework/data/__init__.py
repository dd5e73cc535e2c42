"""``framework.data``: the part of ``tf.data`` that training programs use.

A Dataset is a re-iterable pipeline of elements (tensors, or tuples / dicts of
them). Stages are lazy generators over host (numpy) arrays; each element is
handed out as framework tensors. Shuffling draws from ``framework.random``'s
streams, so ``framework.random.set_seed`` makes it repeat.
"""
from ..deprecation import deprecated
from .cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY  # noqa: F401
from .csv_dataset import CsvDataset
from .dataset import AUTOTUNE, Dataset  # noqa: F401
from .make_csv_dataset import make_csv_dataset
from . import batched_features, experimental_aliases, experimental_deprecated, experimental_grouping  # noqa: E402
from . import lookup_tables, service
from .dataset_iterator import DatasetIterator as Iterator  # noqa: F401  (tf.data.Iterator: what iter(dataset) gives)
from .numpy_iterator import NumpyIterator  # noqa: F401
from .optional import Optional
from .iterator_specs import IteratorSpec  # noqa: F401  (tf.data.IteratorSpec)
from .saving import load as _load, save as _save
from .spec import DatasetSpec  # noqa: F401
from .options import (AutoShardPolicy, AutotuneOptions, DistributeOptions, ExternalStatePolicy,  # noqa: F401
                      OptimizationOptions, Options, ThreadingOptions)


def cardinality(dataset):
    """``tf.data.experimental.cardinality``: the dataset's cardinality as an int64 tensor."""
    if not isinstance(dataset, Dataset):
        raise TypeError('data.experimental.cardinality: expected a Dataset, got %s' % type(dataset).__name__)
    return dataset.cardinality()


def assert_cardinality(expected_cardinality):
    """``tf.data.experimental.assert_cardinality``: a transformation (for ``Dataset.apply``) that
    states the dataset's length and raises FailedPreconditionError (the iterator kernel's words, as
    TF 2.21) when the elements disagree."""
    def _apply_fn(dataset):       # (TF's name: it shows in the function's repr)
        source = dataset._make_iterator
        expected = _expected_count(expected_cardinality)

        def checked():
            # TF 2.21's AssertCardinalityDataset iterator, its order and ElementString words
            count = 0
            for element in source():
                count += 1
                if count > expected and expected != INFINITE_CARDINALITY:
                    raise _cardinality_error(dataset, '%s but contained at least %s.'
                                             % (_elements(expected), _elements(count)))
                yield element
            if count != expected:
                raise _cardinality_error(dataset, '%s but contained only %s.' % (_elements(expected), _elements(count)))
        stated = dataset._then(checked, expected)
        stated._tf_class = '_AssertCardinalityDataset'
        return stated
    return _apply_fn


def _expected_count(expected_cardinality):
    """TF 2.21 converts the count to an int64 tensor named expected_cardinality when the transformation
    is applied: 2.5 or '3' is the converter's TypeError, an int32 tensor its ValueError under that name."""
    from ..tensor import convert_to_tensor
    try:
        return int(convert_to_tensor(expected_cardinality, dtype='int64').numpy())
    except ValueError as err:
        raise ValueError('expected_cardinality: %s' % err) from None


def _elements(n):
    return 'an infinite number of elements' if n == INFINITE_CARDINALITY else '%d element%s' % (n, '' if n == 1 else 's')


def _cardinality_error(dataset, text):
    from .. import nest
    from ..errors import FailedPreconditionError, kernel_error
    count = len(nest.flatten(dataset.element_spec))
    return kernel_error('IteratorGetNext', 'Input dataset was expected to contain ' + text, named=True,
                        node='IteratorGetNext_output_types_%d' % count, error_class=FailedPreconditionError,
                        note='tf.data.experimental.assert_cardinality: the dataset gave another number of elements')


@deprecated('get_next_as_optional', 'tensorflow.python.data.ops.iterator_ops',
            'Use `tf.data.Iterator.get_next_as_optional()` instead.')
def get_next_as_optional(iterator):
    """``tf.data.experimental.get_next_as_optional``: ``iterator.get_next_as_optional()``."""
    return iterator.get_next_as_optional()


@deprecated('save', 'tensorflow.python.data.experimental.ops.io', 'Use `tf.data.Dataset.save(...)` instead.')
def _experimental_save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    _save(dataset, path, compression, shard_func, checkpoint_args)


@deprecated('load', 'tensorflow.python.data.experimental.ops.io', 'Use `tf.data.Dataset.load(...)` instead.')
def _experimental_load(path, element_spec=None, compression=None, reader_func=None):
    return _load(path, element_spec, compression, reader_func)


experimental = type('experimental', (), {
    'Optional': Optional, 'get_next_as_optional': staticmethod(get_next_as_optional),
    'save': staticmethod(_experimental_save), 'load': staticmethod(_experimental_load),
    'AUTOTUNE': AUTOTUNE, 'INFINITE_CARDINALITY': INFINITE_CARDINALITY,
    'UNKNOWN_CARDINALITY': UNKNOWN_CARDINALITY, 'cardinality': staticmethod(cardinality),
    'assert_cardinality': staticmethod(assert_cardinality), 'CsvDataset': staticmethod(CsvDataset),
    'make_csv_dataset': staticmethod(make_csv_dataset), 'AutoShardPolicy': AutoShardPolicy,
    'ExternalStatePolicy': ExternalStatePolicy, 'DistributeOptions': DistributeOptions,
    'OptimizationOptions': OptimizationOptions,
    'ThreadingOptions': ThreadingOptions, 'AutotuneOptions': AutotuneOptions,
    'Reducer': experimental_grouping.Reducer, 'group_by_reducer': staticmethod(experimental_grouping.group_by_reducer),
    'dense_to_sparse_batch': staticmethod(experimental_grouping.dense_to_sparse_batch),
    'pad_to_cardinality': staticmethod(experimental_grouping.pad_to_cardinality),
    'enable_debug_mode': staticmethod(experimental_grouping.enable_debug_mode),
    'service': service.api,
    'SHARD_HINT': experimental_deprecated.SHARD_HINT, 'TFRecordWriter': experimental_deprecated.TFRecordWriter,
    'RandomDataset': staticmethod(experimental_deprecated.RandomDataset),
    'parse_example_dataset': staticmethod(experimental_deprecated.parse_example_dataset),
    'snapshot': staticmethod(experimental_deprecated.snapshot),
    'make_batched_features_dataset': staticmethod(batched_features.make_batched_features_dataset),
    'DatasetInitializer': lookup_tables.DatasetInitializer,
    'table_from_dataset': staticmethod(lookup_tables.table_from_dataset),
    'index_table_from_dataset': staticmethod(lookup_tables.index_table_from_dataset),
    **{name: staticmethod(getattr(experimental_aliases, name)) for name in experimental_aliases.NAMES}})
from .files import FixedLengthRecordDataset, TFRecordDataset, TextLineDataset  # noqa: F401,E402
