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


# The modules of tensorflow.python.data.ops that hold a class whose module name is not the class's own
# name in snake case plus '_op' (_BatchDataset lives in batch_op, _TensorSliceDataset in from_tensor_slices_op).
_TF_MODULE = {'_TensorSliceDataset': 'from_tensor_slices_op', '_TensorDataset': 'from_tensors_op',
              '_OptionsDataset': 'dataset_ops', '_Dataset': 'dataset_ops', 'TextLineDatasetV2': 'readers',
              'TFRecordDatasetV2': 'readers', 'FixedLengthRecordDatasetV2': 'readers'}


def type_text(value):
    """``str(type(value))`` as Keras's messages print it on TensorFlow: a tf.data dataset by TensorFlow's
    class path (``tf_class_text``), anything else by its own class."""
    from .dataset import Dataset
    return tf_class_text(value) if isinstance(value, Dataset) else str(type(value))


def tf_class_text(dataset):
    """``str(type(ds))`` as TensorFlow 2.21 prints it for the same dataset, which Keras' messages quote
    ("<class 'tensorflow.python.data.ops.batch_op._BatchDataset'>")."""
    name = dataset._tf_class
    module = _TF_MODULE.get(name) or re.sub(r'(?<!^)(?=[A-Z])', '_', name.strip('_')[:-len('Dataset')]).lower() + '_op'
    return "<class 'tensorflow.python.data.ops.%s.%s'>" % (module, name)


_PACKAGE_DIR = __file__.rsplit('/data/', 1)[0]
