"""A TensorSpec's name through tf.data stages, as TF 2.21 keeps it: batch / unbatch / rebatch build
new specs without it (TensorSpec._batch / _unbatch), while concatenate / sample_from_datasets /
choose_from_datasets keep a name both sides share and refuse specs of different names.
Printed by TF 2.21 (/work/notes/progs/data10/p18.py):
    G = lambda v, shape, name: tf.data.Dataset.from_generator(lambda: iter([v]),
            output_signature=tf.TensorSpec(shape, tf.int32, name=name))
    a, b = G(1, (), 'a'), G(1, (), 'b')
    a.batch(2).element_spec        TensorSpec(shape=(None,), dtype=tf.int32, name=None)
    a.concatenate(a).element_spec  TensorSpec(shape=(), dtype=tf.int32, name='a')
    a.concatenate(b)               TypeError: Incompatible dataset elements:\n  TensorSpec(..., name='a') vs. ...
"""
import pytest

import framework as tf


def _named(value, shape, name):
    return tf.data.Dataset.from_generator(lambda: iter([value]), output_signature=tf.TensorSpec(shape, tf.int32,
                                                                                                 name=name))


def test_batching_drops_the_name():
    a, c = _named(1, (), 'a'), _named([1], (None,), 'a')
    assert repr(a.batch(2).element_spec) == "TensorSpec(shape=(None,), dtype=tf.int32, name=None)"
    assert repr(a.batch(2, drop_remainder=True).element_spec) == "TensorSpec(shape=(2,), dtype=tf.int32, name=None)"
    assert repr(a.batch(2).unbatch().element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name=None)"
    assert repr(c.unbatch().element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name=None)"
    assert repr(c.rebatch(1, drop_remainder=True).element_spec) == "TensorSpec(shape=(1,), dtype=tf.int32, name=None)"
    assert repr(a.take(1).element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name='a')"


def test_concatenate_keeps_a_shared_name():
    a, c, d = _named(1, (), 'a'), _named([1], (None,), 'a'), _named([1, 2], (2,), 'a')
    assert repr(a.concatenate(a).element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name='a')"
    assert repr(c.concatenate(d).element_spec) == "TensorSpec(shape=(None,), dtype=tf.int32, name='a')"
    assert [int(x) for x in a.concatenate(a)] == [1, 1]


@pytest.mark.parametrize('other_name', ['b', None])
def test_concatenate_refuses_another_name(other_name):
    a, other = _named(1, (), 'a'), _named(1, (), other_name)
    with pytest.raises(TypeError) as info:
        a.concatenate(other)
    assert str(info.value).startswith(
        "Incompatible dataset elements:\n  TensorSpec(shape=(), dtype=tf.int32, name='a') vs.   "
        "TensorSpec(shape=(), dtype=tf.int32, name=%r)" % (other_name,))


def test_sampling_and_choosing_compare_names():
    a, b = _named(1, (), 'a'), _named(1, (), 'b')
    assert repr(tf.data.Dataset.sample_from_datasets([a, a]).element_spec) == \
        "TensorSpec(shape=(), dtype=tf.int32, name='a')"
    for make in (lambda: tf.data.Dataset.sample_from_datasets([a, b]),
                 lambda: tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.range(2))):
        with pytest.raises(TypeError, match='must have compatible element specs'):
            make()


def test_window_components_drop_the_name_group_by_window_keeps_it():
    # TF 2.21: DatasetSpec(TensorSpec(shape=(), dtype=tf.int32, name=None), TensorShape([])) for the window;
    # group_by_window's windows keep name='a' (p18.py and its group_by_window lines)
    a = _named(1, (), 'a')
    assert repr(a.window(2).element_spec) == \
        "DatasetSpec(TensorSpec(shape=(), dtype=tf.int32, name=None), TensorShape([]))"
    assert repr(a.window(2).flat_map(lambda w: w).element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name=None)"
    grouped = a.group_by_window(lambda x: tf.constant(0, tf.int64), lambda k, w: w, window_size=2)
    assert repr(grouped.element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name='a')"
