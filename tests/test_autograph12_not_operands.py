"""``not`` on a tensor in a tf.function (traced_not_operands.py): AutoGraph's ag__.not_ is tf.logical_not,
which refuses an int / float tensor while tracing; tapeflow took the tensor's Python truth (``if not count:``
ran its else branch, ``y = not x`` gave False). Each message was printed by TF 2.21 for the same function
(/work/notes/progs/autograph12/p6.py)."""
import pytest

import framework as tf


def _error(call, error):
    with pytest.raises(error) as caught:
        call()
    lines = str(caught.value).split('\n')
    return lines[3].strip(), lines[5].strip()


def _logical_not(dtype):
    return "TypeError: Input 'x' of 'LogicalNot' Op has type %s that does not match expected type of bool." % dtype


def test_if_not_and_not_assigned_on_numbers():
    @tf.function
    def empty(x):
        if not x:
            return 1
        return 2

    @tf.function
    def negated(x):
        y = not x
        return y
    assert _error(lambda: empty(tf.constant(3)), TypeError) == ('if not x:', _logical_not('int32'))
    assert _error(lambda: empty(tf.constant(3.0)), TypeError) == ('if not x:', _logical_not('float32'))
    assert _error(lambda: negated(tf.constant(3)), TypeError) == ('y = not x', _logical_not('int32'))
    # booleans are what logical_not takes: TF 2.21 2 and False
    assert empty(tf.constant(True)).numpy() == 2
    assert negated(tf.constant(True)).numpy() == False     # noqa: E712 (a numpy bool)


def test_while_not_and_elif_not():
    @tf.function
    def until(x):
        while not x:
            x += 1
        return x

    @tf.function
    def branches(x, y):
        if x > 0:
            r = 1
        elif not y:
            r = 2
        else:
            r = 3
        return r
    assert _error(lambda: until(tf.constant(0)), TypeError) == ('while not x:', _logical_not('int32'))
    assert _error(lambda: branches(tf.constant(-1), tf.constant(0)), TypeError) == ('elif not y:', _logical_not('int32'))


def test_if_not_on_a_boolean_vector_names_the_logical_not():
    @tf.function
    def masked(x):
        if not x:
            return 1
        return 2

    @tf.function
    def masked_after_one(x):
        a = tf.logical_not(x)
        if not x:
            return 1
        return 2
    text = ('ValueError: condition of if statement expected to be `tf.bool` scalar, got Tensor("%s:0", shape=(2,), '
            'dtype=bool); to check for None, use `is not None`')
    mask = tf.constant([True, False])
    assert _error(lambda: masked(mask), ValueError) == ('if not x:', text % 'LogicalNot')
    assert _error(lambda: masked_after_one(mask), ValueError) == ('if not x:', text % 'LogicalNot_1')


def test_not_outside_a_function_is_pythons():
    assert (not tf.constant(3)) is False
