"""The class name TensorFlow prints for a dataset (``<_BatchDataset element_spec=...>``).

tf.data makes one Python class per transformation; tapeflow has one Dataset class, so a
dataset remembers which method made it, and this table gives TensorFlow's class for it
(checked against TensorFlow 2.21's ``type(ds).__name__`` for each method).
"""
import re
import sys

_TF_CLASS = {
    'from_tensor_slices': '_TensorSliceDataset', 'from_tensors': '_TensorDataset', 'range': '_RangeDataset',
    'from_generator': '_FlatMapDataset', 'zip': '_ZipDataset', 'enumerate': '_ZipDataset',
    'batch': '_BatchDataset', 'ragged_batch': '_BatchDataset', 'padded_batch': '_PaddedBatchDataset',
    'map': '_MapDataset', 'shuffle': '_ShuffleDataset', 'repeat': '_RepeatDataset', 'take': '_TakeDataset',
    'skip': '_SkipDataset', 'filter': '_FilterDataset', 'prefetch': '_PrefetchDataset', 'cache': 'CacheDataset',
    'concatenate': '_ConcatenateDataset', 'unbatch': '_UnbatchDataset', 'flat_map': '_FlatMapDataset',
    'interleave': '_InterleaveDataset', 'window': '_WindowDataset', 'shard': '_ShardDataset',
    'rebatch': '_RebatchDataset', 'unique': '_UniqueDataset', 'scan': '_ScanDataset', 'counter': '_ScanDataset',
    'take_while': '_TakeWhileDataset', 'group_by_window': '_GroupByWindowDataset',
    'sample_from_datasets': '_DirectedInterleaveDataset', 'choose_from_datasets': '_DirectedInterleaveDataset',
    'ignore_errors': '_IgnoreErrorsDataset', 'random': '_RandomDataset', 'with_options': '_OptionsDataset',
    'list_files': '_TensorSliceDataset', 'TextLineDataset': 'TextLineDatasetV2',
    'TFRecordDataset': 'TFRecordDatasetV2', 'FixedLengthRecordDataset': 'FixedLengthRecordDatasetV2',
    'timeseries_dataset_from_array': '_BatchDataset',
}


def maker_name(depth):
    """TensorFlow's class name for the dataset being made ``depth`` frames up (the public method
    or function that made it), or '_Dataset' for one this table does not know."""
    frame = sys._getframe(depth + 1)
    while frame is not None:
        name = _TF_CLASS.get(frame.f_code.co_name)
        if name is not None:
            return name
        if not frame.f_code.co_filename.startswith(_PACKAGE_DIR):
            break
        frame = frame.f_back
    return '_Dataset'


# The modules of tensorflow.python.data that hold a class whose module name is not ops.<the class's own
# name in snake case>_op (_BatchDataset lives in ops.batch_op, _TensorSliceDataset in ops.from_tensor_slices_op).
_TF_MODULE = {'_TensorSliceDataset': 'ops.from_tensor_slices_op', '_TensorDataset': 'ops.from_tensors_op',
              '_OptionsDataset': 'ops.dataset_ops', '_Dataset': 'ops.dataset_ops', '_VariantDataset': 'ops.dataset_ops',
              '_ParallelMapDataset': 'ops.map_op', '_ParallelBatchDataset': 'ops.batch_op',
              '_ParallelInterleaveDataset': 'ops.interleave_op', 'TextLineDatasetV2': 'ops.readers',
              'TFRecordDatasetV2': 'ops.readers', 'FixedLengthRecordDatasetV2': 'ops.readers',
              'CsvDatasetV2': 'experimental.ops.readers', '_AssertCardinalityDataset': 'experimental.ops.cardinality',
              '_CopyToDeviceDataset': 'experimental.ops.prefetching_ops'}


TF_DATA = 'tensorflow.python.data.'
_CLASSES = {}       # TensorFlow's class name -> tapeflow's subclass of Dataset printing as it


def dataset_class(base, name):
    """The subclass of ``base`` (tapeflow's one Dataset class) named and placed as TensorFlow 2.21's class
    ``name``, so that ``print(type(ds))`` and ``type(ds).__name__`` read as on TensorFlow. It adds nothing."""
    made = _CLASSES.get(name)
    if made is None:
        made = _CLASSES[name] = type(name, (base,), {'__module__': TF_DATA + _module_of(name), '__slots__': ()})
    return made


def _module_of(name):
    return _TF_MODULE.get(name) or 'ops.' + re.sub(r'(?<!^)(?=[A-Z])', '_', name.strip('_')[:-len('Dataset')]).lower() + '_op'


def type_text(value):
    """``str(type(value))`` as Keras's messages print it on TensorFlow: a tf.data dataset by TensorFlow's
    class path (``tf_class_text``), anything else by its own class."""
    from .dataset import Dataset
    return tf_class_text(value) if isinstance(value, Dataset) else str(type(value))


def tf_class_text(dataset):
    """``str(type(ds))`` as TensorFlow 2.21 prints it for the same dataset, which Keras' messages quote
    ("<class 'tensorflow.python.data.ops.batch_op._BatchDataset'>")."""
    name = dataset._tf_class
    return "<class '%s%s.%s'>" % (TF_DATA, _module_of(name), name)


_PACKAGE_DIR = __file__.rsplit('/data/', 1)[0]
