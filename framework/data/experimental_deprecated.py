"""tf.data.experimental names TF 2.21 keeps as deprecated spellings of Dataset methods: SHARD_HINT,
RandomDataset, parse_example_dataset, snapshot and TFRecordWriter (each logs TensorFlow's deprecation
notice on its first use, as ``deprecation.deprecated`` does)."""
from ..deprecation import deprecated
from .spec import TensorSpec

SHARD_HINT = -1      # a placeholder for the shard index in tf.data.experimental.AutoShardPolicy.HINT

_RANDOM = 'tensorflow.python.data.experimental.ops.random_ops'
_PARSING = 'tensorflow.python.data.experimental.ops.parsing_ops'
_SNAPSHOT = 'tensorflow.python.data.experimental.ops.snapshot'
_WRITERS = 'tensorflow.python.data.experimental.ops.writers'


@deprecated('_RandomDataset.__init__', _RANDOM, 'Use `tf.data.Dataset.random(...)`.')
def RandomDataset(seed=None):  # noqa: N802  (a class in TensorFlow)
    """Dataset.random(seed): an endless stream of int64 random numbers."""
    from .dataset import Dataset
    return Dataset.random(seed)


@deprecated('parse_example_dataset', _PARSING, 'Use `tf.data.Dataset.map(tf.io.parse_example(...))` instead.')
def parse_example_dataset(features, num_parallel_calls=1, deterministic=None):
    """A transformation parsing each element (a batch of serialized Examples) with tf.io.parse_example."""
    from ..io.example_parsing import parse_example

    def apply(dataset):
        spec = dataset.element_spec
        if not isinstance(spec, TensorSpec) or spec.dtype.name != 'string':
            raise TypeError('Input dataset should be a dataset of vectors of strings')
        return dataset.map(lambda serialized: parse_example(serialized, features))
    return apply


@deprecated('snapshot', _SNAPSHOT, 'Use `tf.data.Dataset.snapshot(...)`.')
def snapshot(path, compression='AUTO', reader_func=None, shard_func=None):
    """A transformation: ``dataset.snapshot(path, ...)``."""
    return lambda dataset: dataset.snapshot(path, compression, reader_func, shard_func)


class TFRecordWriter:
    """Writes a dataset of scalar strings to one TFRecord file (``write(dataset)``)."""

    @deprecated('TFRecordWriter.__init__', _WRITERS, 'To write TFRecords to disk, use `tf.io.TFRecordWriter`. To '
                'save and load the contents of a dataset, use `tf.data.experimental.save` and '
                '`tf.data.experimental.load`')
    def __init__(self, filename, compression_type=None):
        self._filename, self._compression_type = filename, compression_type

    def write(self, dataset):
        """Every element of ``dataset`` (scalar strings) as one record."""
        from ..io.tfrecord import TFRecordWriter as RecordWriter
        spec = dataset.element_spec
        scalar = isinstance(spec, TensorSpec) and spec.shape.rank == 0
        if not scalar or spec.dtype.name != 'string':
            shapes = getattr(spec, 'shape', None)
            raise TypeError('Invalid `dataset`. Expected a`dataset` that produces scalar `tf.string` elements, but got '
                            'a dataset which produces elements with shapes %s and types %s.'
                            % (shapes, getattr(spec, 'dtype', None)))
        with RecordWriter(self._filename, self._compression_type) as writer:
            for record in dataset.as_numpy_iterator():
                writer.write(record)
