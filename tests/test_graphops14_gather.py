"""tf.gather with an axis beyond the params' rank and tf.gather_nd with index rows longer than it, in a
tf.function: TensorFlow's graph refuses GatherV2 / GatherNd as it adds them, with a ValueError naming
the node, its attributes, inputs and traced shapes (framework/graph_gather_errors.py). Expected texts
printed by TF 2.21 (notes/progs/graphops14/v1.py: the last line of str(error), each call in a tf.function)."""
import pytest

import framework as tf

A23 = tf.ones((2, 3))


def _last_line(fn, arg):
    with pytest.raises(ValueError) as err:
        fn(arg)
    assert type(err.value) is ValueError
    return str(err.value).strip().split('\n')[-1].strip()


def _gather(least, axis, indices_shape, node='GatherV2', indices=None):
    return ("Shape must be at least rank %d but is rank 2 for '{{node %s}} = GatherV2[Taxis=DT_INT32, "
            "Tindices=DT_INT32, Tparams=DT_FLOAT, batch_dims=0](x, %s, %s/axis)' with input shapes: [2,3], [%s], [] "
            "and with computed input tensors: input[2] = <%d>." % (least, node, indices or node + '/indices', node,
                                                                 indices_shape, axis))


def _gather_nd(indices_shape, node='GatherNd', indices=None):
    return ("indices.shape[-1] must be <= params.rank, but saw indices shape: [%s] and params shape: [2,3] for "
            "'{{node %s}} = GatherNd[Tindices=DT_INT32, Tparams=DT_FLOAT, bad_indices_policy=\"\"](x, %s)' with "
            "input shapes: [2,3], [%s]." % (indices_shape, node, indices or node + '/indices', indices_shape))


CASES = [
    (lambda x: tf.gather(x, [0], axis=2), _gather(3, 2, '1')),
    (lambda x: tf.gather(x, [0], axis=-3), _gather(3, -3, '1')),
    (lambda x: tf.gather(x, [[0]], axis=2, name='g'), _gather(3, 2, '1,1', node='g')),
    (lambda x: tf.gather(x, 0, axis=3), _gather(4, 3, '')),
    (lambda x: tf.gather(x, tf.constant([0, 1]), axis=2), _gather(3, 2, '2', indices='Const')),
    (lambda x: tf.gather_nd(x, [[0, 0, 0]]), _gather_nd('1,3')),
    (lambda x: tf.gather_nd(x, [0, 0, 0], name='gn'), _gather_nd('3', node='gn')),
    (lambda x: tf.gather_nd(x, tf.constant([[0, 1, 2, 0]])), _gather_nd('1,4', indices='Const')),
]


@pytest.mark.parametrize('fn, expected', CASES)
def test_gathers_refused_by_the_graph_name_node_attributes_inputs_and_shapes(fn, expected):
    assert _last_line(tf.function(fn), A23) == 'ValueError: ' + expected


def test_gathers_that_fit_keep_their_values_and_other_errors_stand():
    rows, picked = tf.function(lambda x: (tf.gather(x, [1, 0], axis=1), tf.gather_nd(x, [[1, 2]])))(
        tf.reshape(tf.range(6.0), (2, 3)))
    assert rows.numpy().tolist() == [[1.0, 0.0], [4.0, 3.0]] and picked.numpy().tolist() == [5.0]
    with pytest.raises(tf.errors.InvalidArgumentError):       # an index out of bounds: the kernel's, at run time
        tf.function(lambda x: tf.gather(x, 5))(A23)
    for call in (lambda: tf.gather(A23, [0], axis=2), lambda: tf.gather_nd(A23, [[0, 0, 0]])):
        with pytest.raises(tf.errors.InvalidArgumentError):
            call()
