"""tf.concat / tf.stack of tensors whose traced shapes do not fit, in a tf.function: TensorFlow's graph
refuses ConcatV2 / Pack as it adds them, with a ValueError naming the node, its inputs and their traced
shapes (framework/graph_list_errors.py). Expected texts printed by TF 2.21 (notes/progs/graphops14/c1.py,
c2.py: the last line of str(error), each call in a tf.function)."""
import pytest

import framework as tf

A23, A2, A24, A34 = tf.ones((2, 3)), tf.ones((2,)), tf.ones((2, 4)), tf.ones((3, 4))
B234, B255 = tf.ones((2, 3, 4)), tf.ones((2, 5, 5))
VARIABLE = tf.Variable(tf.ones((2, 4)))
OTHER = tf.Variable(tf.ones((2, 4)))


def _last_line(fn, *args):
    with pytest.raises(ValueError) as err:
        fn(*args)
    assert type(err.value) is ValueError
    return str(err.value).strip().split('\n')[-1].strip()


def _scoped(x, y):
    with tf.name_scope('block'):
        return tf.concat([x, y], 0)


def _twice(x, y):
    z = tf.concat([x, x], 0)
    return tf.concat([z, y], 0)


CONCAT = 'ConcatV2[N=2, T=DT_FLOAT, Tidx=DT_INT32]'
SAID = 'Dimension 0 in both shapes must be equal, but are 3 and 4. Shapes are [3] and [4]. for'
AXIS0 = "[2,3], [2,4], [] and with computed input tensors: input[2] = <0>."

CASES = [
    (lambda x, y: tf.concat([x, y], 0), (A23, A2), "Shape must be rank 2 but is rank 1 for '{{node concat}} = %s"
     "(x, y, concat/axis)' with input shapes: [2,3], [2], []." % CONCAT),
    (lambda x, y: tf.concat([x, y], 2), (A2, A23), "Shape must be rank 1 but is rank 2 for '{{node concat}} = %s"
     "(x, y, concat/axis)' with input shapes: [2], [2,3], []." % CONCAT),
    (lambda x, y: tf.concat([x, y], axis=0), (A23, A24), "%s '{{node concat}} = %s(x, y, concat/axis)' with input "
     "shapes: %s" % (SAID, CONCAT, AXIS0)),
    (lambda x, y: tf.concat([x, y, x], axis=0), (A23, A24), "Dimension 0 in both shapes must be equal, but are 4 and "
     "3. Shapes are [4] and [3]. for '{{node concat}} = ConcatV2[N=3, T=DT_FLOAT, Tidx=DT_INT32](x, y, x, "
     "concat/axis)' with input shapes: [2,3], [2,4], [2,3], [] and with computed input tensors: input[3] = <0>."),
    (lambda x, y: tf.concat([x, x], axis=2), (A23, A24), "Shape must be at least rank 3 but is rank 2 for '{{node "
     "concat}} = %s(x, x, concat/axis)' with input shapes: [2,3], [2,3], [] and with computed input tensors: "
     "input[2] = <2>." % CONCAT),
    (lambda x, y: tf.concat([x, x], axis=-3), (A23, A24), "Shape must be at least rank 3 but is rank 2 for '{{node "
     "concat}} = %s(x, x, concat/axis)' with input shapes: [2,3], [2,3], [] and with computed input tensors: "
     "input[2] = <-3>." % CONCAT),
    (lambda x, y: tf.concat([x, y], 1), (A23, A34), "Dimension 0 in both shapes must be equal, but are 2 and 3. "
     "Shapes are [2] and [3]. for '{{node concat}} = %s(x, y, concat/axis)' with input shapes: [2,3], [3,4], [] and "
     "with computed input tensors: input[2] = <1>." % CONCAT),
    (lambda x, y: tf.concat([x, y], 0), (B234, B255), "Dimension 0 in both shapes must be equal, but are 3 and 5. "
     "Shapes are [3,4] and [5,5]. for '{{node concat}} = %s(x, y, concat/axis)' with input shapes: [2,3,4], "
     "[2,5,5], [] and with computed input tensors: input[2] = <0>." % CONCAT),
    (lambda x, y: tf.concat([x, y], 0, name='cc'), (A23, A24), "%s '{{node cc}} = %s(x, y, cc/axis)' with input "
     "shapes: %s" % (SAID, CONCAT, AXIS0)),
    (lambda x, y: tf.concat([x + 1.0, y * 2.0], 0), (A23, A24), "%s '{{node concat}} = %s(add, mul, concat/axis)' "
     "with input shapes: %s" % (SAID, CONCAT, AXIS0)),
    (lambda x, y: tf.concat([x, [[1., 2.]], [[3.]]], 0), (A23, A24), "Dimension 0 in both shapes must be equal, but "
     "are 2 and 1. Shapes are [2] and [1]. for '{{node concat}} = ConcatV2[N=3, T=DT_FLOAT, Tidx=DT_INT32](x, "
     "concat/values_1, concat/values_2, concat/axis)' with input shapes: [2,3], [1,2], [1,1], [] and with computed "
     "input tensors: input[3] = <0>."),
    (lambda x, y: tf.concat([tf.cast(x, tf.int32), tf.cast(y, tf.int32)], 0), (A23, A24), "%s '{{node concat}} = "
     "ConcatV2[N=2, T=DT_INT32, Tidx=DT_INT32](Cast, Cast_1, concat/axis)' with input shapes: %s" % (SAID, AXIS0)),
    (lambda x, y: tf.concat([VARIABLE, x, OTHER], 0), (A23, A24), "%s '{{node concat}} = ConcatV2[N=3, T=DT_FLOAT, "
     "Tidx=DT_INT32](concat/ReadVariableOp, x, concat/ReadVariableOp_1, concat/axis)' with input shapes: [2,4], "
     "[2,3], [2,4], [] and with computed input tensors: input[3] = <0>." % SAID),
    (_scoped, (A23, A24), "%s '{{node block/concat}} = %s(x, y, block/concat/axis)' with input shapes: %s"
     % (SAID, CONCAT, AXIS0)),
    (_twice, (A23, A24), "%s '{{node concat_1}} = %s(concat, y, concat_1/axis)' with input shapes: [4,3], [2,4], [] "
     "and with computed input tensors: input[2] = <0>." % (SAID, CONCAT)),
    # tf.stack along axis 0 first tries the list as one constant, named 'stack': the Pack is 'stack_1'
    (lambda x, y: tf.stack([x, y]), (A23, A24), "From merging shape 0 with other shapes. for '{{node stack_1}} = "
     "Pack[N=2, T=DT_FLOAT, axis=0](x, y)' with input shapes: [2,3], [2,4]."),
    (lambda x, y: tf.stack([x, y], name='st'), (A23, A24), "From merging shape 0 with other shapes. for '{{node "
     "st_1}} = Pack[N=2, T=DT_FLOAT, axis=0](x, y)' with input shapes: [2,3], [2,4]."),
    (lambda x, y: tf.stack([x, y, x], -1), (A23, A24), "From merging shape 1 with other shapes. for '{{node stack}} "
     "= Pack[N=3, T=DT_FLOAT, axis=-1](x, y, x)' with input shapes: [2,3], [2,4], [2,3]."),
    (lambda x, y: tf.stack([x, [1., 2.]], 1), (A23, A24), "From merging shape 0 with other shapes. for '{{node "
     "stack}} = Pack[N=2, T=DT_FLOAT, axis=1](x, stack/values_1)' with input shapes: [2,3], [2]."),
    (lambda x, y: tf.stack([x, VARIABLE]), (A23, A24), "From merging shape 0 with other shapes. for '{{node "
     "stack_1}} = Pack[N=2, T=DT_FLOAT, axis=0](x, stack_1/ReadVariableOp)' with input shapes: [2,3], [2,4]."),
]


@pytest.mark.parametrize('fn, args, expected', CASES)
def test_concat_and_stack_refused_by_the_graph_name_node_inputs_and_shapes(fn, args, expected):
    # Pack's line is the second of its message ('ValueError: ' starts the line before it)
    expected = expected if expected.startswith('From merging') else 'ValueError: ' + expected
    assert _last_line(tf.function(fn), *args) == expected


def test_pack_says_which_shapes_did_not_merge_on_the_line_before():
    with pytest.raises(ValueError) as err:
        tf.function(lambda x, y: tf.stack([x, y, x], 1))(A23, A24)
    lines = [line.strip() for line in str(err.value).strip().split('\n')]
    assert lines[-2:] == [
        'ValueError: Dimension 1 in both shapes must be equal, but are 4 and 3. Shapes are [2,4] and [2,3].',
        "From merging shape 1 with other shapes. for '{{node stack}} = Pack[N=3, T=DT_FLOAT, axis=1](x, y, x)' with "
        "input shapes: [2,3], [2,4], [2,3]."]
    with pytest.raises(ValueError) as err:
        tf.function(lambda x, y: tf.stack([x, y]))(A23, A2)
    assert str(err.value).strip().split('\n')[-2].strip() == 'ValueError: Shapes must be equal rank, but are 2 and 1'


def test_a_length_the_signature_leaves_open_merges_and_the_kernel_fails_at_run_time():
    fn = tf.function(lambda x, y: tf.concat([x, y], 0),
                     input_signature=[tf.TensorSpec((2, None)), tf.TensorSpec((2, 4))])
    with pytest.raises(tf.errors.InvalidArgumentError):
        fn(A23, A24)
    fn = tf.function(lambda x, y: tf.concat([x, y], 0),
                     input_signature=[tf.TensorSpec((None, 3)), tf.TensorSpec((None, 4))])
    assert _last_line(fn, A23, A24) == "ValueError: %s '{{node concat}} = %s(x, y, concat/axis)' with input shapes: " \
        "[?,3], [?,4], [] and with computed input tensors: input[2] = <0>." % (SAID, CONCAT)


def test_eager_concat_and_stack_keep_the_kernels_errors_and_values_are_unchanged():
    with pytest.raises(tf.errors.InvalidArgumentError, match='ConcatOp : Dimension 1 in both shapes must be equal'):
        tf.concat([A23, A24], 0)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Shapes of all inputs must match'):
        tf.stack([A23, A24])
    fn = tf.function(lambda x, y: (tf.concat([x, y], 1), tf.stack([x, x], 1)))
    joined, stacked = fn(A23, A24)
    assert joined.shape == (2, 7) and stacked.shape == (2, 2, 3)
    assert float(tf.reduce_sum(joined)) == 14.0 and float(tf.reduce_sum(stacked)) == 12.0
