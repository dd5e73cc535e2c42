"""tf.switch_case in a tf.function whose branches return different dtypes or structures: TF 2.21 traces every
branch and refuses them against branches[0] (cond_v2._check_same_outputs), whatever the index; tapeflow ran the
taken branch. And a tf.cond branch ``tf.cast(x, tf.int32)`` of a vector shows the vector's shape in the
refusal. Printed by TF 2.21 for the same functions (/work/notes/progs/autograph12/p19.py, p20.py)."""
import pytest

import framework as tf


def _detail(call):
    with pytest.raises(TypeError) as caught:
        call()
    return [line.strip() for line in str(caught.value).split('\n')[5:11]]


def test_switch_case_branches_of_another_dtype():
    @tf.function
    def pick(i, x):
        return tf.switch_case(i, [lambda: x, lambda: tf.cast(x, tf.int32)])
    float_out = 'Tensor("switch_case/indexed_case/Identity:0", shape=(), dtype=float32)'
    int_out = 'Tensor("switch_case/indexed_case/Identity:0", shape=(), dtype=int32)'
    expected = [
        'TypeError: branches[0] and branches[1] arguments to tf.switch_case must have the same number, type, '
        'and overall structure of return values.', '',
        'branches[0] output: ' + float_out, 'branches[1] output: ' + int_out, '', 'Error details:']
    for index in (0, 1):
        assert _detail(lambda: pick(tf.constant(index), tf.constant(5.0))) == expected
    # branches that agree run: TF 2.21 10.0
    agree = tf.function(lambda i, x: tf.switch_case(i, [lambda: x * 1, lambda: x * 2, lambda: x * 3]))
    assert agree(tf.constant(1), tf.constant(5.0)).numpy() == 10.0


def test_a_cond_cast_branch_keeps_its_operands_shape():
    @tf.function
    def f(x):
        return tf.cond(x[0] > 0, lambda: x, lambda: tf.cast(x, tf.int32))
    assert _detail(lambda: f(tf.constant([1.0, 2.0])))[2:4] == [
        'true_fn output: Tensor("cond/Identity:0", shape=(2,), dtype=float32)',
        'false_fn output: Tensor("cond/Identity:0", shape=(2,), dtype=int32)']
