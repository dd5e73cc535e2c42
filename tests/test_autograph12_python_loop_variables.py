"""Python values as loop variables of a tensor loop in a tf.function, as TF 2.21's AutoGraph checks them.

AutoGraph's _verify_single_loop_var converts a Python bool / int / float / str (and a numpy array) to a
tensor before comparing a loop variable's dtype and shape before the loop and after one turn: ``k = 0``
then ``k = 0.5`` is int32 against float32, ``s = 0.0`` then ``s = s + tf.ones([2])`` shape () against
(2,). tapeflow compared only tensors and ran such loops on. A ``while`` whose test is a Python value
before the first turn is a Python loop; a tensor test after a turn is refused. Each message was printed
by TF 2.21 for the same function (/work/notes/progs/autograph12/p3.py, p4.py)."""
import pytest

import framework as tf


def _last_line(call, error):
    with pytest.raises(error) as caught:
        call()
    return str(caught.value).strip().split('\n')[-1].strip()


def _loop(init, step):
    @tf.function
    def loop(n):
        x = init
        for i in tf.range(n):
            x = step(x, i)
        return x
    return loop


@pytest.mark.parametrize('init, step, before, after', [
    (1, lambda x, i: 2.5, 'int32', 'float32'),
    (1, lambda x, i: 'a', 'int32', 'string'),
    (True, lambda x, i: 1, 'bool', 'int32'),
    (1.0, lambda x, i: 3, 'float32', 'int32'),
    (1, lambda x, i: 2 ** 40, 'int32', 'int64'),
    (tf.constant(1), lambda x, i: 5.0, 'int32', 'float32'),
    (tf.constant(1.0), lambda x, i: 5, 'float32', 'int32'),
])
def test_python_values_are_compared_as_the_tensors_they_convert_to(init, step, before, after):
    assert _last_line(lambda: _loop(init, step)(tf.constant(3)), TypeError) == \
        "TypeError: 'x' has dtype %s before the loop, but dtype %s after one iteration" % (before, after)


def test_python_values_of_the_same_dtype_still_run():
    # TF 2.21: 3, 3.0, 5, b'b' (int + i, float + cast i, tensor -> Python int, str -> str)
    assert _loop(0, lambda x, i: x + i)(tf.constant(3)).numpy() == 3
    assert _loop(0.0, lambda x, i: x + tf.cast(i, tf.float32))(tf.constant(3)).numpy() == 3.0
    assert _loop(tf.constant(1), lambda x, i: 5)(tf.constant(3)).numpy() == 5
    assert _loop('a', lambda x, i: 'b')(tf.constant(3)).numpy() == b'b'


def test_a_python_scalar_that_becomes_a_vector():
    @tf.function
    def sums(n):
        s = 0.0
        for i in tf.range(n):
            s = s + tf.ones([2])
        return s
    with pytest.raises(ValueError) as caught:
        sums(tf.constant(3))
    lines = str(caught.value).split('\n')
    assert lines[3].strip() == 'for i in tf.range(n):'
    assert lines[5].strip() == ("ValueError: 's' has shape () before the loop, but shape (2,) after one iteration. "
                                'Use tf.autograph.experimental.set_loop_options to set shape invariants.')


def test_a_tuple_of_python_values_swapped_and_a_while_counter():
    @tf.function
    def swaps(n):
        s = (0, 1.0)
        for i in tf.range(n):
            s = (s[1], s[0])
        return s

    @tf.function
    def halves(x):
        k = 0
        while x > 0:
            x -= 1
            k = 0.5
        return k
    assert _last_line(lambda: swaps(tf.constant(3)), TypeError) == \
        "TypeError: 's' has dtype int32 before the loop, but dtype float32 after one iteration"
    assert _last_line(lambda: halves(tf.constant(3)), TypeError) == \
        "TypeError: 'k' has dtype int32 before the loop, but dtype float32 after one iteration"
    # and a tuple of Python values that keep their dtypes: TF 2.21 (3, 8.0)
    @tf.function
    def counts(n):
        s = (0, 1.0)
        for i in tf.range(n):
            s = (s[0] + 1, s[1] * 2)
        return s
    count, doubled = counts(tf.constant(3))
    assert (count.dtype, count.numpy(), doubled.dtype, doubled.numpy()) == (tf.int32, 3, tf.float32, 8.0)


def test_a_while_whose_python_test_becomes_a_tensor():
    @tf.function
    def until(x):
        done = False
        i = tf.constant(0)
        while not done:
            i += 1
            done = i > x
        return i
    with pytest.raises(NotImplementedError) as caught:
        until(tf.constant(3))
    lines = str(caught.value).split('\n')
    assert lines[3].strip() == 'while not done:'
    assert lines[5].strip() == (
        'NotImplementedError: The condition of while loop started as non-Tensor, then changed to Tensor. This may '
        'happen either because variables changed type, or when a break or return statement inside the loop depends '
        'on a Tensor condition. In both cases, changing to a TF loop should remove the error.')
    assert lines[6].strip() == ('See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/'
                                'g3doc/reference/limitations.md#consistency-of-control-flow-types for more info.')

    # a tensor test from the start is a TF loop: TF 2.21 4
    @tf.function
    def until_tensor(x):
        done = tf.constant(False)
        i = tf.constant(0)
        while not done:
            i += 1
            done = i > x
        return i
    assert until_tensor(tf.constant(3)).numpy() == 4
