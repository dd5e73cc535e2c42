"""type(ds) of a tf.data dataset is TensorFlow 2.21's class for the transformation that made it.

tf.data makes one Python class per transformation, and programs print it (print(type(ds)),
type(ds).__name__, the "'_BatchDataset' object is not subscriptable" of ds[0]); tapeflow's one Dataset
class printed <class 'framework.data.dataset.Dataset'> and 'Dataset' (its repr already named TF's class).
Classes and texts printed by TF 2.21 (probe: notes/progs/tutorials61/probes/dstypes.py)."""
import pytest

import framework as tf

OPS = 'tensorflow.python.data.ops.'


def _range():
    return tf.data.Dataset.range(6)


CASES = [
    (lambda: tf.data.Dataset.from_tensor_slices([1, 2]), 'from_tensor_slices_op._TensorSliceDataset'),
    (lambda: tf.data.Dataset.from_tensors([1, 2]), 'from_tensors_op._TensorDataset'),
    (_range, 'range_op._RangeDataset'),
    (lambda: _range().map(lambda x: x + 1), 'map_op._MapDataset'),
    (lambda: _range().map(lambda x: x + 1, num_parallel_calls=2), 'map_op._ParallelMapDataset'),
    (lambda: _range().batch(2), 'batch_op._BatchDataset'),
    (lambda: _range().padded_batch(2), 'padded_batch_op._PaddedBatchDataset'),
    (lambda: _range().shuffle(2), 'shuffle_op._ShuffleDataset'),
    (lambda: _range().cache(), 'cache_op.CacheDataset'),
    (lambda: _range().enumerate(), 'zip_op._ZipDataset'),
    (lambda: _range().batch(2).unbatch(), 'unbatch_op._UnbatchDataset'),
    (lambda: _range().interleave(lambda x: tf.data.Dataset.from_tensors(x)), 'interleave_op._InterleaveDataset'),
    (lambda: _range().with_options(tf.data.Options()), 'dataset_ops._OptionsDataset'),
    (lambda: tf.data.Dataset.from_generator(lambda: iter([1]), output_signature=tf.TensorSpec((), tf.int32)),
     'flat_map_op._FlatMapDataset'),
    (lambda: _range().bucket_by_sequence_length(lambda x: tf.cast(x, tf.int32), [2], [1, 1]),
     'group_by_window_op._GroupByWindowDataset'),
    (lambda: tf.data.Dataset.sample_from_datasets([_range(), _range()], seed=1),
     'directed_interleave_op._DirectedInterleaveDataset'),
    (lambda: tf.data.Dataset.counter(), 'scan_op._ScanDataset'),
    (lambda: next(iter(_range().window(2))), 'dataset_ops._VariantDataset'),
]


@pytest.mark.parametrize('make, tf_class', CASES, ids=[c[1].split('.')[-1] + str(i) for i, c in enumerate(CASES)])
def test_type_of_a_dataset_is_tensorflows_class(make, tf_class):
    ds = make()
    name = tf_class.split('.')[-1]
    assert str(type(ds)) == "<class '%s%s'>" % (OPS, tf_class)      # TF 2.21's print(type(ds))
    assert type(ds).__name__ == name
    assert isinstance(ds, tf.data.Dataset)
    assert repr(ds).startswith('<%s element_spec=' % name)


def test_python_errors_name_the_class():
    with pytest.raises(TypeError, match=r"^'_BatchDataset' object is not subscriptable$"):    # TF 2.21's text
        _range().batch(2)[0]


def test_stages_still_work_from_a_typed_dataset():
    ds = _range().map(lambda x: x * 2).batch(4)
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 2, 4, 6], [8, 10]]
    assert type(ds.unbatch()).__name__ == '_UnbatchDataset'
    assert type(ds).__name__ == '_BatchDataset'         # (making the next stage leaves this one's class)


def test_a_subclass_whose_new_returns_another_dataset():
    # the tf.data performance guide's ArtificialDataset(tf.data.Dataset) returns from_generator's dataset
    class Mine(tf.data.Dataset):
        def __new__(cls):
            return tf.data.Dataset.range(2)
    made = Mine()
    assert str(type(made)) == "<class '%srange_op._RangeDataset'>" % OPS and not isinstance(made, Mine)
