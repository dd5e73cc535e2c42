"""keras.ops.take_along_axis prints, inside a tf.function, TF 2.21's graph tensor: Keras 3 converts the indices to
int64, reads both shapes, takes the Maximum of lengths left open, broadcasts both, moves negative indices up,
flattens both to matrices around a GatherV2 and reshapes to the indices' shape ('Reshape_2'), moving the axis last
and back where it is not last ('transpose_2'); the static shape is Keras's compute_take_along_axis_output_shape.
tapeflow printed the eager values (of its stand-in length 1), and the ops it did not count left the later names
behind TF's. Texts: TF 2.21's (notes/progs/kerasops8/ta.py, ta_tf.out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


@pytest.mark.parametrize('shape, dtype, call, name, result_shape', [
    ((None, 4), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((1, 2), 'int32'), axis=1), 'Reshape_2',
     '(None, 2)'),
    ((3, 4), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((1, 2), 'int32'), axis=1), 'Reshape_2',
     '(3, 2)'),
    ((None, 4), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((1, 2), 'int64'), axis=-1), 'Reshape_2',
     '(None, 2)'),
    ((None, 4), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((2, 4), 'int32'), axis=0), 'transpose_2',
     '(2, 4)'),
    ((None, 4), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((2,), 'int32'), axis=None), 'Reshape_3',
     '(2,)'),
    ((None, 4), 'float32', lambda x: ops.take_along_axis(x, [[0, 1]], axis=1), 'Reshape_2', '(None, 2)'),
    ((None, 4), 'int32', lambda x: ops.take_along_axis(x, ops.cast(ops.zeros_like(x), 'int32'), axis=1),
     'Reshape_2', '(None, 4)'),
    ((None, 4, 3), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((1, 2, 3), 'int32'), axis=1),
     'transpose_2', '(None, 2, 3)'),
    ((None,), 'float32', lambda x: ops.take_along_axis(x, ops.zeros((2,), 'int32'), axis=0), 'Reshape_2', '(2,)'),
])
def test_take_along_axis_prints_the_graph_tensor(shape, dtype, call, name, result_shape):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in (call(x), x + x))
        return x
    f.get_concrete_function()
    assert texts == ['Tensor("%s:0", shape=%s, dtype=%s)' % (name, result_shape, dtype),
                     'Tensor("add_1:0", shape=%s, dtype=%s)' % (shape, dtype)]


def test_later_names_count_the_ops_it_made():
    # TF 2.21 (notes/progs/lead46/p14.py): the BroadcastTo's and SelectV2 it makes move later calls' names on
    texts = []

    @tf.function(input_signature=[tf.TensorSpec([None, 4])])
    def f(x):
        texts.append(str(ops.take_along_axis(x, ops.zeros((1, 2), 'int32'), axis=1)))
        texts.append(str(ops.broadcast_to(x[:1], (3, 4))))
        texts.append(str(ops.where(x > 0, x, 0.)))
        return x
    f(tf.ones([3, 4]))
    assert texts == ['Tensor("Reshape_2:0", shape=(None, 2), dtype=float32)',
                     'Tensor("BroadcastTo_2:0", shape=(3, 4), dtype=float32)',
                     'Tensor("SelectV2_1:0", shape=(None, 4), dtype=float32)']


def test_values_outside_a_trace_unchanged():
    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    got = ops.take_along_axis(x, tf.constant([[2, -1], [0, 1]]), axis=1)
    assert got.numpy().tolist() == [[3., 3.], [4., 5.]]
