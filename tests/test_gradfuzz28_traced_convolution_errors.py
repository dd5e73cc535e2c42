"""tf.nn.convolution in a tf.function: TF 2.21's graph refuses operands in Conv2D's / Conv3D's shape function
("Negative dimension size caused by subtracting 3 from 2 for '{{node convolution}} = Conv2D[...]", "Depth of input
(3) is not a multiple of input depth of filter (2) ..."), in the API's scope, where tapeflow raised its kernel's
InvalidArgumentError; its traced result is named as TF names it ('convolution', 'convolution/Squeeze',
'convolution/BatchToSpaceND'), where tapeflow printed its values. Probe /work/notes/progs/gradfuzz28/tc.py."""
import pytest

import framework as tf


def _graph_text(fn, *args):
    with pytest.raises(ValueError) as caught:
        tf.function(fn)(*args)
    text = str(caught.value)      # (autograph's 'in user code:' frame, where it converts the function, ends so)
    return text[text.rindex('ValueError: ') + len('ValueError: '):].strip() if 'ValueError: ' in text else text


_CONV2D = ("%s for '{{node %s}} = Conv2D[T=%s, data_format=\"NHWC\", dilations=[1, 1, 1, 1], explicit_paddings=[], "
           "padding=\"VALID\", strides=%s, use_cudnn_on_gpu=true](%s)' with input shapes: [%s], [%s].")
_CONV3D = ("%s for '{{node %s}} = Conv3D[T=%s, data_format=\"NDHWC\", dilations=[1, 1, 1, 1, 1], padding=\"VALID\", "
           "strides=%s](%s)' with input shapes: [%s], [%s].")
_NEG = 'Negative dimension size caused by subtracting %d from %d'
_DEPTH = 'Depth of input (3) is not a multiple of input depth of filter (2)'
_ONE = '[1, 1, 1, 1]'


def _scoped(**kw):
    def fn(a, b):
        with tf.name_scope('blk'):
            return tf.nn.convolution(a, b, padding='VALID', **kw)
    return fn


def _plain(**kw):
    return lambda a, b: tf.nn.convolution(a, b, padding='VALID', **kw)


@pytest.mark.parametrize('fn, xs, fs, dtype, expected', [
    # TF 2.21's texts (tc.py)
    (_plain(), (2, 2, 3), (3, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'convolution', 'DT_FLOAT', _ONE, 'convolution/ExpandDims, convolution/ExpandDims_1',
        '2,1,2,3', '1,3,3,2')),
    (_scoped(strides=2), (2, 3, 3), (4, 3, 2), 'float32', _CONV2D % (
        _NEG % (4, 3), 'blk/convolution', 'DT_FLOAT', '[1, 1, 2, 1]',
        'blk/convolution/ExpandDims, blk/convolution/ExpandDims_1', '2,1,3,3', '1,4,3,2')),
    (_plain(strides=[2]), (2, 3, 3), (4, 3, 2), 'float64', _CONV2D % (
        _NEG % (4, 3), 'convolution', 'DT_DOUBLE', '[1, 1, 2, 1]', 'convolution/ExpandDims, convolution/ExpandDims_1',
        '2,1,3,3', '1,4,3,2')),
    (_plain(name='cv'), (2, 2, 3), (3, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'cv', 'DT_FLOAT', _ONE, 'cv/ExpandDims, cv/ExpandDims_1', '2,1,2,3', '1,3,3,2')),
    (_plain(), (2, 2, 2, 3), (3, 1, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'convolution', 'DT_FLOAT', _ONE, 'a, b', '2,2,2,3', '3,1,3,2')),
    (_scoped(strides=[1, 2]), (2, 2, 3, 3), (1, 4, 3, 2), 'float32', _CONV2D % (
        _NEG % (4, 3), 'blk/convolution', 'DT_FLOAT', '[1, 1, 2, 1]', 'a, b', '2,2,3,3', '1,4,3,2')),
    (_plain(), (2, 2, 2, 3), (3, 1, 3, 2), 'float16', _CONV2D % (
        _NEG % (3, 2), 'convolution', 'DT_HALF', _ONE, 'a, b', '2,2,2,3', '3,1,3,2')),
    (_scoped(name='cv'), (2, 2, 2, 3), (3, 1, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'blk/cv', 'DT_FLOAT', _ONE, 'a, b', '2,2,2,3', '3,1,3,2')),
    (_plain(), (2, 2, 2, 3), (3, 1, 3, 2), 'int32', _CONV2D % (       # (the graph's shape check comes first)
        _NEG % (3, 2), 'convolution', 'DT_INT32', _ONE, 'a, b', '2,2,2,3', '3,1,3,2')),
    (_plain(), (2, 4, 4, 3), (3, 3, 2, 2), 'float32', _CONV2D % (
        _DEPTH, 'convolution', 'DT_FLOAT', _ONE, 'a, b', '2,4,4,3', '3,3,2,2')),
    (_plain(), (2, 4, 3), (3, 2, 2), 'float32', _CONV2D % (
        _DEPTH, 'convolution', 'DT_FLOAT', _ONE, 'convolution/ExpandDims, convolution/ExpandDims_1', '2,1,4,3',
        '1,3,2,2')),
    (_plain(), (1, 2, 2, 2, 3), (3, 1, 1, 3, 2), 'float32', _CONV3D % (
        _NEG % (3, 2), 'convolution', 'DT_FLOAT', '[1, 1, 1, 1, 1]', 'a, b', '1,2,2,2,3', '3,1,1,3,2')),
    (_scoped(strides=[1, 2, 1]), (1, 3, 3, 2, 3), (1, 4, 1, 3, 2), 'float64', _CONV3D % (
        _NEG % (4, 3), 'blk/convolution', 'DT_DOUBLE', '[1, 1, 2, 1, 1]', 'a, b', '1,3,3,2,3', '1,4,1,3,2')),
    (_plain(), (1, 4, 4, 4, 3), (3, 3, 3, 2, 2), 'float32', _CONV3D % (
        _DEPTH, 'convolution', 'DT_FLOAT', '[1, 1, 1, 1, 1]', 'a, b', '1,4,4,4,3', '3,3,3,2,2')),
    # dilated: SpaceToBatchND first, the op undilated over the lengths divided by the rates (padded up to them)
    (_plain(dilations=2), (2, 4, 3), (3, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'convolution', 'DT_FLOAT', _ONE, 'convolution/ExpandDims, convolution/ExpandDims_1',
        '4,1,2,3', '1,3,3,2')),
    (_scoped(dilations=[2, 1]), (2, 4, 3, 3), (3, 1, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'blk/convolution', 'DT_FLOAT', _ONE, 'blk/convolution/SpaceToBatchND, b', '4,2,3,3',
        '3,1,3,2')),
    (_plain(dilations=2), (2, 3, 3, 3), (3, 3, 3, 2), 'float32', _CONV2D % (
        _NEG % (3, 2), 'convolution', 'DT_FLOAT', _ONE, 'convolution/SpaceToBatchND, b', '8,2,2,3', '3,3,3,2')),
    (_plain(dilations=[1, 2, 3]), (3, 2, 3, 4, 1), (1, 2, 3, 1, 2), 'float32', _CONV3D % (
        _NEG % (3, 2), 'convolution', 'DT_FLOAT', '[1, 1, 1, 1, 1]', 'convolution/SpaceToBatchND, b', '18,2,2,2,1',
        '1,2,3,1,2')),
])
def test_graph_refusal(fn, xs, fs, dtype, expected):
    assert _graph_text(fn, tf.ones(xs, dtype), tf.ones(fs, dtype)) == expected


def test_known_length_among_open_ones():
    # TF 2.21: [?,2,?,3] is refused
    fn = tf.function(lambda a, b: tf.nn.convolution(a, b), input_signature=[
        tf.TensorSpec((None, 2, None, 3)), tf.TensorSpec((3, 1, 3, 2))])
    with pytest.raises(ValueError) as caught:
        fn(tf.ones((2, 2, 2, 3)), tf.ones((3, 1, 3, 2)))
    expected = _CONV2D % (_NEG % (3, 2), 'convolution', 'DT_FLOAT', _ONE, 'a, b', '?,2,?,3', '3,1,3,2')
    assert str(caught.value).strip().endswith(expected)


def test_filters_made_in_the_function():
    # TF 2.21: the filters' op is named ('ones')
    text = _graph_text(lambda a: tf.nn.convolution(a, tf.ones((3, 1, 3, 2))), tf.ones((2, 2, 2, 3)))
    assert text == _CONV2D % (_NEG % (3, 2), 'convolution', 'DT_FLOAT', _ONE, 'a, ones', '2,2,2,3', '3,1,3,2')


def _printed(fn, xs, fs, signature=None):
    lines = []

    def traced(a, b):
        lines.append(str(fn(a, b)))
        return a
    tf.function(traced, input_signature=signature)(tf.ones(xs), tf.ones(fs))
    return lines[0]


@pytest.mark.parametrize('fn, xs, fs, spec, expected', [
    # TF 2.21's texts (tc.py)
    (lambda a, b: tf.nn.convolution(a, b), (2, 5, 3), (3, 3, 2), None,
     'convolution/Squeeze:0", shape=(2, 3, 2)'),
    (lambda a, b: tf.nn.convolution(a, b), (2, 5, 5, 3), (3, 3, 3, 2), None, 'convolution:0", shape=(2, 3, 3, 2)'),
    (lambda a, b: tf.nn.convolution(a, b), (1, 4, 4, 4, 3), (3, 3, 3, 3, 2), None,
     'convolution:0", shape=(1, 2, 2, 2, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, name='cv'), (2, 5, 3), (3, 3, 2), None, 'cv/Squeeze:0", shape=(2, 3, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, name='cv'), (2, 5, 5, 3), (3, 3, 3, 2), None, 'cv:0", shape=(2, 3, 3, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, padding='SAME'), (2, 5, 5, 3), (3, 3, 3, 2), None,
     'convolution:0", shape=(2, 5, 5, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, dilations=2), (2, 5, 5, 3), (2, 2, 3, 2), None,
     'convolution/BatchToSpaceND:0", shape=(2, 3, 3, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, dilations=2), (2, 9, 3), (3, 3, 2), None,
     'convolution/BatchToSpaceND:0", shape=(2, 5, 2)'),
    (lambda a, b: tf.nn.convolution(a, b), (2, 5, 5, 3), (3, 3, 3, 2), [(None, None, None, 3), (3, 3, 3, 2)],
     'convolution:0", shape=(None, None, None, 2)'),
    (lambda a, b: tf.nn.convolution(a, b), (2, 5, 3), (3, 3, 2), [(None, None, 3), (3, 3, 2)],
     'convolution/Squeeze:0", shape=(None, None, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, strides=2), (1, 4, 4, 4, 3), (3, 3, 3, 3, 2),
     [(None, 4, None, None, 3), (3, 3, 3, 3, 2)], 'convolution:0", shape=(None, 1, None, None, 2)'),
    (lambda a, b: tf.nn.convolution(a, b, strides=2, data_format='NDHWC'), (1, 4, 4, 4, 3), (3, 3, 3, 3, 2),
     [(None, 4, None, None, 3), (3, 3, 3, 3, 2)], 'convolution:0", shape=(None, 1, None, None, 2)'),     # (tn.py)
    (lambda a, b: tf.nn.convolution(a, b, data_format='NWC'), (2, 5, 3), (3, 3, 2), [(None, None, 3), (3, 3, 2)],
     'convolution/Squeeze:0", shape=(None, None, 2)'),
])
def test_traced_result_names(fn, xs, fs, spec, expected):
    signature = None if spec is None else [tf.TensorSpec(s) for s in spec]
    assert _printed(fn, xs, fs, signature) == 'Tensor("%s, dtype=float32)' % expected
