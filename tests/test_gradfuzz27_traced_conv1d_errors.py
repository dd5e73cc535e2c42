"""tf.nn.conv1d in a tf.function whose operands TF 2.21's graph refuses: Conv2D's shape function over the input
expanded at axis 1 and the filters at axis 0, inside the API's scope ('{{node conv1d}} = Conv2D[...](conv1d/ExpandDims,
conv1d/ExpandDims_1)'); eagerly a window that leaves no rows gives an empty output (probes
/work/notes/progs/gradfuzz27/c1.py, c4.py)."""
import pytest

import framework as tf


def _graph_text(fn, *args):
    with pytest.raises(ValueError) as caught:
        tf.function(fn)(*args)
    text = str(caught.value)      # (autograph's 'in user code:' frame, where it converts the function, ends so)
    return text[text.rindex('ValueError: ') + len('ValueError: '):].strip() if 'ValueError: ' in text else text


def _conv(problem, node, shapes, dtype='DT_FLOAT', dilations='1, 1, 1, 1', strides='1, 1, 1, 1', padding='VALID'):
    return ("%s for '{{node %s}} = Conv2D[T=%s, data_format=\"NHWC\", dilations=[%s], explicit_paddings=[], "
            "padding=\"%s\", strides=[%s], use_cudnn_on_gpu=true](%s/ExpandDims, %s/ExpandDims_1)' with input "
            "shapes: %s." % (problem, node, dtype, dilations, padding, strides, node, node, shapes))


K = tf.ones((3, 3, 2))


@pytest.mark.parametrize('fn, x, expected', [
    # TF 2.21's texts
    (lambda a, b: tf.nn.conv1d(a, b, 1, 'VALID'), tf.ones((2, 2, 3)),
     _conv('Negative dimension size caused by subtracting 3 from 2', 'conv1d', '[2,1,2,3], [1,3,3,2]')),
    (lambda a, b: tf.nn.conv1d(a, b, 1, 'VALID'), tf.ones((2, 2, 3), tf.float64),
     _conv('Negative dimension size caused by subtracting 3 from 2', 'conv1d', '[2,1,2,3], [1,3,3,2]', 'DT_DOUBLE')),
    (lambda a, b: tf.nn.conv1d(a, b, 1, 'VALID', name='cc'), tf.ones((2, 2, 3)),
     _conv('Negative dimension size caused by subtracting 3 from 2', 'cc', '[2,1,2,3], [1,3,3,2]')),
    (lambda a, b: tf.nn.conv1d(a * 2, b, 1, 'VALID', dilations=2), tf.ones((2, 4, 3)),
     _conv('Negative dimension size caused by subtracting 5 from 4', 'conv1d', '[2,1,4,3], [1,3,3,2]',
           dilations='1, 1, 2, 1')),
    (lambda a, b: tf.nn.conv1d(a, b, [1, 2, 1], 'VALID'), tf.ones((2, 2, 3)),
     _conv('Negative dimension size caused by subtracting 3 from 2', 'conv1d', '[2,1,2,3], [1,3,3,2]',
           strides='1, 1, 2, 1')),
    (lambda a, b: tf.nn.conv1d(a, b, 1, 'SAME'), tf.ones((2, 4, 4)),
     _conv('Depth of input (4) is not a multiple of input depth of filter (3)', 'conv1d', '[2,1,4,4], [1,3,3,2]',
           padding='SAME')),
])
def test_the_graph_refuses_conv1d_operands(fn, x, expected):
    assert _graph_text(fn, x, K if x.dtype.name == 'float32' else tf.cast(K, x.dtype)) == expected


def test_a_name_scope_prefixes_the_node_and_its_inputs():
    # TF 2.21: '{{node blk/conv1d}} ... (blk/conv1d/ExpandDims, blk/conv1d/ExpandDims_1)'
    def g(a, b):
        with tf.name_scope('blk'):
            return tf.nn.conv1d(a, b, 1, 'VALID')
    assert _graph_text(g, tf.ones((2, 2, 3)), K) == _conv('Negative dimension size caused by subtracting 3 from 2',
                                                           'blk/conv1d', '[2,1,2,3], [1,3,3,2]')


def test_windows_that_fit_still_compute():
    # TF 2.21: (2, 2, 2) with SAME padding in a trace; eagerly a VALID window leaving no rows is (2, 0, 2)
    assert tuple(tf.function(lambda a, b: tf.nn.conv1d(a, b, 1, 'SAME'))(tf.ones((2, 2, 3)), K).shape) == (2, 2, 2)
    assert tuple(tf.nn.conv1d(tf.ones((2, 2, 3)), K, 1, 'VALID').shape) == (2, 0, 2)
