"""A kernel's run-time error in a tf.function reads as TensorFlow's graph run words it (graph_runtime_errors.py).

Printed by TF 2.21 (notes/progs/lead41/ge1.py), the function's uid left out as tapeflow's graph errors do:
    InvalidArgumentError 'Graph execution error:\\n\\nDetected at node GatherV2 defined at (most recent call
    last):\\n  File ".../ge1.py", line 19, in <module>\\n\\n  File ".../ge1.py", line 17, in g\\n\\nindices[0] = 3
    is not in [0, 1)\\n\\t [[{{node GatherV2}}]] [Op:__inference_g_169]'
"""
import numpy as np
import pytest

import framework as tf

def _tail(node, text, function, line):
    """The end of the graph error: the traced function's own frame, the kernel's text, the node and function."""
    return '  File "%s", line %d, in %s\n\n%s\n\t [[{{node %s}}]] [Op:__inference_%s]' % (
        __file__, line, function, text, node, function)


def test_an_index_out_of_range_names_the_node_and_the_lines_that_made_it():
    @tf.function
    def g(x, i):
        return tf.gather(x, i)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        g(tf.constant([1.0]), tf.constant([3]))
    message = str(caught.value)
    assert message.startswith('Graph execution error:\n\nDetected at node GatherV2 defined at (most recent call last):\n')
    assert message.endswith(_tail('GatherV2', 'indices[0] = 3 is not in [0, 1)', 'g',
                                  g.python_function.__code__.co_firstlineno + 2))
    # the user frames from the outermost down: this test's call before g's line
    assert 'in test_an_index_out_of_range_names_the_node_and_the_lines_that_made_it\n\n  File' in message


def test_an_integer_division_by_zero():
    @tf.function
    def floordiv(x):
        return tf.math.floordiv(x, tf.zeros_like(x))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        floordiv(tf.constant([1, 2]))
    assert str(caught.value).endswith(_tail('floordiv', 'Integer division by zero', 'floordiv',
                                            floordiv.python_function.__code__.co_firstlineno + 2))


def test_eager_calls_keep_the_kernels_words():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'^\{\{function_node __wrapped__MatrixInverse_device_'):
        tf.linalg.inv(tf.zeros((2, 2)))


def test_a_named_op_takes_its_name_as_the_node():
    @tf.function
    def g(x):
        with tf.name_scope('block'):
            return tf.gather(x, [5], name='pick')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        g(tf.constant(np.ones(2, 'float32')))
    assert str(caught.value).endswith('\t [[{{node block/pick}}]] [Op:__inference_g]')


def test_a_later_call_names_the_node_and_the_lines_of_the_call_that_traced():
    # TF 2.21 (ge1.py): the replayed graph fails with the frames recorded when the call that traced made the op
    @tf.function
    def g(x, i):
        return tf.gather(x, i)
    def first_call():
        return g(tf.constant([1.0]), tf.constant([0]))
    assert first_call().numpy().tolist() == [1.0]
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        g(tf.constant([1.0]), tf.constant([3]))
    message = str(caught.value)
    assert message.startswith('Graph execution error:\n\nDetected at node GatherV2 defined at')
    assert message.endswith(_tail('GatherV2', 'indices[0] = 3 is not in [0, 1)', 'g',
                                  g.python_function.__code__.co_firstlineno + 2))
    assert ', in first_call\n\n' in message      # the tracing call's frames, not this call's
