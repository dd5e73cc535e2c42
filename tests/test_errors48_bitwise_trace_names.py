"""Bitwise and logical operators in a tf.function, named and refused as TF 2.21's graph does: ``&`` / ``|`` / ``^``
open a name scope of their own, so on integers their op sits inside it ('and/BitwiseAnd:0', refused at
'{{node or/BitwiseOr}}'), on bool tensors the op takes the scope's name ('and:0'; ``^`` fails first at
'xor/LogicalOr'); tf.bitwise's ops and ``~`` of an integer are 'BitwiseAnd' ... 'Invert'; tf.math.logical_xor is
'LogicalXor' and fails at its top-level LogicalOr. tapeflow printed the values (and 'and:0' for integers) and raised
the run's InvalidArgumentError for tf.bitwise. Texts printed by TF 2.21 (/work/notes/progs/errors48/c11.txt,
c17.txt, c2.txt)."""
import pytest

import framework as tf

I3, I2 = tf.ones((3,), tf.int32), tf.ones((2,), tf.int32)
B3, B2 = tf.ones((3,), tf.bool), tf.ones((2,), tf.bool)


def _printed(fn, *args):
    lines = []
    tf.function(lambda *a: lines.extend(str(t) for t in fn(*a)))(*args)
    return lines


def _tensor(name, dtype):
    return 'Tensor("%s:0", shape=(3,), dtype=%s)' % (name, dtype)


def test_integer_operators_name_their_bitwise_op_inside_their_scope():
    assert _printed(lambda a, b: [a & b, a | b, a ^ b, a + b], I3, tf.ones((3,), tf.int32)) == [
        _tensor('and/BitwiseAnd', 'int32'), _tensor('or/BitwiseOr', 'int32'), _tensor('xor/BitwiseXor', 'int32'),
        _tensor('add', 'int32')]


def test_bool_operators_are_named_after_their_scope():
    assert _printed(lambda a, b: [a & b, a | b, a ^ b, tf.math.logical_xor(a, b)], B3, tf.ones((3,), tf.bool)) == [
        _tensor('and', 'bool'), _tensor('or', 'bool'), _tensor('xor', 'bool'), _tensor('LogicalXor', 'bool')]


def test_scopes_are_numbered_across_kinds():
    assert _printed(lambda a, b, c: [a & b, c & c, a & b, tf.bitwise.invert(a), ~a,
                                     tf.bitwise.bitwise_and(a, b, name='q')],
                    I3, tf.ones((3,), tf.int32), B3) == [
        _tensor('and/BitwiseAnd', 'int32'), _tensor('and_1', 'bool'), _tensor('and_2/BitwiseAnd', 'int32'),
        _tensor('Invert', 'int32'), _tensor('Invert_1', 'int32'), _tensor('q', 'int32')]


def test_bitwise_functions():
    assert _printed(lambda a, b: [tf.bitwise.bitwise_and(a, b), tf.bitwise.bitwise_or(a, b),
                                  tf.bitwise.bitwise_xor(a, b), tf.bitwise.invert(a), tf.bitwise.left_shift(a, b),
                                  tf.bitwise.right_shift(a, b)], I3, tf.ones((3,), tf.int32)) == [
        _tensor(n, 'int32') for n in ('BitwiseAnd', 'BitwiseOr', 'BitwiseXor', 'Invert', 'LeftShift', 'RightShift')]


def _refusal(fn, *args):
    with pytest.raises(ValueError) as info:
        tf.function(fn)(*args)
    assert type(info.value) is ValueError
    # (TF words the graph's refusal 'in user code:' for a converted function: the refusal's own text is the last part)
    return str(info.value).split('    ValueError: ', 1)[-1].strip()


@pytest.mark.parametrize('fn, args, node, op', [
    (lambda a, b: a | b, (I3, I2), 'or/BitwiseOr', 'BitwiseOr[T=DT_INT32]'),
    (lambda a, b: a & b, (I3, I2), 'and/BitwiseAnd', 'BitwiseAnd[T=DT_INT32]'),
    (lambda a, b: a ^ b, (I3, I2), 'xor/BitwiseXor', 'BitwiseXor[T=DT_INT32]'),
    (lambda a, b: a ^ b, (B3, B2), 'xor/LogicalOr', 'LogicalOr[]'),
    (lambda a, b: tf.math.logical_xor(a, b), (B3, B2), 'LogicalOr', 'LogicalOr[]'),
    (lambda a, b: tf.bitwise.bitwise_and(a, b), (I3, I2), 'BitwiseAnd', 'BitwiseAnd[T=DT_INT32]'),
    (lambda a, b: tf.bitwise.bitwise_xor(a, b), (I3, I2), 'BitwiseXor', 'BitwiseXor[T=DT_INT32]'),
    (lambda a, b: tf.bitwise.left_shift(a, b), (I3, I2), 'LeftShift', 'LeftShift[T=DT_INT32]'),
])
def test_refusals_name_the_failing_node(fn, args, node, op):
    assert _refusal(fn, *args) == ("Dimensions must be equal, but are 3 and 2 for '{{node %s}} = %s(a, b)' with input "
                                   "shapes: [3], [2]." % (node, op))


def test_a_second_integer_operator_is_refused_in_its_numbered_scope():
    assert _refusal(lambda a, b: (a & a, a & b), I3, I2) == (
        "Dimensions must be equal, but are 3 and 2 for '{{node and_1/BitwiseAnd}} = BitwiseAnd[T=DT_INT32](a, b)' "
        "with input shapes: [3], [2].")
