"""Dataset.map specs TensorFlow reads from its trace of the function, where the first element differs.

Goldens: TF 2.21 printed these specs for the same pipelines (/work/notes/progs/kerasio19/p1.py, p2.py,
outputs p1.tf.out, p2.tf.out on this session's host).
1. An API function passed to map itself (not in a lambda) is traced as the user's call: a string
   split's length and tf.unique's / tf.where's rows stay open, as for a lambda.
2. set_shape on the batch axis (or a reshape to a fixed batch) inside a map over batches closes it:
   TF's spec keeps the length the trace gives, where tapeflow's first-element spec gave None.
"""
import numpy as np

import framework as tf


def _strings():
    return tf.data.Dataset.from_tensor_slices(np.array(['abc', 'de']))


def test_a_string_split_passed_directly_keeps_its_length_open():
    assert str(_strings().map(tf.strings.bytes_split).element_spec) == \
        'TensorSpec(shape=(None,), dtype=tf.string, name=None)'
    assert str(_strings().map(tf.strings.split).element_spec) == \
        'TensorSpec(shape=(None,), dtype=tf.string, name=None)'
    assert str(_strings().map(tf.strings.bytes_split).batch(2).element_spec) == \
        'TensorSpec(shape=(None, None), dtype=tf.string, name=None)'


def test_unique_and_where_passed_directly_keep_their_rows_open():
    rows = tf.data.Dataset.from_tensor_slices(np.ones((4, 3)))
    assert str(rows.map(tf.unique).element_spec) == (
        'Unique(y=TensorSpec(shape=(None,), dtype=tf.float64, name=None), '
        'idx=TensorSpec(shape=(3,), dtype=tf.int32, name=None))')
    assert str(rows.map(tf.where).element_spec) == 'TensorSpec(shape=(None, 1), dtype=tf.int64, name=None)'
    # an API whose length the trace knows keeps it
    assert str(rows.map(tf.shape).element_spec) == 'TensorSpec(shape=(1,), dtype=tf.int32, name=None)'


def _batches(rows=4):
    return tf.data.Dataset.from_tensor_slices(np.ones((rows, 3), 'float32')).batch(2)


def test_set_shape_on_the_batch_axis_closes_it_in_the_spec():
    def masked(v):
        w = tf.boolean_mask(v, v[:, 0] > 0)
        w.set_shape([2, None])
        return w

    def fixed(v):
        v.set_shape([2, 3])
        return v

    def still_open(v):
        w = tf.boolean_mask(v, v[:, 0] > 0)
        w.set_shape([None, 3])
        return w
    assert str(_batches().map(masked).element_spec) == 'TensorSpec(shape=(2, 3), dtype=tf.float32, name=None)'
    assert str(_batches().map(fixed).element_spec) == 'TensorSpec(shape=(2, 3), dtype=tf.float32, name=None)'
    assert str(_batches().map(still_open).element_spec) == 'TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)'


def test_a_reshape_to_a_fixed_batch_keeps_it_and_plain_ops_keep_the_batch_open():
    reshaped = _batches(5).map(lambda v: tf.reshape(v, [2, 3]))
    assert str(reshaped.element_spec) == 'TensorSpec(shape=(2, 3), dtype=tf.float32, name=None)'
    assert str(_batches(5).map(lambda v: v * 2).element_spec) == \
        'TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)'
    assert str(_batches().map(lambda v: v[:1]).element_spec) == \
        'TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)'
    pair = tf.data.Dataset.from_tensor_slices((np.ones((4, 3), 'float32'), np.arange(4))).batch(2)
    assert str(pair.map(lambda a, b: (tf.zeros((2,)), tf.shape(a))).element_spec) == (
        '(TensorSpec(shape=(2,), dtype=tf.float32, name=None), TensorSpec(shape=(2,), dtype=tf.int32, name=None))')


def test_ensure_shape_is_named_and_closes_the_lengths_it_gives(capsys):
    """TF 2.21: /work/notes/progs/kerasio19/p8.py (print in a tf.function) and p2.py (the map's spec)."""
    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
    def f(x):
        print(tf.ensure_shape(x, [2, None]))
        print(tf.ensure_shape(x, [None, 3], name='es'))
        print(tf.ensure_shape(x * 2, (2, 3)))
        with tf.name_scope('s'):
            print(tf.ensure_shape(x, [2, 3]))
        return x
    f(tf.ones((2, 3)))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("EnsureShape:0", shape=(2, None), dtype=float32)',
        'Tensor("es:0", shape=(None, 3), dtype=float32)',
        'Tensor("EnsureShape_1:0", shape=(2, 3), dtype=float32)',
        'Tensor("s/EnsureShape:0", shape=(2, 3), dtype=float32)']
    assert str(_batches().map(lambda v: tf.ensure_shape(v, [2, 3])).element_spec) == \
        'TensorSpec(shape=(2, 3), dtype=tf.float32, name=None)'
