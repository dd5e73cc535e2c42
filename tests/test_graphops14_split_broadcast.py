"""tf.split / tf.broadcast_to with sizes that do not fit the traced tensor, in a tf.function: TensorFlow's
graph refuses Split / SplitV / BroadcastTo as it adds them, with a ValueError naming the node, its
inputs and traced shapes (framework/graph_split_errors.py). Expected texts printed by TF 2.21
(notes/progs/graphops14/s1.py: the last lines of str(error), each call in a tf.function)."""
import pytest

import framework as tf

A23, B213 = tf.ones((2, 3)), tf.ones((2, 1, 3))


def _lines(fn, arg, count=1):
    with pytest.raises(ValueError) as err:
        fn(arg)
    assert type(err.value) is ValueError
    return [line.strip() for line in str(err.value).strip().split('\n')[-count:]]


def _scoped(x):
    with tf.name_scope('s'):
        return tf.split(x, [1, 1], 1)


def _split(parts, length, axis, node='split', source='x', dtype='DT_FLOAT', shape='2,3'):
    return ['ValueError: Dimension size must be evenly divisible by %d but is %d' % (parts, length),
            "Number of ways to split should evenly divide the split dimension for '{{node %s}} = Split[T=%s, "
            "num_split=%d](%s/split_dim, %s)' with input shapes: [], [%s] and with computed input tensors: "
            "input[0] = <%d>." % (node, dtype, parts, node, source, shape, axis)]


def _split_v(problem, sizes, axis, node='split', const='Const'):
    return ["ValueError: %s for '{{node %s}} = SplitV[T=DT_FLOAT, Tlen=DT_INT32, num_split=2](x, %s, "
            "%s/split_dim)' with input shapes: [2,3], [2], [] and with computed input tensors: input[1] = <%s>, "
            "input[2] = <%d>." % (problem, node, const, node, sizes, axis)]


def _broadcast(problem, shape, target, node='BroadcastTo'):
    suffix = ' and with input tensors computed as partial shapes: input[1] = [%s]' % ','.join(map(str, target)) \
        if problem.startswith('Dimensions') else ''
    return ["ValueError: %s for '{{node %s}} = BroadcastTo[T=DT_FLOAT, Tidx=DT_INT32](x, %s/shape)' with input "
            "shapes: [%s], [%d]%s." % (problem, node, node, shape, len(target), suffix)]


CASES = [
    (lambda x: tf.split(x, 2, axis=1), A23, _split(2, 3, 1)),
    (lambda x: tf.split(x, 4), A23, _split(4, 2, 0)),
    (lambda x: tf.split(x, 2, axis=-1, name='sp'), A23, _split(2, 3, -1, node='sp')),
    (lambda x: tf.split(x * 2.0, 2, axis=1), A23, _split(2, 3, 1, source='mul')),
    (lambda x: tf.split(tf.cast(x, tf.int32), 2, 1), A23, _split(2, 3, 1, source='Cast', dtype='DT_INT32')),
    (lambda x: tf.split(x, 2, axis=2), A23, ["ValueError: Dimension size, given by scalar input 2 must be in range "
     "[-2, 2) for '{{node split}} = Split[T=DT_FLOAT, num_split=2](split/split_dim, x)' with input shapes: [], [2,3] "
     "and with computed input tensors: input[0] = <2>."]),
    (lambda x: tf.split(x, [1, 1], axis=1), A23, _split_v("can't split axis of size 3 into pieces of size [1,1]",
                                                          '1 1', 1)),
    (lambda x: tf.split(x, [1, 3], 0), A23, _split_v("can't split axis of size 2 into pieces of size [1,3]",
                                                     '1 3', 0)),
    (lambda x: tf.split(x, [1, 1], axis=3), A23, _split_v('Dimension size, given by scalar input 3 must be in range '
                                                          '[-2, 2)', '1 1', 3)),
    (_scoped, A23, _split_v("can't split axis of size 3 into pieces of size [1,1]", '1 1', 1, node='s/split',
                            const='s/Const')),
    (lambda x: tf.split(x, [1, 1], axis=1, name='p'), A23,
     _split_v("can't split axis of size 3 into pieces of size [1,1]", '1 1', 1, node='p')),
    (lambda x: tf.broadcast_to(x, [3, 3]), A23, _broadcast('Dimensions must be equal, but are 2 and 3', '2,3',
                                                           [3, 3])),
    (lambda x: tf.broadcast_to(x, [3, 2]), A23, _broadcast('Dimensions must be equal, but are 3 and 2', '2,3',
                                                           [3, 2])),
    (lambda x: tf.broadcast_to(x, [3]), A23, _broadcast('Shape must be at most rank 1 but is rank 2', '2,3', [3])),
    (lambda x: tf.broadcast_to(x, [4, 2, 2], name='bt'), A23,
     _broadcast('Dimensions must be equal, but are 3 and 2', '2,3', [4, 2, 2], node='bt')),
    (lambda x: tf.broadcast_to(x, (5, 1, 3)), B213, _broadcast('Dimensions must be equal, but are 2 and 5', '2,1,3',
                                                               [5, 1, 3])),
]


@pytest.mark.parametrize('fn, arg, expected', CASES)
def test_sizes_refused_by_the_graph_name_node_inputs_and_shapes(fn, arg, expected):
    assert _lines(tf.function(fn), arg, len(expected)) == expected


def test_an_open_length_shows_as_a_question_mark_or_passes_to_the_kernel():
    fn = tf.function(lambda x: tf.split(x, 2, axis=1), input_signature=[tf.TensorSpec((None, 3))])
    assert _lines(fn, A23, 2) == _split(2, 3, 1, shape='?,3')
    fn = tf.function(lambda x: tf.split(x, 2, axis=0), input_signature=[tf.TensorSpec((None, 3))])
    assert [part.shape for part in fn(A23)] == [(1, 3), (1, 3)]
    fn = tf.function(lambda x: tf.split(x, 3, axis=0), input_signature=[tf.TensorSpec((None, 3))])
    with pytest.raises(tf.errors.InvalidArgumentError):
        fn(A23)


def test_calls_that_fit_keep_their_values_and_eager_errors_stand():
    parts = tf.function(lambda x: tf.split(x, [1, 2], axis=1))(A23)
    assert [p.shape for p in parts] == [(2, 1), (2, 2)]
    assert tf.function(lambda x: tf.broadcast_to(x, [4, 2, 1, 3]))(B213).shape == (4, 2, 1, 3)
    for call in (lambda: tf.split(A23, 2, axis=1), lambda: tf.split(A23, [1, 1], 1),
                 lambda: tf.broadcast_to(A23, [3, 3])):
        with pytest.raises(tf.errors.InvalidArgumentError):
            call()
