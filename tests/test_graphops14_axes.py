"""Axes, permutations and multiples that do not fit the traced tensor, in a tf.function: TensorFlow's
graph refuses tf.reduce_*, tf.expand_dims, tf.squeeze, tf.transpose and tf.tile as it adds them, with a
ValueError naming the node, its attributes, inputs and traced shapes (framework/graph_axis_errors.py).
Expected texts printed by TF 2.21 (notes/progs/graphops14/u1.py, u2.py: the last line of str(error),
each call in a tf.function)."""
import pytest

import framework as tf

A23, B213 = tf.ones((2, 3)), tf.ones((2, 1, 3))


def _last_line(fn, *args):
    with pytest.raises(ValueError) as err:
        fn(*args)
    assert type(err.value) is ValueError
    return str(err.value).strip().split('\n')[-1].strip()


def _scoped(x):
    with tf.name_scope('s'):
        return tf.reduce_mean(x, 3)


def _reduced(node, op, given, computed, x='x', shape='2,3', attrs='T=DT_FLOAT, Tidx=DT_INT32, keep_dims=false',
             indices='[]'):
    return ("Invalid reduction dimension %s for input with 2 dimensions. for '{{node %s}} = %s[%s](%s, "
            "%s/reduction_indices)' with input shapes: [%s], %s and with computed input tensors: input[1] = <%s>." % (
                given, node, op, attrs, x, node, shape, indices, computed))


CASES = [
    (lambda x: tf.reduce_sum(x, 2), A23, _reduced('Sum', 'Sum', 2, '2')),
    (lambda x: tf.reduce_mean(x, axis=-3), A23, _reduced('Mean', 'Mean', -3, '-3')),
    (lambda x: tf.reduce_max(x, [0, 2]), A23, _reduced('Max', 'Max', 2, '0 2', indices='[2]')),
    (lambda x: tf.reduce_sum(x, 2, keepdims=True), A23,
     _reduced('Sum', 'Sum', 2, '2', attrs='T=DT_FLOAT, Tidx=DT_INT32, keep_dims=true')),
    (lambda x: tf.reduce_sum(x, 2, name='total'), A23, _reduced('total', 'Sum', 2, '2')),
    (lambda x: tf.reduce_prod(x, (1, 5)), A23, _reduced('Prod', 'Prod', 5, '1 5', indices='[2]')),
    (lambda x: tf.reduce_min(x * 2.0, -3, keepdims=True), A23,
     _reduced('Min', 'Min', -3, '-3', x='mul', attrs='T=DT_FLOAT, Tidx=DT_INT32, keep_dims=true')),
    (lambda x: tf.math.reduce_max(tf.cast(x, tf.int32), 4), A23,
     _reduced('Max', 'Max', 4, '4', x='Cast', attrs='T=DT_INT32, Tidx=DT_INT32, keep_dims=false')),
    (lambda x: tf.reduce_sum(x, 0) + tf.reduce_sum(x, 2), A23, _reduced('Sum_1', 'Sum', 2, '2')),
    (_scoped, A23, _reduced('s/Mean', 'Mean', 3, '3')),
    (lambda x: tf.reduce_any(x > 0, 2), A23,
     _reduced('Any', 'Any', 2, '2', x='Greater', attrs='Tidx=DT_INT32, keep_dims=false')),
    (lambda x: tf.reduce_all(x > 0, 2), A23,
     _reduced('All', 'All', 2, '2', x='Greater', attrs='Tidx=DT_INT32, keep_dims=false')),
    (lambda x: tf.math.reduce_euclidean_norm(x, 2), A23, _reduced('EuclideanNorm', 'EuclideanNorm', 2, '2')),
    (lambda x: tf.expand_dims(x, 3), A23, "dim 3 not in the interval [-3, 2]. for '{{node ExpandDims}} = ExpandDims"
     "[T=DT_FLOAT, Tdim=DT_INT32](x, ExpandDims/dim)' with input shapes: [2,3], [] and with computed input tensors: "
     "input[1] = <3>."),
    (lambda x: tf.expand_dims(x, 5, name='e'), B213, "dim 5 not in the interval [-4, 3]. for '{{node e}} = "
     "ExpandDims[T=DT_FLOAT, Tdim=DT_INT32](x, e/dim)' with input shapes: [2,1,3], [] and with computed input "
     "tensors: input[1] = <5>."),
    (lambda x: tf.expand_dims(tf.cast(x, tf.float64), -5), B213, "dim -5 not in the interval [-4, 3]. for '{{node "
     "ExpandDims}} = ExpandDims[T=DT_DOUBLE, Tdim=DT_INT32](Cast, ExpandDims/dim)' with input shapes: [2,1,3], [] "
     "and with computed input tensors: input[1] = <-5>."),
    (lambda x: tf.squeeze(x, 0), A23, "Can not squeeze dim[0], expected a dimension of 1, got 2 for '{{node "
     "Squeeze}} = Squeeze[T=DT_FLOAT, squeeze_dims=[0]](x)' with input shapes: [2,3]."),
    (lambda x: tf.squeeze(x, axis=[1, 0]), B213, "Can not squeeze dim[0], expected a dimension of 1, got 2 for "
     "'{{node Squeeze}} = Squeeze[T=DT_FLOAT, squeeze_dims=[1, 0]](x)' with input shapes: [2,1,3]."),
    (lambda x: tf.squeeze(x, [1, -3]), B213, "Can not squeeze dim[0], expected a dimension of 1, got 2 for '{{node "
     "Squeeze}} = Squeeze[T=DT_FLOAT, squeeze_dims=[1, -3]](x)' with input shapes: [2,1,3]."),
    (lambda x: tf.squeeze(x, 3), B213, "squeeze_dims[0] not in [-3,3). for '{{node Squeeze}} = Squeeze[T=DT_FLOAT, "
     "squeeze_dims=[3]](x)' with input shapes: [2,1,3]."),
    (lambda x: tf.squeeze(x, [1, 5], name='sq'), B213, "squeeze_dims[1] not in [-3,3). for '{{node sq}} = "
     "Squeeze[T=DT_FLOAT, squeeze_dims=[1, 5]](x)' with input shapes: [2,1,3]."),
    (lambda x: tf.transpose(x, [1, 0, 2]), A23, "Dimension must be 2 but is 3 for '{{node transpose}} = Transpose"
     "[T=DT_FLOAT, Tperm=DT_INT32](x, transpose/perm)' with input shapes: [2,3], [3]."),
    (lambda x: tf.transpose(x, [0, 1], name='t'), B213, "Dimension must be 3 but is 2 for '{{node t}} = Transpose"
     "[T=DT_FLOAT, Tperm=DT_INT32](x, t/perm)' with input shapes: [2,1,3], [2]."),
    (lambda x: tf.transpose(x, [0, 2]), A23, "perm dim 2 is out of range of input rank 2 for '{{node transpose}} = "
     "Transpose[T=DT_FLOAT, Tperm=DT_INT32](x, transpose/perm)' with input shapes: [2,3], [2] and with computed "
     "input tensors: input[1] = <0 2>."),
    (lambda x: tf.tile(x, [2]), A23, "Shape must be rank 2 but is rank 1 for '{{node Tile}} = Tile[T=DT_FLOAT, "
     "Tmultiples=DT_INT32](x, Tile/multiples)' with input shapes: [2,3], [1]."),
    (lambda x: tf.tile(x, [1, 2], name='tt'), B213, "Shape must be rank 3 but is rank 2 for '{{node tt}} = Tile"
     "[T=DT_FLOAT, Tmultiples=DT_INT32](x, tt/multiples)' with input shapes: [2,1,3], [2]."),
]


@pytest.mark.parametrize('fn, arg, expected', CASES)
def test_axes_refused_by_the_graph_name_node_attributes_inputs_and_shapes(fn, arg, expected):
    assert _last_line(tf.function(fn), arg) == 'ValueError: ' + expected


def test_open_lengths_show_as_question_marks_or_leave_the_run_time_error():
    fn = tf.function(lambda x: tf.squeeze(x, 2), input_signature=[tf.TensorSpec((None, 1, 3))])
    assert _last_line(fn, B213) == ("ValueError: Can not squeeze dim[2], expected a dimension of 1, got 3 for "
                                    "'{{node Squeeze}} = Squeeze[T=DT_FLOAT, squeeze_dims=[2]](x)' with input "
                                    "shapes: [?,1,3].")
    fn = tf.function(lambda x: tf.reduce_sum(x, 2), input_signature=[tf.TensorSpec((None, 3))])
    assert _last_line(fn, A23) == 'ValueError: ' + _reduced('Sum', 'Sum', 2, '2', shape='?,3')
    # the squeezed length is open in the graph: TensorFlow's kernel refuses it when the function runs
    fn = tf.function(lambda x: tf.squeeze(x, 0), input_signature=[tf.TensorSpec((None, 1, 3))])
    with pytest.raises(tf.errors.InvalidArgumentError):
        fn(B213)
    # a repeated entry of perm passes the shape function: the kernel refuses it
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.function(lambda x: tf.transpose(x, [0, 0]))(A23)


def test_calls_that_fit_keep_their_values_and_eager_errors_stand():
    fn = tf.function(lambda x: (tf.reduce_sum(x, -1), tf.squeeze(x, 1), tf.expand_dims(x, -4),
                                tf.transpose(x, [2, 0, 1]), tf.tile(x, [1, 2, 1])))
    total, squeezed, expanded, moved, tiled = fn(B213)
    assert total.shape == (2, 1) and float(tf.reduce_sum(total)) == 6.0
    assert squeezed.shape == (2, 3) and expanded.shape == (1, 2, 1, 3)
    assert moved.shape == (3, 2, 1) and tiled.shape == (2, 2, 3)
    for call in (lambda: tf.reduce_sum(A23, 2), lambda: tf.squeeze(A23, 0), lambda: tf.expand_dims(A23, 3),
                 lambda: tf.transpose(A23, [0, 2]), lambda: tf.tile(A23, [2])):
        with pytest.raises(tf.errors.InvalidArgumentError):
            call()
