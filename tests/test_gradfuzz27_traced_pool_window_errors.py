"""tf.nn's pools in a tf.function whose VALID window is longer than a traced length: TF 2.21's graph
refuses the op as it is added ("Negative dimension size caused by subtracting 2 from 1 ..."), whatever
the stride, where its eager kernel (and a length the trace leaves open) gives an empty output; the
pools' traced results are named as TF names them (probes /work/notes/progs/gradfuzz27/p1.py - p3.py)."""
import pytest

import framework as tf


def _graph_text(fn, x):
    with pytest.raises(ValueError) as caught:
        tf.function(fn)(x)
    text = str(caught.value)      # (autograph's 'in user code:' frame, where it converts the function, ends so)
    return text[text.rindex('ValueError: ') + len('ValueError: '):].strip() if 'ValueError: ' in text else text


_MAX = ("Negative dimension size caused by subtracting %d from %d for '{{node %s}} = MaxPool[T=DT_FLOAT, "
        "data_format=\"NHWC\", explicit_paddings=[], ksize=%s, padding=\"VALID\", strides=%s](%s)' with input "
        "shapes: [%s].")
_AVG = ("Negative dimension size caused by subtracting %d from %d for '{{node %s}} = AvgPool[T=DT_FLOAT, "
        "data_format=\"NHWC\", ksize=%s, padding=\"VALID\", strides=%s](%s)' with input shapes: [%s].")
_3D = ("Negative dimension size caused by subtracting 2 from 1 for '{{node %s}} = %s[T=DT_FLOAT, "
       "data_format=\"NDHWC\", ksize=[1, 2, 2, 2, 1], padding=\"VALID\", strides=[1, 2, 2, 2, 1]](a)' with input "
       "shapes: [1,1,2,2,2].")


@pytest.mark.parametrize('fn, shape, expected', [
    # TF 2.21's texts
    (lambda a: tf.nn.max_pool2d(a, 2, 2, 'VALID'), (2, 1, 1, 2),
     _MAX % (2, 1, 'MaxPool2d', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'a', '2,1,1,2')),
    (lambda a: tf.nn.avg_pool2d(a, 2, 2, 'VALID'), (2, 1, 1, 2),
     _AVG % (2, 1, 'AvgPool2D', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'a', '2,1,1,2')),
    (lambda a: tf.nn.avg_pool2d(a, 3, 1, 'VALID'), (2, 2, 2, 2),
     _AVG % (3, 2, 'AvgPool2D', '[1, 3, 3, 1]', '[1, 1, 1, 1]', 'a', '2,2,2,2')),
    (lambda a: tf.nn.max_pool2d(a, 4, 1, 'VALID'), (2, 2, 2, 2),        # (a negative size: the same words)
     _MAX % (4, 2, 'MaxPool2d', '[1, 4, 4, 1]', '[1, 1, 1, 1]', 'a', '2,2,2,2')),
    (lambda a: tf.nn.max_pool1d(a, 2, 2, 'VALID'), (2, 1, 2),
     _MAX % (2, 1, 'MaxPool1d', '[1, 1, 2, 1]', '[1, 1, 2, 1]', 'MaxPool1d/ExpandDims', '2,1,1,2')),
    (lambda a: tf.nn.avg_pool1d(a, 2, 2, 'VALID'), (2, 1, 2),
     _AVG % (2, 1, 'AvgPool1D', '[1, 1, 2, 1]', '[1, 1, 2, 1]', 'AvgPool1D/ExpandDims', '2,1,1,2')),
    (lambda a: tf.nn.max_pool(a, 2, 2, 'VALID'), (2, 1, 1, 2),
     _MAX % (2, 1, 'MaxPool2d', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'a', '2,1,1,2')),
    (lambda a: tf.nn.avg_pool(a, 2, 2, 'VALID'), (2, 1, 1, 2),
     _AVG % (2, 1, 'AvgPool', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'a', '2,1,1,2')),
    (lambda a: tf.nn.max_pool3d(a, 2, 2, 'VALID'), (1, 1, 2, 2, 2), _3D % ('MaxPool3D', 'MaxPool3D')),
    (lambda a: tf.nn.avg_pool3d(a, 2, 2, 'VALID'), (1, 1, 2, 2, 2), _3D % ('AvgPool3D', 'AvgPool3D')),
    (lambda a: tf.nn.max_pool2d(a, 2, 2, 'VALID', name='mp'), (2, 1, 1, 2),
     _MAX % (2, 1, 'mp', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'a', '2,1,1,2')),
    (lambda a: tf.nn.max_pool2d(a, [1, 3, 2, 1], [1, 1, 2, 1], 'VALID'), (2, 2, 5, 3),
     _MAX % (3, 2, 'MaxPool2d', '[1, 3, 2, 1]', '[1, 1, 2, 1]', 'a', '2,2,5,3')),
])
def test_the_graph_refuses_a_window_longer_than_a_traced_length(fn, shape, expected):
    assert _graph_text(fn, tf.ones(shape)) == expected


def test_scopes_names_and_dtypes_of_the_refused_node():
    # TF 2.21: inside tf.name_scope('blk'), the input a Mul; an int32 cast's node; max_pool of rank 3 and 5
    def scoped(fn):
        def g(a):
            with tf.name_scope('blk'):
                return fn(a)
        return g
    assert _graph_text(scoped(lambda a: tf.nn.max_pool2d(a * 2, 2, 2, 'VALID')), tf.ones((2, 1, 5, 3))) == \
        _MAX % (2, 1, 'blk/MaxPool2d', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'blk/mul', '2,1,5,3')
    assert _graph_text(scoped(lambda a: tf.nn.max_pool2d(tf.cast(a, tf.int32), 2, 2, 'VALID')),
                       tf.ones((2, 1, 5, 3))) == (_MAX % (2, 1, 'blk/MaxPool2d', '[1, 2, 2, 1]', '[1, 2, 2, 1]',
                                                          'blk/Cast', '2,1,5,3')).replace('DT_FLOAT', 'DT_INT32')
    assert _graph_text(scoped(lambda a: tf.nn.max_pool1d(a, [1, 3, 1], 1, 'VALID', name='mp1')),
                       tf.ones((2, 2, 3))) == _MAX % (3, 2, 'blk/mp1', '[1, 1, 3, 1]', '[1, 1, 1, 1]',
                                                      'blk/mp1/ExpandDims', '2,1,2,3')
    assert _graph_text(scoped(lambda a: tf.nn.max_pool(a, 2, 2, 'VALID')), tf.ones((2, 1, 3))) == \
        _MAX % (2, 1, 'blk/MaxPool1d', '[1, 1, 2, 1]', '[1, 1, 2, 1]', 'blk/MaxPool1d/ExpandDims', '2,1,1,3')
    assert _graph_text(scoped(lambda a: tf.nn.avg_pool(a, 2, 2, 'VALID')), tf.ones((2, 1, 5, 5, 3))) == (
        "Negative dimension size caused by subtracting 2 from 1 for '{{node blk/AvgPool3D}} = AvgPool3D[T=DT_FLOAT, "
        "data_format=\"NDHWC\", ksize=[1, 2, 2, 2, 1], padding=\"VALID\", strides=[1, 2, 2, 2, 1]](a)' with input "
        "shapes: [2,1,5,5,3].")


@pytest.mark.parametrize('fn, out', [
    # TF 2.21: eagerly, and where the trace leaves the lengths open, the empty output
    (lambda a: tf.nn.max_pool2d(a, 2, 2, 'VALID'), (2, 0, 0, 2)),
    (lambda a: tf.nn.avg_pool2d(a, 2, 2, 'VALID'), (2, 0, 0, 2)),
    (lambda a: tf.nn.avg_pool1d(a[:, 0], 2, 2, 'VALID'), (2, 0, 2)),
])
def test_eager_and_open_lengths_give_the_empty_output(fn, out, epyc_cpu):
    # (TF 2.21 on the AMD EPYC, its own kernels; the Xeon's oneDNN MaxPool refuses an empty output)
    x = tf.ones((2, 1, 1, 2))
    assert tuple(fn(x).shape) == out
    traced = tf.function(fn, input_signature=[tf.TensorSpec((None, None, None, 2))])
    assert tuple(traced(x).shape) == out


@pytest.mark.parametrize('fn, rank, name, shape', [
    # TF 2.21's graph tensors
    (lambda a: tf.nn.max_pool2d(a, 2, 2, 'VALID'), 4, 'MaxPool2d:0', '(2, 2, 2, 3)'),
    (lambda a: tf.nn.avg_pool2d(a, 2, 1, 'SAME'), 4, 'AvgPool2D:0', '(2, 5, 5, 3)'),
    (lambda a: tf.nn.max_pool1d(a, 2, 2, 'VALID'), 3, 'MaxPool1d/Squeeze:0', '(2, 2, 3)'),
    (lambda a: tf.nn.avg_pool1d(a, 2, 2, 'VALID'), 3, 'AvgPool1D/Squeeze:0', '(2, 2, 3)'),
    (lambda a: tf.nn.avg_pool(a, 2, 2, 'VALID'), 4, 'AvgPool:0', '(2, 2, 2, 3)'),
    (lambda a: tf.nn.max_pool3d(a, 2, 2, 'VALID'), 5, 'MaxPool3D:0', '(2, 2, 2, 2, 3)'),
    (lambda a: tf.nn.avg_pool3d(a, 2, 2, 'VALID'), 5, 'AvgPool3D:0', '(2, 2, 2, 2, 3)'),
    (lambda a: tf.nn.max_pool2d(tf.nn.max_pool2d(a, 1, 1, 'VALID'), 2, 2, 'VALID'), 4, 'MaxPool2d_1:0',
     '(2, 2, 2, 3)'),
])
def test_traced_pools_are_named_as_tf_names_them(fn, rank, name, shape):
    seen = []

    def g(a):
        y = fn(a)
        seen.append(repr(y))
        return y
    tf.function(g, input_signature=[tf.TensorSpec((2,) + (5,) * (rank - 2) + (3,))]).get_concrete_function()
    tf.function(g, input_signature=[tf.TensorSpec((None,) * (rank - 1) + (3,))]).get_concrete_function()
    assert seen[-2] == '<tf.Tensor \'%s\' shape=%s dtype=float32>' % (name, shape)
    assert seen[-1] == '<tf.Tensor \'%s\' shape=(%s3) dtype=float32>' % (name, 'None, ' * (rank - 1))
