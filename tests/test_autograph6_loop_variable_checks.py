"""AutoGraph's check of a tensor loop's variables after the body's one trace (loop_variable_checks.py):
TF 2.21 raises while tracing when a ``for`` over tf.range / a tensor or a ``while`` on a tensor changes a
variable's dtype, or its shape beyond what it entered with (or beyond set_loop_options' invariant).
tapeflow ran such loops on. Each message was printed by TF 2.21 for the same function
(/work/notes/progs/autograph6/p5.py)."""
import pytest

import framework as tf

SHAPE = ("'%s' has shape %s before the loop, but shape %s after one iteration. Use "
         "tf.autograph.experimental.set_loop_options to set shape invariants.")


def _message(call, error):
    with pytest.raises(error) as caught:
        call()
    return str(caught.value).strip().split('\n')[-1].strip()


def test_for_over_a_range_that_grows_a_tensor():
    @tf.function
    def grows(x):
        for _ in tf.range(3):
            x = tf.concat([x, x], 0)
        return x
    with pytest.raises(ValueError) as caught:
        grows(tf.ones([2]))
    lines = str(caught.value).split('\n')
    assert lines[0] == 'in user code:' and lines[3].strip() == 'for _ in tf.range(3):'
    assert lines[5].strip() == 'ValueError: ' + SHAPE % ('x', '(2,)', '(4,)')


def test_dtype_change_and_a_python_number_made_a_tensor():
    @tf.function
    def casts(x):
        s = tf.constant(0)
        for _ in tf.range(3):
            s = tf.cast(s, tf.float32) + 0.5
        return s

    @tf.function
    def from_python(x):
        s = 0
        for i in tf.range(3):
            s = tf.cast(i, tf.float32)
        return s
    text = "TypeError: 's' has dtype int32 before the loop, but dtype float32 after one iteration"
    assert _message(lambda: casts(tf.ones([2])), TypeError) == text
    assert _message(lambda: from_python(tf.ones([2])), TypeError) == text


def test_while_statement_over_rows_rank_and_autographs_order():
    @tf.function
    def doubles(x):
        while tf.size(x) < 10:
            x = tf.concat([x, x], 0)
        return x

    @tf.function
    def over_rows(x):
        acc = tf.zeros([1])
        for row in x:
            acc = tf.concat([acc, row], 0)
        return acc

    @tf.function
    def adds_an_axis(x):
        for _ in tf.range(2):
            x = tf.expand_dims(x, 0)
        return x

    @tf.function
    def two(x):
        a, b = tf.zeros([2]), tf.zeros([3])
        for _ in tf.range(2):
            b = tf.concat([b, b], 0)
            a = tf.concat([a, a], 0)
        return a, b
    assert _message(lambda: doubles(tf.ones([2])), ValueError) == 'ValueError: ' + SHAPE % ('x', '(2,)', '(4,)')
    assert _message(lambda: over_rows(tf.ones([3, 2])), ValueError) == 'ValueError: ' + SHAPE % ('acc', '(1,)', '(3,)')
    assert _message(lambda: adds_an_axis(tf.ones([2])), ValueError) == \
        'ValueError: ' + SHAPE % ('x', '(2,)', '(1, 2)')
    # AutoGraph orders the variables by name: 'a' is checked first although 'b' changes first
    assert _message(lambda: two(tf.ones([2])), ValueError) == 'ValueError: ' + SHAPE % ('a', '(2,)', '(4,)')


def test_a_variable_the_body_sets_to_none():
    @tf.function
    def none_at_end(n):
        y = tf.constant(1)
        for _ in tf.range(n):
            y = None
        return y
    assert _message(lambda: none_at_end(tf.constant(3)), ValueError) == \
        "ValueError: 'y' is None at the end of the iteration."


def test_open_lengths_invariants_and_fitting_loops_run():
    @tf.function(input_signature=[tf.TensorSpec([None])])
    def open_length(x):
        for _ in tf.range(3):
            x = tf.concat([x, x], 0)
        return x

    @tf.function
    def with_invariant(x):
        for _ in tf.range(3):
            tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape([None]))])
            x = tf.concat([x, x], 0)
        return x

    @tf.function
    def fits(x):
        s = tf.zeros([2])
        for _ in tf.range(3):
            s = s + x
        return s
    assert open_length(tf.ones([2])).shape == (16,)     # TF 2.21: shape=(16,)
    assert with_invariant(tf.ones([2])).shape == (16,)
    assert fits(tf.ones([2])).numpy().tolist() == [3.0, 3.0]


def test_a_refused_loop_leaves_no_trace_state_behind():
    # the refusal closes the loop's turns: a later function's errors are still in autograph's words
    @tf.function
    def grows(x):
        for _ in tf.range(3):
            x = tf.concat([x, x], 0)
        return x

    @tf.function
    def later(x):
        s = tf.constant(0)
        for _ in tf.range(3):
            s = tf.cast(s, tf.float32)
        return s
    with pytest.raises(ValueError):
        grows(tf.ones([2]))
    with pytest.raises(TypeError) as caught:
        later(tf.ones([2]))
    assert str(caught.value).startswith('in user code:')
