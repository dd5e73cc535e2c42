"""tf.io.SparseFeature (TF 2.21's parsing_config.py): a SparseTensor from index and value features,
sorted by index unless already_sorted, N-D with several index keys, batched with the example's
position first. Golden values printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/sf.py.
Left as is: TF builds an out-of-range index (9 of size 8) into an invalid SparseTensor; tapeflow's
SparseTensor refuses it (ValueError)."""
import pytest

import framework as tf


def _example(**features):
    feature = {}
    for key, values in features.items():
        if values and isinstance(values[0], float):
            feature[key] = tf.train.Feature(float_list=tf.train.FloatList(value=values))
        else:
            feature[key] = tf.train.Feature(int64_list=tf.train.Int64List(value=values))
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


BATCH = [_example(ix=[3, 0], val=[1.5, 2.5], iy=[1, 2]), _example(ix=[5], val=[7.0], iy=[0])]
FEATURES = {'s': tf.io.SparseFeature(index_key='ix', value_key='val', dtype=tf.float32, size=8),
            's2': tf.io.SparseFeature(index_key=['ix', 'iy'], value_key='val', dtype=tf.float32, size=[8, 3]),
            'srt': tf.io.SparseFeature(index_key='ix', value_key='val', dtype=tf.float32, size=8, already_sorted=True)}


def _parts(sp):
    return sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist()


def test_one_example():
    out = tf.io.parse_single_example(BATCH[0], FEATURES)
    assert _parts(out['s']) == ([[0], [3]], [2.5, 1.5], [8])
    assert _parts(out['s2']) == ([[0, 2], [3, 1]], [2.5, 1.5], [8, 3])
    assert _parts(out['srt']) == ([[3], [0]], [1.5, 2.5], [8])
    assert out['s'].values.dtype == tf.float32


def test_a_batch():
    out = tf.io.parse_example(BATCH, FEATURES)
    assert sorted(out) == ['s', 's2', 'srt']
    assert _parts(out['s']) == ([[0, 0], [0, 3], [1, 5]], [2.5, 1.5, 7.0], [2, 8])
    assert _parts(out['s2']) == ([[0, 0, 2], [0, 3, 1], [1, 5, 0]], [2.5, 1.5, 7.0], [2, 8, 3])
    assert _parts(out['srt']) == ([[0, 3], [0, 0], [1, 5]], [1.5, 2.5, 7.0], [2, 8])


def test_repr_and_mismatched_counts():
    assert repr(tf.io.SparseFeature(index_key='ix', value_key='val', dtype=tf.float32, size=8)) == \
        "SparseFeature(index_key='ix', value_key='val', dtype=tf.float32, size=8, already_sorted=False)"
    with pytest.raises(ValueError, match='Dimensions 2 and 1 are not compatible'):
        tf.io.parse_single_example(_example(ix=[1, 2], val=[1.0]), {'s': FEATURES['s']})
