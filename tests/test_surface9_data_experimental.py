"""tf.data.experimental: Reducer + group_by_reducer, dense_to_sparse_batch, pad_to_cardinality, enable_debug_mode,
ThreadingOptions / AutotuneOptions.

Expected elements, specs, prints and texts are TensorFlow 2.21's, printed by the same program under
/opt/tfref/bin/python."""
import numpy as np
import pytest

import framework as tf
from framework.data import stage_function

E = tf.data.experimental


def test_group_by_reducer_reduces_each_key():
    reducer = E.Reducer(init_func=lambda k: np.int64(0), reduce_func=lambda s, x: s + x, finalize_func=lambda s: s)
    out = tf.data.Dataset.range(10).apply(E.group_by_reducer(key_func=lambda x: x % 3, reducer=reducer))
    assert list(out.as_numpy_iterator()) == [18, 12, 15]
    assert out.element_spec == tf.TensorSpec((), tf.int64)
    counting = E.Reducer(init_func=lambda k: (k, tf.constant(0, tf.int64)), reduce_func=lambda s, x: (s[0], s[1] + 1),
                         finalize_func=lambda k, c: {'key': k, 'count': c})
    got = list(tf.data.Dataset.range(7).apply(E.group_by_reducer(lambda x: x % 2, counting)).as_numpy_iterator())
    assert got == [{'key': 0, 'count': 4}, {'key': 1, 'count': 3}]
    assert counting.reduce_func is not None and callable(counting.init_func)


def test_dense_to_sparse_batch_is_sparse_batch():
    rows = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3], [4, 5, 6], []]),
                                          output_signature=tf.TensorSpec([None], tf.int32))
    batched = rows.apply(E.dense_to_sparse_batch(batch_size=2, row_shape=[4]))
    assert batched.element_spec == tf.SparseTensorSpec([None, 4], tf.int32)
    got = [(b.indices.numpy().tolist(), b.values.numpy().tolist(), b.dense_shape.numpy().tolist()) for b in batched]
    assert got == [([[0, 0], [0, 1], [1, 0]], [1, 2, 3], [2, 4]), ([[0, 0], [0, 1], [0, 2]], [4, 5, 6], [2, 4])]


def test_pad_to_cardinality_appends_masked_zeros():
    padded = tf.data.Dataset.from_tensor_slices({'a': [1, 2], 'b': [[1., 2.], [3., 4.]]}).apply(E.pad_to_cardinality(4))
    assert padded.element_spec == {'a': tf.TensorSpec((), tf.int32), 'b': tf.TensorSpec((2,), tf.float32),
                                   'valid': tf.TensorSpec((), tf.bool)}
    got = [(e['a'], e['b'].tolist(), e['valid']) for e in padded.as_numpy_iterator()]
    assert got == [(1, [1., 2.], True), (2, [3., 4.], True), (0, [0., 0.], False), (0, [0., 0.], False)]
    assert padded.cardinality().numpy() == 4


@pytest.mark.parametrize('dataset, target, text', [
    (lambda: tf.data.Dataset.range(5), 3, 'The dataset passed into `pad_to_cardinality` must have a cardinalty less '
                                          'than the target cardinality (3), but has cardinality 5'),
    (lambda: tf.data.Dataset.range(5), 8, '`pad_to_cardinality` requires its input dataset to be a dictionary.'),
    (lambda: tf.data.Dataset.range(5).filter(lambda x: x > 1), 8,
     'The dataset passed into `pad_to_cardinality` must have a known cardinalty, but has cardinality -2'),
])
def test_pad_to_cardinality_refuses_as_tensorflow(dataset, target, text):
    with pytest.raises(ValueError) as info:
        dataset().apply(E.pad_to_cardinality(target))
    assert str(info.value) == text


def test_debug_mode_runs_functions_eagerly_after_their_trace(capsys):
    try:
        assert E.enable_debug_mode() is None
        mapped = tf.data.Dataset.range(3).map(lambda x: (print('got', x), x * 2)[1])
        assert list(mapped.as_numpy_iterator()) == [0, 2, 4]
    finally:
        stage_function.DEBUG_MODE[0] = False
    assert capsys.readouterr().out.splitlines() == [
        'got Tensor("args_0:0", shape=(), dtype=int64)', 'got tf.Tensor(0, shape=(), dtype=int64)',
        'got tf.Tensor(1, shape=(), dtype=int64)', 'got tf.Tensor(2, shape=(), dtype=int64)']


def test_threading_and_autotune_options():
    threading_options, autotune = E.ThreadingOptions(), E.AutotuneOptions()
    assert (threading_options.max_intra_op_parallelism, threading_options.private_threadpool_size) == (None, None)
    assert (autotune.enabled, autotune.cpu_budget, autotune.ram_budget) == (None, None, None)
    assert E.ThreadingOptions is tf.data.ThreadingOptions
