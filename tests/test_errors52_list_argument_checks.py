"""Argument checks worded as TF 2.21's Python words them: edit_distance's 'Hypothesis / Truth must be a
SparseTensor.', sparse.cross / cross_hashed 'Inputs must be a list', sparse.map_values 'No SparseTensor in argument
list of map_values', sparse.concat 'Inputs must be a list or tuple.', and the op wrappers' "Expected list for
'indices' argument to 'dynamic_stitch' Op, not None." / string_join's; tapeflow used its own words (now notes)."""
import pytest

import framework as tf

D = [[1, 0], [0, 2]]


def _raises(cls, text, fn, *args):
    with pytest.raises(cls) as info:
        fn(*args)
    assert str(info.value) == text


def test_edit_distance():
    # TF 2.21 gives TypeError 'Hypothesis must be a SparseTensor.' / 'Truth must be a SparseTensor.'
    sp = tf.sparse.from_dense(tf.constant(D))
    for bad in (None, tf.constant(D)):
        _raises(TypeError, 'Hypothesis must be a SparseTensor.', tf.edit_distance, bad, sp)
        _raises(TypeError, 'Truth must be a SparseTensor.', tf.edit_distance, sp, bad)


def test_sparse_cross_needs_a_list():
    # TF 2.21 gives TypeError 'Inputs must be a list' for None, 'abc', a tensor; a tuple is taken
    s = tf.constant([['a', 'b']])
    for bad in (None, 'abc', s):
        _raises(TypeError, 'Inputs must be a list', tf.sparse.cross, bad)
        _raises(TypeError, 'Inputs must be a list', tf.sparse.cross_hashed, bad)
    assert tf.sparse.cross((s, s)).dense_shape.numpy().tolist() == [1, 4]


def test_map_values_without_sparse():
    # TF 2.21 gives ValueError 'No SparseTensor in argument list of map_values'
    for args in ((None,), (tf.abs, tf.constant(D)), (tf.abs, [1, 2])):
        _raises(ValueError, 'No SparseTensor in argument list of map_values', tf.sparse.map_values, *args)


def test_sparse_concat_needs_a_list():
    # TF 2.21 gives TypeError 'Inputs must be a list or tuple.'
    sp = tf.sparse.from_dense(tf.constant(D))
    for bad in (None, sp, tf.constant(D)):
        _raises(TypeError, 'Inputs must be a list or tuple.', tf.sparse.concat, 0, bad)


def test_op_wrapper_list_arguments():
    # TF 2.21 gives these TypeErrors (the op wrapper's list arguments)
    _raises(TypeError, "Expected list for 'indices' argument to 'dynamic_stitch' Op, not None.", tf.dynamic_stitch,
            None, None)
    _raises(TypeError, "Expected list for 'data' argument to 'dynamic_stitch' Op, not None.", tf.dynamic_stitch,
            [tf.constant([0, 1])], None)
    _raises(TypeError, "Expected list for 'indices' argument to 'dynamic_stitch' Op, not 5.", tf.dynamic_stitch,
            5, [tf.constant([1.])])
    for bad, shown in ((None, 'None'), ('abc', "'abc'"), (5, '5')):
        _raises(TypeError, "Expected list for 'inputs' argument to 'string_join' Op, not %s." % shown,
                tf.strings.join, bad)
    # TF 2.21: stitching ([0], [1]) with ([1.], [2.]) gives [1., 2.]
    out = tf.dynamic_stitch([tf.constant([0]), tf.constant([1])], [tf.constant([1.]), tf.constant([2.])])
    assert out.numpy().tolist() == [1., 2.]
