"""tf.boolean_mask's axis as TF 2.21 slices the static shape with it, and tf.unravel_index's dtype errors in TF's
words. Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz6/p05_arrays.py and the t12 / t13 snippets
quoted here)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = [[1, 2, 3], [4, 5, 6]]


def _error(cls, fn):
    with pytest.raises(cls) as caught:
        fn()
    return str(caught.value)


def test_boolean_mask_negative_axis_slices_the_shape_as_given():
    x = tf.constant(X)
    # TF 2.21: tf.boolean_mask(x, [True, False, True], axis=-1) -> ValueError 'Shapes () and (3,) are incompatible'
    # (shape[-1:0] is empty); also axis=tf.constant(-1)
    assert _error(ValueError, lambda: tf.boolean_mask(x, [True, False, True], axis=-1)) == \
        'Shapes () and (3,) are incompatible'
    assert _error(ValueError, lambda: tf.boolean_mask(x, [True, False, True], axis=tf.constant(-1))) == \
        'Shapes () and (3,) are incompatible'
    # axis=-2 with a vector mask: shape[-2:-1] is (2,) -> [[1 2 3]]
    assert tf.boolean_mask(x, [True, False], axis=-2).numpy().tolist() == [[1, 2, 3]]
    # axis=2 / 5 / -3 -> 'Shapes () and (2,) are incompatible'
    for axis in (2, 5, -3):
        assert _error(ValueError, lambda: tf.boolean_mask(x, [True, False], axis=axis)) == \
            'Shapes () and (2,) are incompatible'
    # a (2, 3, 2) tensor, axis=-2, mask [True, False, True] -> [[[0, 1], [4, 5]], [[6, 7], [10, 11]]]
    out = tf.boolean_mask(tf.reshape(tf.range(12), [2, 3, 2]), [True, False, True], axis=-2)
    assert out.numpy().tolist() == [[[0, 1], [4, 5]], [[6, 7], [10, 11]]]


_TIDX = ("Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
         "UnravelIndex}}; Op<name=UnravelIndex; signature=indices:Tidx, dims:Tidx -> output:Tidx; attr=Tidx:type,"
         "default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:UnravelIndex]")


def test_unravel_index_dtypes_are_the_kernels_errors():
    # TF 2.21: tf.unravel_index([1.], [3, 3]) -> the Tidx registry error of float, no tail (a list)
    assert _error(InvalidArgumentError, lambda: tf.unravel_index([1.], [3, 3])) == _TIDX % 'float'
    # tensors: with ' name: '
    assert _error(InvalidArgumentError, lambda: tf.unravel_index(tf.constant([1.]), tf.constant([3, 3]))) == \
        _TIDX % 'float' + ' name: '
    # uint8 indices, list dims -> 'of uint8', no tail
    assert _error(InvalidArgumentError, lambda: tf.unravel_index(tf.constant([1], tf.uint8), [3, 3])) == \
        _TIDX % 'uint8'
    # int64 indices, int32 dims -> 'cannot compute UnravelIndex as input #1(zero-based) was expected to be a int64
    # tensor but is a int32 tensor [Op:UnravelIndex] name: '
    assert _error(InvalidArgumentError, lambda: tf.unravel_index(tf.constant([1], tf.int64), tf.constant([3, 3]))) \
        == ('cannot compute UnravelIndex as input #1(zero-based) was expected to be a int64 tensor but is a int32 '
            'tensor [Op:UnravelIndex] name: ')
    # string indices -> TypeError 'Cannot convert [3, 3] to EagerTensor of dtype string'
    assert _error(TypeError, lambda: tf.unravel_index(tf.constant(['a']), [3, 3])) == \
        'Cannot convert [3, 3] to EagerTensor of dtype string'
    # and the values: unravel_index([1, 5, 7], [3, 3]) -> [[0, 1, 2], [1, 2, 1]]
    assert tf.unravel_index([1, 5, 7], [3, 3]).numpy().tolist() == [[0, 1, 2], [1, 2, 1]]
