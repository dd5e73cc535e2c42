"""tf.sparse ops that check their input with TF's _convert_to_sparse_tensor refuse a non-sparse one in TF 2.21's
words, 'Input must be a SparseTensor.', and tf.sparse.add of two non-sparse values says 'At least one input should
be SparseTensor; do you mean to use tf.add()?'; tapeflow said 'sparse.to_dense: expected a SparseTensor, got
EagerTensor; build one with tf.sparse.from_dense' (now a note)."""
import pytest

import framework as tf

DENSE = [[1., 0.], [0., 2.]]


def _values():
    return [None, tf.constant(DENSE), DENSE, 'a', tf.Variable(DENSE)]


@pytest.mark.parametrize('name,extra', [
    ('to_dense', ()), ('reorder', ()), ('retain', ([True],)), ('fill_empty_rows', (0.,)), ('to_indicator', (3,)),
    ('reset_shape', ()), ('reshape', ([4],))])
def test_input_must_be_sparse(name, extra):
    # TF 2.21 gives TypeError 'Input must be a SparseTensor.' for None, a tensor, a list, a string, a variable
    for value in _values():
        with pytest.raises(TypeError) as info:
            getattr(tf.sparse, name)(value, *extra)
        assert str(info.value) == 'Input must be a SparseTensor.', repr(value)


def test_concat_of_a_dense_part():
    # TF 2.21 gives TypeError 'Input must be a SparseTensor.' whichever part is dense
    d = tf.constant(DENSE)
    sp = tf.sparse.from_dense(d)
    for parts in ([d, sp], [sp, d]):
        with pytest.raises(TypeError) as info:
            tf.sparse.concat(0, parts)
        assert str(info.value) == 'Input must be a SparseTensor.'
    assert tf.sparse.concat(0, [sp, sp]).dense_shape.numpy().tolist() == [4, 2]


def test_add_of_two_dense_values():
    # TF 2.21 gives TypeError 'At least one input should be SparseTensor; do you mean to use tf.add()?'
    for a, b in ((tf.constant(DENSE), tf.constant(DENSE)), (None, None)):
        with pytest.raises(TypeError) as info:
            tf.sparse.add(a, b)
        assert str(info.value) == 'At least one input should be SparseTensor; do you mean to use tf.add()?'
    # a SparseTensor and a dense tensor still add densely: TF 2.21 gives [[2, 0], [0, 4]]
    d = tf.constant(DENSE)
    assert tf.sparse.add(tf.sparse.from_dense(d), d).numpy().tolist() == [[2., 0.], [0., 4.]]
