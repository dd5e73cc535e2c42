"""A tf.function keys a tf.data dataset argument by its DatasetSpec and an iterator by its
IteratorSpec, as TF 2.21: a new dataset or iterator with the same element shapes and dtypes
reuses the trace (tapeflow keyed them by identity: every new dataset retraced, printed its trace
again and, at five, logged the retracing warning).

Expected values printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q37.py, q38.py, q09.py)."""
import framework as tf


def test_datasets_of_one_element_spec_share_a_trace(capsys):
    @tf.function
    def total(ds):
        print('trace', ds.element_spec)
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += tf.reduce_sum(x)
        return s
    results = [int(total(ds)) for ds in (
        tf.data.Dataset.range(5), tf.data.Dataset.range(3).map(lambda v: v * 2),
        tf.data.Dataset.range(7).batch(2), tf.data.Dataset.range(9).batch(4),
        tf.data.Dataset.range(6).batch(3, drop_remainder=True),     # (3,) batches: the (None,) trace serves
        tf.data.Dataset.from_tensor_slices([1, 2, 3]).map(lambda v: tf.cast(v, tf.int64)))]
    assert results == [10, 6, 21, 36, 15, 6]
    assert total.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out.splitlines() == ['trace TensorSpec(shape=(), dtype=tf.int64, name=None)',
                                                    'trace TensorSpec(shape=(None,), dtype=tf.int64, name=None)']


def test_new_iterators_share_a_trace(capsys):
    @tf.function
    def take_two(it):
        print('trace it')
        return next(it) + next(it)
    it = iter(tf.data.Dataset.range(10))
    assert [int(take_two(it)), int(take_two(it))] == [1, 5]
    assert int(take_two(iter(tf.data.Dataset.range(10)))) == 1
    assert int(take_two(iter(tf.data.Dataset.range(20, 30)))) == 41
    assert take_two.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == 'trace it\n'


def test_signatures_show_dataset_and_iterator_specs():
    @tf.function
    def total(ds, scale):
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x['a'] * scale
        return s
    ds = tf.data.Dataset.from_tensor_slices({'a': tf.range(4, dtype=tf.int64)})
    assert int(total(ds, tf.constant(2, tf.int64))) == 12
    assert total.pretty_printed_concrete_signatures().splitlines()[:3] == [
        'Input Parameters:',
        "  ds (POSITIONAL_OR_KEYWORD): DatasetSpec({'a': TensorSpec(shape=(), dtype=tf.int64, name=None)}, "
        "TensorShape([]))",
        '  scale (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.int64, name=None)']
    cf = total.get_concrete_function(ds, tf.constant(2, tf.int64))
    assert repr(cf.structured_input_signature) == (
        "((DatasetSpec({'a': TensorSpec(shape=(), dtype=tf.int64, name=None)}, TensorShape([])), "
        "TensorSpec(shape=(), dtype=tf.int64, name='scale')), {})")

    @tf.function
    def nxt(it):
        return next(it)
    assert nxt(iter(tf.data.Dataset.range(3).batch(2))).numpy().tolist() == [0, 1]
    assert nxt.pretty_printed_concrete_signatures().splitlines()[1] == (
        '  it (POSITIONAL_OR_KEYWORD): IteratorSpec(TensorSpec(shape=(None,), dtype=tf.int64, name=None),)')


def test_concrete_function_from_a_dataset_takes_another():
    @tf.function
    def total(ds):
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return s
    cf = total.get_concrete_function(tf.data.Dataset.range(3))
    assert repr(cf.structured_input_signature) == (
        '((DatasetSpec(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorShape([])),), {})')
    assert int(cf(tf.data.Dataset.range(5))) == 10
    assert int(total(tf.data.Dataset.range(4))) == 6
    assert total.experimental_get_tracing_count() == 1
