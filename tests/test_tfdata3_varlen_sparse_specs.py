"""A VarLenFeature parsed in a Dataset.map is a SparseTensor whose dense shape TF's graph computes from
the record: its spec is [None] ([None, None] from parse_example), whatever the first record holds.
Values printed by TF 2.21 (progs/tfdata3/q_varlen.py)."""
import pytest

import framework as tf


@pytest.fixture
def records(tmp_path):
    path = str(tmp_path / 'r.tfrecord')
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(4):
            example = tf.train.Example(features=tf.train.Features(feature={
                'x': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 1.0] * (i + 1))),
                'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2]))}))
            writer.write(example.SerializeToString())
    return tf.data.TFRecordDataset(path)


FEATURES = {'x': tf.io.VarLenFeature(tf.float32), 'y': tf.io.FixedLenFeature([], tf.int64)}


def test_parse_single_example_spec_and_its_batch(records):
    one = records.map(lambda r: tf.io.parse_single_example(r, FEATURES))
    assert repr(one.element_spec) == ("{'x': SparseTensorSpec(TensorShape([None]), tf.float32), "
                                      "'y': TensorSpec(shape=(), dtype=tf.int64, name=None)}")
    assert repr(one.batch(2).element_spec) == ("{'x': SparseTensorSpec(TensorShape([None, None]), tf.float32), "
                                               "'y': TensorSpec(shape=(None,), dtype=tf.int64, name=None)}")


def test_parse_example_spec(records):
    batched = records.batch(2).map(lambda r: tf.io.parse_example(r, {'x': tf.io.VarLenFeature(tf.float32)}))
    assert repr(batched.element_spec) == "{'x': SparseTensorSpec(TensorShape([None, None]), tf.float32)}"
    assert [b['x'].dense_shape.numpy().tolist() for b in batched] == [[2, 2], [2, 4]]


def test_eager_parse_keeps_the_record_shape(records):
    parsed = tf.io.parse_single_example(next(iter(records)), {'x': tf.io.VarLenFeature(tf.float32)})
    assert parsed['x'].shape == (1,)


def test_densified_varlen_feature_spec(records, capsys):
    def parse(record):
        x = tf.sparse.to_dense(tf.io.parse_single_example(record, FEATURES)['x'])
        print(x)
        print(x * 2)
        return x
    assert repr(records.map(parse).element_spec) == 'TensorSpec(shape=(None,), dtype=tf.float32, name=None)'
    assert capsys.readouterr().out.splitlines() == ['Tensor("SparseToDense:0", shape=(None,), dtype=float32)',
                                                    'Tensor("mul:0", shape=(None,), dtype=float32)']
    one = records.map(lambda r: tf.io.parse_single_example(r, FEATURES))
    dense = one.map(lambda e: tf.sparse.to_dense(e['x']))
    assert repr(dense.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.float32, name=None)'
    assert repr(dense.padded_batch(2).element_spec) == 'TensorSpec(shape=(None, None), dtype=tf.float32, name=None)'
    assert [a.tolist() for a in dense.as_numpy_iterator()] == [[0.0], [1.0, 1.0], [2.0, 2.0, 2.0],
                                                                [3.0, 3.0, 3.0, 3.0]]
    batched = records.batch(2).map(lambda r: tf.sparse.to_dense(tf.io.parse_example(r, FEATURES)['x']))
    assert repr(batched.element_spec) == 'TensorSpec(shape=(None, None), dtype=tf.float32, name=None)'
