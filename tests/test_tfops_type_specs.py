"""tf.TypeSpec, RaggedTensorSpec, SparseTensorSpec, IndexedSlicesSpec, TensorArraySpec and type_spec_from_value,
and tf.function input_signatures of composite specs: reprs, compatibility and binding errors pinned to TF 2.21
(/work/notes/progs/tfops/t1.py run with /opt/tfref)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('spec, text', [
    (tf.RaggedTensorSpec([2, None], tf.int32), 'RaggedTensorSpec(TensorShape([2, None]), tf.int32, 1, tf.int64)'),
    (tf.RaggedTensorSpec([None, None, 3], tf.float32, ragged_rank=1),
     'RaggedTensorSpec(TensorShape([None, None, 3]), tf.float32, 1, tf.int64)'),
    (tf.RaggedTensorSpec(ragged_rank=1), 'RaggedTensorSpec(TensorShape(None), tf.float32, 1, tf.int64)'),
    (tf.SparseTensorSpec([None, 3], tf.float32), 'SparseTensorSpec(TensorShape([None, 3]), tf.float32)'),
    (tf.SparseTensorSpec(), 'SparseTensorSpec(TensorShape(None), tf.float32)'),
    (tf.IndexedSlicesSpec([None, 4]), 'IndexedSlicesSpec(TensorShape([None, 4]), tf.float32, tf.int64, None, '
                                      'TensorShape([None]))'),
    (tf.TensorArraySpec([2], tf.float32), 'TensorArraySpec(TensorShape([2]), tf.float32, False, True)'),
    (tf.TensorArraySpec(), 'TensorArraySpec(TensorShape(None), tf.float32, False, True)'),
    (tf.TensorSpec([1]), 'TensorSpec(shape=(1,), dtype=tf.float32, name=None)'),
])
def test_specs_print_as_tf_and_are_type_specs(spec, text):
    assert repr(spec) == text and isinstance(spec, tf.TypeSpec)


def test_type_spec_from_value_and_compatibility_match_tf():
    r = tf.ragged.constant([[1, 2], [3]])
    sp = tf.sparse.from_dense([[1., 0.], [0., 2.]])
    assert repr(tf.type_spec_from_value(r)) == 'RaggedTensorSpec(TensorShape([2, None]), tf.int32, 1, tf.int64)'
    assert repr(tf.type_spec_from_value(sp)) == 'SparseTensorSpec(TensorShape([2, 2]), tf.float32)'
    assert repr(tf.type_spec_from_value(tf.constant([1., 2.]))) == 'TensorSpec(shape=(2,), dtype=tf.float32, name=None)'
    assert repr(tf.type_spec_from_value(np.array([1, 2]))) == 'TensorSpec(shape=(2,), dtype=tf.int64, name=None)'
    assert tf.RaggedTensorSpec([2, None], tf.int32).is_compatible_with(r)
    assert not tf.RaggedTensorSpec([None, None, 3], tf.float32, ragged_rank=1).is_compatible_with(r)
    assert not tf.SparseTensorSpec([None, 3], tf.float32).is_compatible_with(sp)
    assert tf.RaggedTensorSpec([2, None], tf.int32) == tf.RaggedTensorSpec([2, None], tf.int32)
    assert hash(tf.SparseTensorSpec([None, 3])) == hash(tf.SparseTensorSpec([None, 3]))
    assert tf.RaggedTensorSpec([2, None], tf.int32).value_type is tf.RaggedTensor
    assert tf.SparseTensorSpec().value_type is tf.SparseTensor
    with pytest.raises(ValueError, match=r'Argument `ragged_rank` \(2\) must be less than rank \(2\)'):
        tf.RaggedTensorSpec([2, None], tf.int32, ragged_rank=2)


def test_function_input_signature_takes_ragged_and_sparse_specs():
    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
    def row_sums(x):
        return tf.reduce_sum(x, axis=1)

    @tf.function(input_signature=[tf.SparseTensorSpec([None, 2], tf.float32)])
    def total(x):
        return tf.sparse.reduce_sum(x)
    assert row_sums(tf.ragged.constant([[1, 2], [3]])).numpy().tolist() == [3, 3]
    assert row_sums(tf.ragged.constant([[5], [6, 7, 8], []])).numpy().tolist() == [5, 21, 0]
    assert total(tf.sparse.from_dense([[1., 0.], [0., 2.]])).numpy() == 3.0
    assert repr(row_sums.get_concrete_function().structured_input_signature) == \
        '((RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64),), {})'
    with pytest.raises(TypeError, match=r'Can not cast TensorSpec\(shape=\(1,\), dtype=tf.float32, name=None\) to '
                                        r'TensorSpec\(shape=\(None,\), dtype=tf.int32, name=None\)'):
        row_sums(tf.ragged.constant([[1.0]]))
    with pytest.raises(TypeError, match="The two structures don't have the same nested structure"):
        row_sums(tf.constant([[1, 2]]))
    with pytest.raises(TypeError, match='Binding inputs to tf.function failed'):
        total(tf.constant([[1., 2.]]))
