"""errors22: an integer index outside its dimension inside a tf.function is refused by TF 2.21's graph shape function,
a ValueError naming the StridedSlice node, its masks and constants (printed by /work/notes/progs/errors22/p_slice.py);
tapeflow raised the eager kernel's InvalidArgumentError. An open traced dimension keeps the kernel's error."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_NODE = "'{{node strided_slice}} = StridedSlice[Index=DT_INT32, T=DT_FLOAT, begin_mask=%d, ellipsis_mask=%d, " \
        "end_mask=%d, new_axis_mask=0, shrink_axis_mask=%d](%s, strided_slice/stack, strided_slice/stack_1, " \
        "strided_slice/stack_2)' with input shapes: %s and with computed input tensors: %s."


@tf.function
def _int(x):
    return x[5]


@tf.function
def _colon_int(x):
    return x[:, 5]


@tf.function
def _negative(x):
    return x[-5]


@tf.function
def _ellipsis(x):
    return x[..., 5]


@tf.function
def _of_an_op(x):
    y = x * 2
    return y[7]


@pytest.mark.parametrize('function, shape, line, text', [
    (_int, (3,), 'return x[5]', 'slice index 5 of dimension 0 out of bounds. for ' + _NODE % (
        0, 0, 0, 1, 'x', '[3], [1], [1], [1]', 'input[1] = <5>, input[2] = <6>, input[3] = <1>')),
    (_colon_int, (2, 3), 'return x[:, 5]', 'slice index 5 of dimension 1 out of bounds. for ' + _NODE % (
        1, 0, 1, 2, 'x', '[2,3], [2], [2], [2]', 'input[1] = <0 5>, input[2] = <0 6>, input[3] = <1 1>')),
    (_negative, (3,), 'return x[-5]', 'slice index -2 of dimension 0 out of bounds. for ' + _NODE % (
        0, 0, 0, 1, 'x', '[3], [1], [1], [1]', 'input[1] = <-5>, input[2] = <-4>, input[3] = <1>')),
    (_ellipsis, (2, 3), 'return x[..., 5]', 'slice index 5 of dimension 1 out of bounds. for ' + _NODE % (
        0, 1, 0, 2, 'x', '[2,3], [2], [2], [2]', 'input[1] = <0 5>, input[2] = <0 6>, input[3] = <1 1>')),
    (_of_an_op, (3,), 'return y[7]', 'slice index 7 of dimension 0 out of bounds. for ' + _NODE % (
        0, 0, 0, 1, 'mul', '[3], [1], [1], [1]', 'input[1] = <7>, input[2] = <8>, input[3] = <1>')),
])
def test_an_index_outside_a_traced_dimension(function, shape, line, text):
    with pytest.raises(ValueError) as caught:
        function(tf.ones(shape))
    assert not isinstance(caught.value, InvalidArgumentError)
    assert str(caught.value).endswith('  *\n        %s\n\n    ValueError: %s\n' % (line, text))


def test_an_open_traced_dimension_keeps_the_kernel_error():
    open_int = tf.function(lambda x: x[5], input_signature=[tf.TensorSpec([None])])
    with pytest.raises(InvalidArgumentError) as caught:
        open_int(tf.ones(3))
    # (TF 2.21's is the graph run's: '{{function_node __inference_<lambda>_11}} slice index 5 of dimension 0 out of
    # bounds.\n\t [[{{node strided_slice}}]] [Op:__inference_<lambda>_11]'; tapeflow keeps the eager kernel's words)
    assert 'slice index 5 of dimension 0 out of bounds.' in str(caught.value)
