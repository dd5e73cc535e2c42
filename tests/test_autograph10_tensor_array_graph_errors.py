"""A graph TensorArray's kernel errors in a tf.function read as TF 2.21's graph raises them when it runs:
'Graph execution error:\n\nDetected at node <scope>/<op> defined at (most recent call last): ...' with the
op's unique scope in the trace's graph (a third write is TensorArrayV2Write_2; a loop body's 'while/...', the
loop statement's line before the body's), and for a lambda's graph '{{function_node __inference_<lambda>}}
...'. tapeflow before: the kernel's text alone. Texts printed by TF 2.21 for the same functions
(/work/notes/progs/autograph10/p17.py, p17b.py, p17c.py); TF's graph ids ('__inference_w2_17') are left out."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _raised(function, *args):
    with pytest.raises(InvalidArgumentError) as caught:
        function(*args)
    return str(caught.value)


def test_writes_reads_gathers_and_stacks():
    @tf.function
    def third_write():
        ta = tf.TensorArray(tf.float32, size=2)
        ta = ta.write(0, 1.0)
        ta = ta.write(1, 1.0)
        ta = ta.write(2, 1.0)
        return ta.stack()

    @tf.function
    def second_read():
        ta = tf.TensorArray(tf.float32, size=2)
        ta = ta.write(0, 1.0)
        a = ta.read(0)
        return a + ta.read(4)

    @tf.function
    def gathered():
        ta = tf.TensorArray(tf.float32, size=2)
        ta = ta.write(0, 1.0)
        return ta.gather([0, 3])

    @tf.function
    def stacked():
        ta = tf.TensorArray(tf.float32, size=3)
        ta = ta.unstack([1.0])
        return ta.stack()
    here = test_writes_reads_gathers_and_stacks.__code__.co_firstlineno
    for function, node, text, offset in (
            (third_write, 'TensorArrayV2Write_2/TensorListSetItem',
             'Trying to modify element 2 in a list with 2 elements.', 6),
            (second_read, 'TensorArrayV2Read_1/TensorListGetItem',
             'Trying to access element 4 in a list with 2 elements.', 14),
            (gathered, 'TensorListGather', 'Trying to gather element 3 in a list with 2 elements.', 20),
            (stacked, 'TensorArrayV2Stack/TensorListStack',
             'Operation expected a list with 3 elements but got a list with 1 elements.', 26)):
        seen = _raised(function)
        assert seen.startswith('Graph execution error:\n\nDetected at node %s defined at (most recent call last):\n'
                               % node)
        # (the frames end with the call in _raised, then the function's line)
        assert seen.endswith('in _raised\n\n  File "%s", line %d, in %s\n\n%s\n\t [[{{node %s}}]] [Op:__inference_%s]'
                             % (__file__, here + offset, function.__name__, text, node, function.__name__))


def test_a_write_past_the_end_in_a_loops_later_turn():
    @tf.function
    def writes(n):
        ta = tf.TensorArray(tf.float32, size=2)
        for i in tf.range(n):
            ta = ta.write(i, 1.0)
        return ta.stack()
    assert writes(tf.constant(2)).numpy().tolist() == [1.0, 1.0]
    text = _raised(writes, tf.constant(3))      # (a replay of the trace: the names and frames it gave)
    line = writes.python_function.__code__.co_firstlineno
    assert text.startswith('Graph execution error:\n\nDetected at node while/TensorArrayV2Write/TensorListSetItem '
                           'defined at (most recent call last):\n')
    assert text.endswith('  File "%s", line %d, in writes\n\n  File "%s", line %d, in writes\n\nTrying to modify '
                         'element 2 in a list with 2 elements.\n\t [[{{node while/TensorArrayV2Write/TensorListSetItem'
                         '}}]] [Op:__inference_writes]' % (__file__, line + 3, __file__, line + 4))


def test_a_lambdas_graph_names_the_function_node():
    text = _raised(tf.function(lambda: tf.TensorArray(tf.float32, size=2).write(2, 1.0).stack()))
    assert text == ('{{function_node __inference_<lambda>}} Trying to modify element 2 in a list with 2 elements.\n'
                    '\t [[{{node TensorArrayV2Write/TensorListSetItem}}]] [Op:__inference_<lambda>]')
    text = _raised(tf.function(lambda: tf.TensorArray(tf.float32, size=2).scatter([0, 1], [1.0]).stack()))
    assert text == ('{{function_node __inference_<lambda>}} Expected len(indices) == tensor.shape[0], but saw: 2 vs. '
                    '1\n\t [[{{node TensorArrayScatter/TensorListScatterIntoExistingList}}]] [Op:__inference_<lambda>]')


def test_eagerly_the_kernels_text_stays():
    with pytest.raises(Exception) as caught:
        tf.TensorArray(tf.float32, size=2).write(5, 1.0)
    assert 'Graph execution error' not in str(caught.value)
