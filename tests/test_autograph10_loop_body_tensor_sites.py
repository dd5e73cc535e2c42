"""A Python list appended in a tensor loop's body and read after the loop: TF 2.21's InaccessibleTensorError
says where the body made the tensor, and a loop over a Dataset refuses it too.

tapeflow before: the error lacked TF's '<tf.Tensor ...> was defined here:' frames, and ``for e in ds:
out.append(e * 2)`` then ``return out[0]`` / ``tf.stack(out)`` ran (TF: the tensor belongs to the
'Dataset_scan_scan_body' graph). The expected texts were printed by TF 2.21 for the same functions
(/work/notes/progs/autograph10/p9b.py, p9c.py, p9d.py); TF's graph ids and its body graph's counter
('while_body_17') are not knowable and not compared."""
import pytest

import framework as tf
from framework.inaccessible_tensors import InaccessibleTensorError


def _defined_here(error):
    """The 'was defined here' block's lines of this file (the test runner's frames before them: TF lists
    them too), with the file's path left out."""
    text = str(error)
    block = text[text.index('was defined here:'):].split('\n\n')[0].split('\n')[1:]
    mine = 'File "%s", ' % __file__
    return [line.strip().replace(mine, '') for line in block if mine in line]


def _helper(i):
    return i * 3


def test_the_loop_target_and_a_body_op_name_their_lines():
    @tf.function
    def keeps_targets(n):
        out = []
        for i in tf.range(n):
            out.append(i)
        return out

    @tf.function
    def stacks_later(n):
        out = []
        for i in tf.range(n):
            y = i * 2
            out.append(y + 1)
        return tf.stack(out)
    with pytest.raises(InaccessibleTensorError) as caught:
        keeps_targets(tf.constant(3))
    line = keeps_targets.python_function.__code__.co_firstlineno
    assert str(caught.value).startswith("<tf.Tensor 'while/Placeholder:0' shape=() dtype=int32> is out of scope")
    assert _defined_here(caught.value)[1:] == ['line %d, in keeps_targets' % (line + 3)]   # (the for line)
    with pytest.raises(InaccessibleTensorError) as caught:
        stacks_later(tf.constant(3))
    line = stacks_later.python_function.__code__.co_firstlineno
    assert "<tf.Tensor 'while/add:0' shape=() dtype=int32> was defined here:" in str(caught.value)
    assert _defined_here(caught.value)[1:] == ['line %d, in stacks_later' % (line + 3),
                                               'line %d, in stacks_later' % (line + 5)]


def test_a_while_body_a_helper_and_nested_loops():
    @tf.function
    def through_helper(n):
        out = []
        i = tf.constant(0)
        while i < n:
            out.append(_helper(i))
            i += 1
        return out[0]

    @tf.function
    def nested(n):
        out = []
        for i in tf.range(n):
            for j in tf.range(n):
                out.append(i + j)
        return out[0]
    with pytest.raises(InaccessibleTensorError) as caught:
        through_helper(tf.constant(2))
    line = through_helper.python_function.__code__.co_firstlineno
    assert "<tf.Tensor 'while/mul:0' shape=() dtype=int32> was defined here:" in str(caught.value)
    assert _defined_here(caught.value)[1:] == [
        'line %d, in through_helper' % (line + 4), 'line %d, in through_helper' % (line + 5),
        'line %d, in _helper' % (_helper.__code__.co_firstlineno + 1)]
    with pytest.raises(InaccessibleTensorError) as caught:
        nested(tf.constant(2))
    line = nested.python_function.__code__.co_firstlineno
    assert "<tf.Tensor 'while/while/add:0' shape=() dtype=int32> was defined here:" in str(caught.value)
    assert _defined_here(caught.value)[1:] == ['line %d, in nested' % (line + n) for n in (3, 4, 5)]


def test_a_dataset_loops_body_tensor_is_refused_after_the_loop():
    @tf.function
    def first(ds):
        out = []
        for e in ds:
            out.append(e * 2)
        return out[0]

    @tf.function
    def stacked(ds):
        out = []
        for e in ds:
            out.append(e * 2)
        return tf.stack(out)
    for function in (first, stacked):
        with pytest.raises(InaccessibleTensorError) as caught:
            function(tf.data.Dataset.range(3))
        text = str(caught.value)
        assert "<tf.Tensor 'mul:0' shape=() dtype=int64> is out of scope and cannot be used here." in text
        assert 'because it was defined in FuncGraph(name=Dataset_scan_scan_body, id=' in text
        line = function.python_function.__code__.co_firstlineno
        assert _defined_here(caught.value)[1:] == ['line %d, in %s' % (line + n, function.__name__) for n in (3, 4)]


def test_a_body_tensor_used_inside_its_loop_is_fine():
    @tf.function
    def inside(ds):
        total = tf.constant(0, tf.int64)
        for e in ds:
            parts = [e * 2, e + 1]
            total += tf.add_n(parts)
        return total
    assert int(inside(tf.data.Dataset.range(3))) == 12      # (0+1) + (2+2) + (4+3)
