"""tf.data.experimental.assert_cardinality as TF 2.21's AssertCardinalityDataset: its order of checks,
ElementString's words ('1 element', 'an infinite number of elements'), any count other than the true one
(-2 and -3 too) refused, and the count converted to int64 when the transformation is applied.
Printed by TF 2.21 (/work/notes/progs/data10/p19.py, p20.py, p20b.py):
    G = lambda n: tf.data.Dataset.from_generator(lambda: iter(range(n)), output_signature=tf.TensorSpec((), tf.int64))
    list(G(1).apply(assert_cardinality(0)))  FailedPreconditionError {{function_node __wrapped__IteratorGetNext_
        output_types_1_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input dataset was expected to contain
        0 elements but contained at least 1 element. [Op:IteratorGetNext] name:
"""
import pytest

import framework as tf

PREFIX = ('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/device:'
          'CPU:0}} Input dataset was expected to contain ')


def _gen(n):
    return tf.data.Dataset.from_generator(lambda: iter(range(n)), output_signature=tf.TensorSpec((), tf.int64))


@pytest.mark.parametrize('n, expected, text', [
    (1, 0, '0 elements but contained at least 1 element.'),
    (1, 2, '2 elements but contained only 1 element.'),
    (0, 1, '1 element but contained only 0 elements.'),
    (2, 1, '1 element but contained at least 2 elements.'),
    (0, -2, '-2 elements but contained only 0 elements.'),
    (4, -2, '-2 elements but contained at least 1 element.'),
    (4, -3, '-3 elements but contained at least 1 element.'),
    (1, -1, 'an infinite number of elements but contained only 1 element.'),
])
def test_count_mismatches(n, expected, text):
    ds = _gen(n).apply(tf.data.experimental.assert_cardinality(expected))
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        for _ in ds:        # (list(ds) asks len() first: a count of -3 is Python's '__len__() should return >= 0')
            pass
    assert str(info.value).split('\n')[0] == PREFIX + text + ' [Op:IteratorGetNext] name: '


def test_the_right_count_passes_and_is_stated():
    ds = _gen(3).apply(tf.data.experimental.assert_cardinality(3))
    assert int(ds.cardinality()) == 3
    assert [int(x) for x in ds] == [0, 1, 2]


def test_the_count_is_converted_when_applied():
    transformation = tf.data.experimental.assert_cardinality(2.5)       # TF builds it
    assert transformation.__name__ == '_apply_fn'
    with pytest.raises(TypeError, match='^Cannot convert 2.5 to EagerTensor of dtype int64'):
        tf.data.Dataset.range(3).apply(transformation)
    with pytest.raises(TypeError, match="^Cannot convert '3' to EagerTensor of dtype int64"):
        tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality('3'))
    with pytest.raises(ValueError, match='^expected_cardinality: Tensor conversion requested dtype int64 for Tensor '
                                         'with dtype int32'):
        tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(tf.constant(3)))
    assert int(tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(
        tf.constant(3, tf.int64))).cardinality()) == 3
