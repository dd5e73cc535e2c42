"""tf.nn.conv2d in a tf.function: its result is the graph tensor 'Conv2D:0' (shape inference keeps the
batch and spatial lengths the trace leaves open), and operands whose shapes do not fit are refused as
TensorFlow's graph refuses Conv2D when it is added: a ValueError naming the node, every attribute, the
inputs and their traced shapes (framework/graph_conv_errors.py). Expected texts printed by TF 2.21
(notes/progs/graphops14/v1.py, notes/progs/graphops15/n1.py, n2.py, n4.py: the last line of str(error),
each call in a tf.function)."""
import pytest

import framework as tf

X4 = tf.ones((1, 4, 4, 3))
K2 = tf.ones((3, 3, 2, 5))


def _text(problem, shapes, padding='SAME', strides='1, 1, 1, 1', dilations='1, 1, 1, 1', explicit='',
          node='Conv2D', inputs='x, y', dtype='DT_FLOAT'):
    return ("%s for '{{node %s}} = Conv2D[T=%s, data_format=\"NHWC\", dilations=[%s], explicit_paddings=[%s], "
            "padding=\"%s\", strides=[%s], use_cudnn_on_gpu=true](%s)' with input shapes: %s." % (
                problem, node, dtype, dilations, explicit, padding, strides, inputs, shapes))


DEPTH32 = 'Depth of input (3) is not a multiple of input depth of filter (2)'
SHAPES = '[1,4,4,3], [3,3,2,5]'

CASES = [
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'SAME'), X4, K2, _text(DEPTH32, SHAPES)),
    (lambda x, y: tf.nn.conv2d(x, y, [1, 2, 2, 1], 'VALID'), X4, K2,
     _text(DEPTH32, SHAPES, padding='VALID', strides='1, 2, 2, 1')),
    (lambda x, y: tf.nn.conv2d(x, y, 2, 'VALID', dilations=2), X4, K2,
     _text(DEPTH32, SHAPES, padding='VALID', strides='1, 2, 2, 1', dilations='1, 2, 2, 1')),
    (lambda x, y: tf.nn.conv2d(x, y, (1, 2), padding='SAME', name='c'), X4, K2,
     _text(DEPTH32, SHAPES, strides='1, 1, 2, 1', node='c')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'SAME'), tf.ones((4, 4, 3)), K2,
     _text('Shape must be rank 4 but is rank 3', '[4,4,3], [3,3,2,5]')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'SAME'), X4, tf.ones((3, 3, 5)),
     _text('Shape must be rank 4 but is rank 3', '[1,4,4,3], [3,3,5]')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'SAME'), tf.ones((1, 4, 4, 6), tf.float64), tf.ones((3, 3, 4, 5), tf.float64),
     _text('Depth of input (6) is not a multiple of input depth of filter (4)', '[1,4,4,6], [3,3,4,5]',
           dtype='DT_DOUBLE')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'SAME'), tf.ones((1, 4, 4, 6)), K2,
     _text('Depth of output (5) is not a multiple of the number of groups (3)', '[1,4,4,6], [3,3,2,5]')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, [[0, 0], [1, 1], [1, 1], [0, 0]]), X4, K2,
     _text(DEPTH32, SHAPES, padding='EXPLICIT', explicit='0, 0, 1, 1, 1, 1, 0, 0')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'VALID'), X4, tf.ones((5, 5, 3, 5)),
     _text('Negative dimension size caused by subtracting 5 from 4', '[1,4,4,3], [5,5,3,5]', padding='VALID')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, 'VALID', dilations=[1, 2, 1, 1]), X4, tf.ones((3, 3, 3, 5)),
     _text('Negative dimension size caused by subtracting 5 from 4', '[1,4,4,3], [3,3,3,5]', padding='VALID',
           dilations='1, 2, 1, 1')),
    (lambda x, y: tf.nn.conv2d(x, y, 1, [[0, 0], [0, 0], [1, 0], [0, 0]]), X4, tf.ones((3, 6, 3, 5)),
     _text('Negative dimension size caused by subtracting 6 from 5', '[1,4,4,3], [3,6,3,5]', padding='EXPLICIT',
           explicit='0, 0, 0, 0, 1, 0, 0, 0')),
]


def _last_line(fn, *args):
    with pytest.raises(ValueError) as err:
        fn(*args)
    assert type(err.value) is ValueError
    last = str(err.value).strip().split('\n')[-1].strip()
    assert last.startswith('ValueError: ')     # (the function's trace note repeats the class, as TF's does)
    return last[len('ValueError: '):]


@pytest.mark.parametrize('fn, x, y, expected', CASES)
def test_conv2d_operands_refused_by_the_graph_name_node_attributes_inputs_and_shapes(fn, x, y, expected):
    assert _last_line(tf.function(fn), x, y) == expected


def test_a_variable_filter_is_read_inside_the_conv_scope():
    v = tf.Variable(tf.ones((3, 3, 2, 5)))
    assert _last_line(tf.function(lambda x: tf.nn.conv2d(x, v, 1, 'SAME')), X4) == _text(
        DEPTH32, SHAPES, inputs='x, Conv2D/ReadVariableOp')


def test_the_failing_conv_takes_the_next_unique_name_and_names_its_input_op():
    @tf.function
    def two(x, y):
        a = tf.nn.conv2d(x, tf.ones((3, 3, 3, 5)), 1, 'SAME')
        return tf.nn.conv2d(a, y, 1, 'SAME')
    assert _last_line(two, X4, K2) == _text('Depth of input (5) is not a multiple of input depth of filter (2)',
                                            '[1,4,4,5], [3,3,2,5]', node='Conv2D_1', inputs='Conv2D, y')


def test_an_open_batch_length_is_shown_as_a_question_mark():
    fn = tf.function(lambda x, y: tf.nn.conv2d(x, y, 1, 'VALID'),
                     input_signature=[tf.TensorSpec((None, 4, 4, 3)), tf.TensorSpec((5, 5, 3, 5))])
    assert _last_line(fn, X4, tf.ones((5, 5, 3, 5))) == _text(
        'Negative dimension size caused by subtracting 5 from 4', '[?,4,4,3], [5,5,3,5]', padding='VALID')


def test_an_open_depth_is_left_to_the_kernel_at_run_time():
    # TF 2.21: InvalidArgumentError '\t [[{{node Conv2D}}]] [Op:__inference_<lambda>_92]' (run time)
    fn = tf.function(lambda x, y: tf.nn.conv2d(x, y, 1, 'SAME'),
                     input_signature=[tf.TensorSpec((None, 4, 4, None)), tf.TensorSpec((3, 3, 2, 5))])
    with pytest.raises(tf.errors.InvalidArgumentError):
        fn(X4, K2)


def test_the_same_operands_eagerly_keep_the_kernel_error():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.nn.conv2d(X4, K2, 1, 'SAME')


def test_conv_results_print_as_graph_tensors_with_tf_names_and_shapes():
    # TF 2.21 (notes/progs/graphops15/n1.py): Conv2D:0, c:0 for name='c', Conv2D_1:0 for explicit padding
    printed = []
    k = tf.ones((3, 3, 3, 5))

    @tf.function
    def f(x, y):
        printed.extend([str(tf.nn.conv2d(x, y, 1, 'SAME')), str(tf.nn.conv2d(x, y, 2, 'VALID', name='c')),
                        str(tf.nn.conv2d(x, y, [1, 1, 1, 1], [[0, 0], [1, 1], [1, 1], [0, 0]]))])
        out = tf.nn.conv2d(x, y, 1, 'SAME')
        printed.append(str(out + 1.0))
        return out

    result = f(X4, k)
    assert printed == ['Tensor("Conv2D:0", shape=(1, 4, 4, 5), dtype=float32)',
                       'Tensor("c:0", shape=(1, 1, 1, 5), dtype=float32)',
                       'Tensor("Conv2D_1:0", shape=(1, 4, 4, 5), dtype=float32)',
                       'Tensor("add:0", shape=(1, 4, 4, 5), dtype=float32)']
    assert result.shape == (1, 4, 4, 5) and float(result[0, 1, 1, 0]) == 27.0


def test_open_lengths_stay_open_in_the_conv_result():
    # TF 2.21: shape=(None, 4, 4, 5), (None, 1, 1, 5); (None, None, None, 5) with open spatial lengths
    printed = []
    k = tf.ones((3, 3, 3, 5))
    g = tf.function(lambda x, y: printed.extend([str(tf.nn.conv2d(x, y, 1, 'SAME')),
                                                 str(tf.nn.conv2d(x, y, 2, 'VALID'))]),
                    input_signature=[tf.TensorSpec((None, 4, 4, 3)), tf.TensorSpec((3, 3, 3, 5))])
    g(tf.ones((2, 4, 4, 3)), k)
    h = tf.function(lambda x, y: printed.append(str(tf.nn.conv2d(x, y, 1, 'SAME'))),
                    input_signature=[tf.TensorSpec((None, None, None, 3)), tf.TensorSpec((3, 3, 3, 5))])
    h(tf.ones((2, 5, 4, 3)), k)
    assert printed == ['Tensor("Conv2D:0", shape=(None, 4, 4, 5), dtype=float32)',
                       'Tensor("Conv2D_1:0", shape=(None, 1, 1, 5), dtype=float32)',
                       'Tensor("Conv2D:0", shape=(None, None, None, 5), dtype=float32)']


def test_conv1d_results_are_the_squeeze_in_its_scope():
    # TF 2.21 (notes/progs/graphops15/c1.py, c2.py): conv1d/Squeeze:0, conv1d_1/Squeeze:0, open lengths kept
    printed = []
    k = tf.ones((3, 3, 5))

    @tf.function
    def f(x, y):
        printed.extend([str(tf.nn.conv1d(x, y, 1, 'SAME')), str(tf.nn.conv1d(x, y, 1, 'SAME'))])
        return x

    f(tf.ones((1, 4, 3)), k)
    g = tf.function(lambda x, y: printed.append(str(tf.nn.conv1d(x, y, 2, 'VALID'))),
                    input_signature=[tf.TensorSpec((None, 4, 3)), tf.TensorSpec((3, 3, 5))])
    g(tf.ones((2, 4, 3)), k)
    assert printed == ['Tensor("conv1d/Squeeze:0", shape=(1, 4, 5), dtype=float32)',
                       'Tensor("conv1d_1/Squeeze:0", shape=(1, 4, 5), dtype=float32)',
                       'Tensor("conv1d/Squeeze:0", shape=(None, 1, 5), dtype=float32)']
