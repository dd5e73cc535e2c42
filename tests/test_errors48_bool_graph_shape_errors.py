"""Boolean operands whose shapes do not fit in a tf.function: TensorFlow's graph refuses the op as it is added
(shape inference's ValueError, T=DT_BOOL), as for float operands; tapeflow raised the graph run's
InvalidArgumentError ('Graph execution error: ... Incompatible shapes'). LogicalAnd / LogicalOr have no attributes
('LogicalAnd[](a, b)'), Equal / NotEqual add incompatible_shape_error=true. Texts printed by TF 2.21
(/work/notes/progs/errors48/c2.txt, c9.txt, c10.txt)."""
import pytest

import framework as tf

B3, B2, B32 = tf.ones((3,), tf.bool), tf.ones((2,), tf.bool), tf.ones((3, 2), tf.bool)
F3, F2 = tf.ones((3,)), tf.ones((2,))


def _refusal(fn, *args):
    with pytest.raises(ValueError) as info:
        tf.function(fn)(*args)
    assert type(info.value) is ValueError
    # (TF words the graph's refusal 'in user code:' for a converted function: the refusal's own text is the last part)
    text = str(info.value).split('    ValueError: ', 1)[-1]
    return text.replace('\n    ', '\n').strip()


def _unequal(node, inputs, shapes='[3], [2]', pair=(3, 2)):
    return "Dimensions must be equal, but are %d and %d for '{{node %s}} = %s' with input shapes: %s." % (
        pair + (node, inputs, shapes))


def test_logical_and_or_have_no_attributes():
    assert _refusal(lambda a, b: tf.logical_and(a, b), tf.ones((1, 2, 3, 5), tf.bool), tf.ones((1, 1, 2, 2), tf.bool)) \
        == _unequal('LogicalAnd', 'LogicalAnd[](a, b)', '[1,2,3,5], [1,1,2,2]')
    assert _refusal(lambda a, b: tf.math.logical_or(a, b), B3, B2) == _unequal('LogicalOr', 'LogicalOr[](a, b)')
    assert _refusal(lambda a, b: tf.logical_and(a, b, name='both'), B3, B2) == _unequal('both', 'LogicalAnd[](a, b)')
    assert _refusal(lambda a, b: a & b, B3, B2) == _unequal('and', 'LogicalAnd[](a, b)')
    assert _refusal(lambda a, b: a | b, B3, B2) == _unequal('or', 'LogicalOr[](a, b)')


def test_a_python_list_and_a_variable_operand():
    assert _refusal(lambda a: tf.logical_and(a, [True, False]), B3) == \
        _unequal('LogicalAnd', 'LogicalAnd[](a, LogicalAnd/y)')
    variable = tf.Variable([True, False])
    assert _refusal(lambda a: tf.logical_and(a, variable), B3) == \
        _unequal('LogicalAnd', 'LogicalAnd[](a, LogicalAnd/ReadVariableOp)')


def test_equal_and_not_equal_name_incompatible_shape_error():
    assert _refusal(lambda a, b: tf.equal(a, b), F3, F2) == \
        _unequal('Equal', 'Equal[T=DT_FLOAT, incompatible_shape_error=true](a, b)')
    assert _refusal(lambda a, b: tf.not_equal(a, b), F3, F2) == \
        _unequal('NotEqual', 'NotEqual[T=DT_FLOAT, incompatible_shape_error=true](a, b)')
    assert _refusal(lambda a, b: tf.equal(a, b), B3, B2) == \
        _unequal('Equal', 'Equal[T=DT_BOOL, incompatible_shape_error=true](a, b)')
    assert _refusal(lambda a, b: tf.equal(a, b), tf.ones((3,), tf.int32), tf.ones((2,), tf.int32)) == \
        _unequal('Equal', 'Equal[T=DT_INT32, incompatible_shape_error=true](a, b)')


def test_boolean_tensors_in_shape_ops():
    assert _refusal(lambda c, a, b: tf.where(c, a, b), B3, tf.ones((3,), tf.bool), B2) == \
        _unequal('SelectV2', 'SelectV2[T=DT_BOOL](c, a, b)', '[3], [3], [2]')
    assert _refusal(lambda a: tf.reshape(a, (4,)), B3) == (
        "Cannot reshape a tensor with 3 elements to shape [4] (4 elements) for '{{node Reshape}} = "
        "Reshape[T=DT_BOOL, Tshape=DT_INT32](a, Reshape/shape)' with input shapes: [3], [1] and with input tensors "
        "computed as partial shapes: input[1] = [4].")
    assert _refusal(lambda a, b: tf.concat([a, b], 0), B32, tf.ones((3, 3), tf.bool)) == (
        "Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2] and [3]. for '{{node concat}} = "
        "ConcatV2[N=2, T=DT_BOOL, Tidx=DT_INT32](a, b, concat/axis)' with input shapes: [3,2], [3,3], [] and with "
        "computed input tensors: input[2] = <0>.")
    assert _refusal(lambda a: tf.expand_dims(a, 5), B3) == (
        "dim 5 not in the interval [-2, 1]. for '{{node ExpandDims}} = ExpandDims[T=DT_BOOL, Tdim=DT_INT32](a, "
        "ExpandDims/dim)' with input shapes: [3], [] and with computed input tensors: input[1] = <5>.")
    assert _refusal(lambda a: tf.transpose(a, [1, 0, 2]), B32) == (
        "Dimension must be 2 but is 3 for '{{node transpose}} = Transpose[T=DT_BOOL, Tperm=DT_INT32](a, "
        "transpose/perm)' with input shapes: [3,2], [3].")
    assert _refusal(lambda a: tf.squeeze(a, 0), B32) == (
        "Can not squeeze dim[0], expected a dimension of 1, got 3 for '{{node Squeeze}} = Squeeze[T=DT_BOOL, "
        "squeeze_dims=[0]](a)' with input shapes: [3,2].")
    assert _refusal(lambda a: a[5], B3) == (
        "slice index 5 of dimension 0 out of bounds. for '{{node strided_slice}} = StridedSlice[Index=DT_INT32, "
        "T=DT_BOOL, begin_mask=0, ellipsis_mask=0, end_mask=0, new_axis_mask=0, shrink_axis_mask=1](a, "
        "strided_slice/stack, strided_slice/stack_1, strided_slice/stack_2)' with input shapes: [3], [1], [1], [1] "
        "and with computed input tensors: input[1] = <5>, input[2] = <6>, input[3] = <1>.")
    assert _refusal(lambda a: tf.broadcast_to(a, (4,)), B3) == (
        "Dimensions must be equal, but are 3 and 4 for '{{node BroadcastTo}} = BroadcastTo[T=DT_BOOL, "
        "Tidx=DT_INT32](a, BroadcastTo/shape)' with input shapes: [3], [1] and with input tensors computed as "
        "partial shapes: input[1] = [4].")


def test_split_tile_gather_and_stack_of_booleans():
    assert _refusal(lambda a: tf.split(a, [2, 2]), B3).startswith(
        "can't split axis of size 3 into pieces of size [2,2] for '{{node split}} = SplitV[T=DT_BOOL, "
        "Tlen=DT_INT32, num_split=2](a, Const, split/split_dim)' with input shapes: [3], [2], []")
    assert _refusal(lambda a: tf.tile(a, [1, 2]), B3) == (
        "Shape must be rank 1 but is rank 2 for '{{node Tile}} = Tile[T=DT_BOOL, Tmultiples=DT_INT32](a, "
        "Tile/multiples)' with input shapes: [3], [2].")
    assert _refusal(lambda a: tf.gather(a, [[0]], axis=2), B3) == (
        "Shape must be at least rank 3 but is rank 1 for '{{node GatherV2}} = GatherV2[Taxis=DT_INT32, "
        "Tindices=DT_INT32, Tparams=DT_BOOL, batch_dims=0](a, GatherV2/indices, GatherV2/axis)' with input shapes: "
        "[3], [1,1], [] and with computed input tensors: input[2] = <2>.")
    assert _refusal(lambda a, b: tf.stack([a, b]), B3, B2) == (
        "Dimension 0 in both shapes must be equal, but are 3 and 2. Shapes are [3] and [2].\n\tFrom merging shape 0 "
        "with other shapes. for '{{node stack_1}} = Pack[N=2, T=DT_BOOL, axis=0](a, b)' with input shapes: [3], [2].")


def test_eager_kernels_keep_their_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[3\] vs. \[2\] \[Op:LogicalAnd\]'):
        tf.logical_and(B3, B2)
