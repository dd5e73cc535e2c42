"""TensorShape.dims lists TF 2.21's Dimension objects (tf.compat.v1.Dimension): printed by TF 2.21,
``print(tf.TensorShape([2, None]).dims)`` -> [Dimension(2), Dimension(None)]; they print as 2 / ?, compute
and compare with ints (unknown in, unknown out) and are unhashable, while indexing a shape gives ints."""
import pytest

import framework as tf


def test_dims_print_and_arithmetic():
    d = tf.TensorShape([2, None]).dims
    assert str(d) == '[Dimension(2), Dimension(None)]'
    # TF 2.21: d[0] + 1 -> 3, d[0] * 2 -> 4, d[1] + 1 -> ?, 5 - d[0] -> 3, 7 // d[0] -> 3, 7 % d[0] -> 1
    assert [str(x) for x in (d[0] + 1, d[0] * 2, d[1] + 1, 5 - d[0], 7 // d[0], 7 % d[0])] == \
        ['3', '4', '?', '3', '3', '1']
    assert d[0] == 2 and d[0] < 3 and (d[0] != 3) is True
    assert (d[1] == 2) is None
    assert int(d[0]) == 2 and d[0].value == 2 and [1, 2, 3][d[0]] == 3
    assert tf.TensorShape(None).dims is None
    assert type(tf.TensorShape([2, 3])[0]) is int
    assert str(tf.zeros([2, 3]).shape.dims[1] * tf.zeros([2, 3]).shape.dims[0]) == '6'


def test_dimension_class_and_compat_helpers():
    dim = tf.compat.v1.Dimension
    assert str(dim(3)) == '3' and repr(dim(None)) == 'Dimension(None)' and (dim(3) == None) is None  # noqa: E711
    assert str(dim(3).merge_with(None)) == '3' and dim(None).is_compatible_with(4) and not bool(dim(0))
    assert tf.compat.dimension_value(tf.TensorShape([2, None]).dims[1]) is None
    assert str(tf.compat.dimension_at_index(tf.TensorShape([4, 5]), 1)) == '5'
    with pytest.raises(ValueError, match='^Dimension -1 must be >= 0$'):
        dim(-1)
    with pytest.raises(TypeError, match="^unsupported operand type\\(s\\) for /: 'Dimension' and 'int', please use // "
                                        "instead$"):
        dim(4) / 2
    with pytest.raises(ValueError, match='^Dimensions 3 and 4 are not compatible$'):
        dim(3).merge_with(4)
    with pytest.raises(TypeError, match="unhashable type: 'Dimension'"):
        hash(dim(2))
