"""unbatch of a ragged slice's dense rows (from_tensor_slices of a 2-level ragged tensor): tapeflow raised
ValueError 'Dataset.unbatch: cannot unbatch a component of spec RaggedTensorSpec(TensorShape([None]), ...)'.
Golden texts printed by TF 2.21 with /work/notes/progs/data9/p5.py."""
import framework as tf


def test_unbatch_of_ragged_rows_gives_scalars():
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3]])).unbatch()
    assert repr(ds) == '<_UnbatchDataset element_spec=RaggedTensorSpec(TensorShape([]), tf.int32, -1, tf.int64)>'
    assert int(ds.cardinality()) == -2
    assert [int(v) for v in ds.as_numpy_iterator()] == [1, 2, 3]
    # TF 2.21: <_BatchDataset element_spec=RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)>
    assert repr(ds.batch(2)) == '<_BatchDataset element_spec=RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)>'
    assert [b.tolist() for b in ds.batch(2).as_numpy_iterator()] == [[1, 2], [3]]


def test_unbatch_of_ragged_rows_in_a_dict():
    ds = tf.data.Dataset.from_tensor_slices({'r': tf.ragged.constant([[1, 2], [3]])}).unbatch()
    assert repr(ds) == ("<_UnbatchDataset element_spec={'r': RaggedTensorSpec(TensorShape([]), tf.int32, -1, "
                        "tf.int64)}>")
    assert [int(e['r']) for e in ds.as_numpy_iterator()] == [1, 2, 3]


def test_ragged_tensor_spec_takes_a_negative_ragged_rank():
    # TF 2.21: RaggedTensorSpec(TensorShape([None]), tf.int32, -2, tf.int64); ragged_rank 1 of rank 1 is refused
    assert repr(tf.RaggedTensorSpec([None], tf.int32, -2)) == 'RaggedTensorSpec(TensorShape([None]), tf.int32, -2, tf.int64)'
