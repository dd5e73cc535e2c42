"""tf.data.experimental.make_csv_dataset and CsvDataset, as the custom training walkthrough reads
its penguins CSV. Expected values: TensorFlow 2.21 (/opt/tfref) reading the same files."""
import collections

import numpy as np
import pytest

import framework as tf

A_CSV = 'name,age,score,big,flag\n"Smith, J",31,1.5,3000000000,x\nLee,,2.25,5,\n"Q ""quoted""",7,NA,-4,y\n'
B_CSV = 'name,age,score,big,flag\nAnn,1,0.1,6,z\n'


@pytest.fixture
def csv_dir(tmp_path, monkeypatch):
    (tmp_path / 'a.csv').write_text(A_CSV)
    (tmp_path / 'b.csv').write_text(B_CSV)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _values(element):
    return {k: v.numpy().tolist() for k, v in element.items()}


def test_make_csv_dataset_infers_names_and_types_and_batches_an_ordered_dict(csv_dir):
    ds = tf.data.experimental.make_csv_dataset('*.csv', 2, num_epochs=1, shuffle=False, na_value='NA')
    assert repr(ds) == (
        "<_PrefetchDataset element_spec=OrderedDict([('name', TensorSpec(shape=(None,), dtype=tf.string, "
        "name=None)), ('age', TensorSpec(shape=(None,), dtype=tf.int32, name=None)), ('score', TensorSpec("
        "shape=(None,), dtype=tf.float32, name=None)), ('big', TensorSpec(shape=(None,), dtype=tf.int64, "
        "name=None)), ('flag', TensorSpec(shape=(None,), dtype=tf.string, name=None))])>")
    batches = list(ds)
    assert [type(b) for b in batches] == [collections.OrderedDict] * 2
    assert _values(batches[0]) == {'name': [b'Smith, J', b'Lee'], 'age': [31, 0], 'score': [1.5, 2.25],
                                   'big': [3000000000, 5], 'flag': [b'x', b'']}
    assert _values(batches[1]) == {'name': [b'Q "quoted"', b'Ann'], 'age': [7, 1],
                                   'score': [0.0, np.float32(0.1)], 'big': [-4, 6], 'flag': [b'y', b'z']}


def test_make_csv_dataset_label_select_columns_defaults_and_epochs(csv_dir):
    ds = tf.data.experimental.make_csv_dataset(['a.csv'], 2, label_name='age', select_columns=['score', 'age'],
                                               num_epochs=2, shuffle=False, na_value='NA', column_defaults=[0, 0.0])
    assert str(ds.element_spec) == ("(OrderedDict([('score', TensorSpec(shape=(None,), dtype=tf.float32, "
                                    "name=None))]), TensorSpec(shape=(None,), dtype=tf.int32, name=None))")
    got = [(f['score'].numpy().tolist(), label.numpy().tolist()) for f, label in ds]
    assert got == [([1.5, 2.25], [31, 0]), ([0.0, 1.5], [7, 31]), ([2.25, 0.0], [0, 7])]


def test_make_csv_dataset_forever_drops_the_short_batch(csv_dir):
    ds = tf.data.experimental.make_csv_dataset('a.csv', 2, label_name='age', shuffle=False, na_value='NA')
    features, label = ds.element_spec
    assert [str(s.shape) for s in features.values()] == ['(2,)'] * 4 and label.shape == (2,)
    assert int(ds.cardinality()) == -1
    assert [label.numpy().tolist() for _, label in ds.take(3)] == [[31, 0], [7, 31], [0, 7]]


def test_csv_dataset_parses_typed_columns_and_requires_fields_without_default(csv_dir):
    c = tf.data.experimental.CsvDataset('a.csv', [tf.string, tf.int32, tf.float64, tf.int64, ''], header=True,
                                        na_value='NA')
    assert repr(c).startswith("<CsvDatasetV2 element_spec=(TensorSpec(shape=(), dtype=tf.string, name=None), "
                              "TensorSpec(shape=(), dtype=tf.int32, name=None), TensorSpec(shape=(), dtype=tf.float64")
    rows = iter(c)
    first = next(rows)
    assert [t.numpy() for t in first] == [b'Smith, J', 31, 1.5, 3000000000, b'x']
    assert first[2].dtype == tf.float64
    with pytest.raises(tf.errors.InvalidArgumentError, match='Field 1 is required but missing in record!'):
        next(rows)                           # Lee has no age, and tf.int32 gives no default


def test_csv_dataset_select_cols_and_defaults(csv_dir):
    c = tf.data.experimental.CsvDataset('a.csv', [tf.constant(-1), 0.5], header=True, select_cols=[1, 2],
                                        na_value='NA')
    assert repr(list(c.as_numpy_iterator())) == (
        '[(np.int32(31), np.float32(1.5)), (np.int32(-1), np.float32(2.25)), (np.int32(7), np.float32(0.5))]')
    c = tf.data.experimental.CsvDataset('a.csv', ['s'], header=True, select_cols=[4])
    assert list(c.as_numpy_iterator()) == [(b'x',), (b's',), (b'y',)]


def test_make_csv_dataset_refuses_unknown_label_and_missing_files(csv_dir):
    with pytest.raises(ValueError, match='label_name'):
        tf.data.experimental.make_csv_dataset('a.csv', 2, label_name='species')
    with pytest.raises(ValueError, match=r'^No files match `file_pattern` missing\*\.csv\.$'):
        tf.data.experimental.make_csv_dataset('missing*.csv', 2)
    with pytest.raises(tf.errors.InvalidArgumentError, match='not a valid int32'):
        list(tf.data.experimental.CsvDataset('a.csv', [tf.int32], header=True, select_cols=[0]))
