"""The "Load CSV data" tutorial's steps on a small in-test titanic-like file, ported by its imports.

Values, specs and column orders are TF 2.21's (printed by /opt/tfref with the same program:
notes progs/tutorials58/csvtest_probe.py and loadcsv.py, which ran equal line for line).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CSV = """survived,sex,age,n_siblings_spouses,parch,fare,class,alone
0,male,22.0,1,0,7.25,Third,n
1,female,38.0,1,0,71.2833,First,n
1,female,26.0,0,0,7.925,Third,y
1,female,35.0,1,0,53.1,First,n
0,male,28.0,0,0,8.4583,Third,y
"""


@pytest.fixture
def path(tmp_path):
    p = tmp_path / 'titanic.csv'
    p.write_text(CSV)
    return str(p)


def _rows():
    return [line.split(',') for line in CSV.strip().split('\n')[1:]]


def test_make_csv_dataset_spec_and_batches(path):
    ds = tf.data.experimental.make_csv_dataset(path, batch_size=3, label_name='survived', shuffle=False, num_epochs=1)
    # TF 2.21 gives the file's column order, the label left out, int32 / float32 / string as inferred
    assert repr(ds.element_spec) == (
        "(OrderedDict([('sex', TensorSpec(shape=(None,), dtype=tf.string, name=None)), "
        "('age', TensorSpec(shape=(None,), dtype=tf.float32, name=None)), "
        "('n_siblings_spouses', TensorSpec(shape=(None,), dtype=tf.int32, name=None)), "
        "('parch', TensorSpec(shape=(None,), dtype=tf.int32, name=None)), "
        "('fare', TensorSpec(shape=(None,), dtype=tf.float32, name=None)), "
        "('class', TensorSpec(shape=(None,), dtype=tf.string, name=None)), "
        "('alone', TensorSpec(shape=(None,), dtype=tf.string, name=None))]), "
        "TensorSpec(shape=(None,), dtype=tf.int32, name=None))")
    batches = [([v.numpy().tolist() for v in b.values()], label.numpy().tolist()) for b, label in ds]
    assert batches == [
        ([[b'male', b'female', b'female'], [22.0, 38.0, 26.0], [1, 1, 0], [0, 0, 0],
          [7.25, 71.2833023071289, 7.925000190734863], [b'Third', b'First', b'Third'], [b'n', b'n', b'y']], [0, 1, 1]),
        ([[b'female', b'male'], [35.0, 28.0], [1, 0], [0, 0], [53.099998474121094, 8.45829963684082],
          [b'First', b'Third'], [b'n', b'y']], [1, 0])]


def test_make_csv_dataset_select_columns_and_defaults(path):
    ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, label_name='survived', shuffle=False, num_epochs=1,
                                               select_columns=['survived', 'fare', 'class'])
    assert repr(ds.element_spec) == (
        "(OrderedDict([('fare', TensorSpec(shape=(None,), dtype=tf.float32, name=None)), "
        "('class', TensorSpec(shape=(None,), dtype=tf.string, name=None))]), "
        "TensorSpec(shape=(None,), dtype=tf.int32, name=None))")
    got = [({k: v.numpy().tolist() for k, v in b.items()}, label.numpy().tolist()) for b, label in ds]
    assert got == [({'fare': [7.25, 71.2833023071289], 'class': [b'Third', b'First']}, [0, 1]),
                   ({'fare': [7.925000190734863, 53.099998474121094], 'class': [b'Third', b'First']}, [1, 1]),
                   ({'fare': [8.45829963684082], 'class': [b'Third']}, [0])]
    # no label_name: one dict, the label column first as in the file
    ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, shuffle=False, num_epochs=1,
                                               column_defaults=[0, '', 0.0, 0, 0, 0.0, '', ''])
    assert list(ds.element_spec) == ['survived', 'sex', 'age', 'n_siblings_spouses', 'parch', 'fare', 'class',
                                     'alone']
    assert ds.element_spec['survived'] == tf.TensorSpec((None,), tf.int32)


def test_csv_dataset_select_cols(path):
    cols = tf.data.experimental.CsvDataset(path, record_defaults=[tf.int32, tf.float32, tf.float32], header=True,
                                           select_cols=[0, 2, 5])
    assert repr(cols.element_spec) == ('(TensorSpec(shape=(), dtype=tf.int32, name=None), '
                                       'TensorSpec(shape=(), dtype=tf.float32, name=None), '
                                       'TensorSpec(shape=(), dtype=tf.float32, name=None))')
    assert [[e.numpy().item() for e in r] for r in cols] == [
        [0, 22.0, 7.25], [1, 38.0, 71.2833023071289], [1, 26.0, 7.925000190734863], [1, 35.0, 53.099998474121094],
        [0, 28.0, 8.45829963684082]]


def test_preprocessing_head_on_dict_inputs():
    rows = _rows()
    feat = {'age': np.array([float(r[2]) for r in rows], 'float32'),
            'fare': np.array([float(r[5]) for r in rows], 'float32'),
            'sex': np.array([r[1] for r in rows], dtype=object), 'class': np.array([r[6] for r in rows], dtype=object)}
    inputs = {k: keras.Input(shape=(1,), name=k, dtype='float32' if v.dtype != object else 'string')
              for k, v in feat.items()}
    norm = keras.layers.Normalization()
    norm.adapt(np.stack([feat['age'], feat['fare']], 1))
    outs = [norm(keras.layers.Concatenate()([inputs['age'], inputs['fare']]))]
    vocabularies = []
    for k in ['sex', 'class']:
        lookup = keras.layers.StringLookup(vocabulary=np.unique(feat[k]))
        one_hot = keras.layers.CategoryEncoding(num_tokens=lookup.vocabulary_size())
        outs.append(one_hot(lookup(inputs[k])))
        vocabularies.append(lookup.get_vocabulary())
        assert (tuple(outs[-1].shape), outs[-1].dtype) == ((None, 3), 'float32')
    assert vocabularies == [['[UNK]', 'female', 'male'], ['[UNK]', 'First', 'Third']]
    cat = keras.layers.Concatenate()(outs)
    assert tuple(cat.shape) == (None, 8)
    head = keras.Model(inputs, cat)
    # TF 2.21 gives mean [[29.799999237060547, 29.603321075439453]], variance [[34.55999755859375, 741.20947265625]]
    # and these rows (float32 reductions: compared within float32 rounding)
    np.testing.assert_allclose(norm.mean.numpy(), [[29.799999237060547, 29.603321075439453]], rtol=1e-6)
    np.testing.assert_allclose(norm.variance.numpy(), [[34.55999755859375, 741.20947265625]], rtol=1e-6)
    out = head({k: v[:2] for k, v in feat.items()}).numpy()
    np.testing.assert_allclose(out, [[-1.326806902885437, -0.8210537433624268, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0],
                                     [1.3948484659194946, 1.5309360027313232, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0]],
                               rtol=1e-6)
    assert out[:, 2:].tolist() == [[0.0, 0.0, 1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0, 1.0, 0.0]]
