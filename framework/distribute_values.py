"""What a ``tf.distribute`` strategy hands back for its replicas' values and datasets, with one replica.

TensorFlow's strategies (all but the default one) wrap what they distribute: a dataset becomes a
``DistributedDataset`` (``DistributedDatasetsFromFunction``) whose iterator is a
``DistributedIterator``, and the mirrored strategies' ``experimental_distribute_values_from_function``
gives a ``PerReplica``. With one replica each holds that replica's value, and prints, iterates and
reduces as TensorFlow's do; ``Strategy.run``, ``reduce``, ``gather`` and ``experimental_local_results``
take a PerReplica for its one value, and fit / evaluate / predict take a DistributedDataset for its
dataset.
"""
from .data.dataset_iterator import DatasetIterator
from .keras_repr import default_repr


class PerReplica:
    """One value per replica (TensorFlow's DistributedValues); ``values`` is their tuple."""

    def __init__(self, values):
        self.values = tuple(values)

    def __repr__(self):
        return self._text(repr)

    def __str__(self):
        return self._text(str)

    def _text(self, show):
        return 'PerReplica:{\n%s\n}' % ',\n'.join('  %d: %s' % (i, show(v)) for i, v in enumerate(self.values))


def local_value(value):
    """The replica's own value of a PerReplica (anything else as it is)."""
    return value.values[0] if isinstance(value, PerReplica) else value


class DistributedIterator(DatasetIterator):
    """``iter(distributed_dataset)``: the replica's batches, as the dataset's iterator gives them."""


class DistributedDataset:
    """``strategy.experimental_distribute_dataset(dataset)``: with one replica its batches are the
    dataset's own. It iterates, has ``element_spec``, ``cardinality`` and ``reduce``, as TensorFlow's;
    other Dataset methods are not there (TensorFlow's has none either: transform before distributing)."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, dataset):
        self._dataset = dataset

    def __iter__(self):
        self._read_options_in_graph()
        return DistributedIterator(self._dataset)

    def _read_options_in_graph(self):
        """TF's iterator reads the dataset's options(): in a tf.function being traced (a ``for`` over the
        distributed dataset, its ``iter()`` or ``reduce``) that logs tf.data's UserWarning that options are
        no longer known at graph construction time (the distribute/custom_training tutorial's epoch loop)."""
        from framework import executing_eagerly
        if not executing_eagerly():
            self._dataset.options()

    @property
    def element_spec(self):
        return self._dataset.element_spec

    @property
    def cardinality(self):
        """The number of batches, as a Python int (TensorFlow's -1: infinite, -2: unknown)."""
        return int(self._dataset.cardinality().numpy())

    def reduce(self, initial_state, reduce_func):
        """``reduce_func(state, batch)`` over the batches, from ``initial_state``."""
        self._read_options_in_graph()
        return self._dataset.reduce(initial_state, reduce_func)


class DistributedDatasetsFromFunction(DistributedDataset):
    """``strategy.distribute_datasets_from_function(dataset_fn)``: the one replica's dataset."""


def local_dataset(x):
    """The dataset a DistributedDataset distributes (fit, evaluate and predict take either)."""
    return x._dataset if isinstance(x, DistributedDataset) else x
