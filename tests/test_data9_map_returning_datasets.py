"""Dataset.map may return datasets (a window with a label, a Dataset.range per element): TF 2.21 makes
them DatasetSpec components, printed as _VariantDataset; tapeflow raised TypeError 'Unsupported return
value from function passed to Dataset.map(): ...'. Golden texts printed by TF 2.21 with
/work/notes/progs/data9/p6.py."""
import framework as tf

RANGE_SPEC = 'TensorSpec(shape=(), dtype=tf.int64, name=None)'


def test_window_with_a_label_then_flat_map():
    mapped = tf.data.Dataset.range(5).window(2).map(lambda d: (d, 1))
    assert repr(mapped) == ('<_MapDataset element_spec=(DatasetSpec(%s, TensorShape([])), '
                            'TensorSpec(shape=(), dtype=tf.int32, name=None))>' % RANGE_SPEC)
    window, label = next(iter(mapped))
    assert repr(window) == '<_VariantDataset element_spec=%s>' % RANGE_SPEC and int(label) == 1
    flat = mapped.flat_map(lambda d, k: d.batch(2))
    assert repr(flat) == '<_FlatMapDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>'
    assert [b.tolist() for b in flat.as_numpy_iterator()] == [[0, 1], [2, 3], [4]]


def test_map_returning_a_dataset():
    mapped = tf.data.Dataset.range(3).map(lambda x: tf.data.Dataset.range(x))
    assert repr(mapped) == '<_MapDataset element_spec=DatasetSpec(%s, TensorShape([]))>' % RANGE_SPEC
    assert [repr(d) for d in mapped] == ['<_VariantDataset element_spec=%s>' % RANGE_SPEC] * 3
    # TF 2.21: 0, 0, 1 (range(0), range(1), range(2) flattened)
    assert [int(v) for v in mapped.flat_map(lambda d: d)] == [0, 0, 1]
