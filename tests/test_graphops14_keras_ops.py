"""keras.ops.concatenate / stack / sum / mean inside a tf.function call TensorFlow's ops as they are, so
shapes that do not fit raise the graph's ValueError as tf.concat / tf.stack / tf.reduce_* do
(framework/graph_list_errors.py, graph_axis_errors.py). Expected texts printed by TF 2.21 + Keras 3
(notes/progs/graphops14/ko.py: the last line of str(error)). The functions are lambdas in a decorator's list,
which AutoGraph cannot single out: TF runs them as-is, so its errors come plain, without 'in user code:'."""
import pytest

import framework as tf
from framework import keras

A23, A24 = tf.ones((2, 3)), tf.ones((2, 4))


def _last_line(fn, *args):
    with pytest.raises(ValueError) as err:
        fn(*args)
    assert type(err.value) is ValueError
    return str(err.value).strip().split('\n')[-1].strip()


def _reduced(op):
    return ("Invalid reduction dimension 2 for input with 2 dimensions. for '{{node %s}} = %s[T=DT_FLOAT, "
            "Tidx=DT_INT32, keep_dims=false](x, %s/reduction_indices)' with input shapes: [2,3], [] and with computed "
            "input tensors: input[1] = <2>." % (op, op, op))


@pytest.mark.parametrize('fn, args, expected', [
    (lambda x, y: keras.ops.concatenate([x, y], axis=0), (A23, A24),
     "Dimension 0 in both shapes must be equal, but are 3 and 4. Shapes are [3] and [4]. for '{{node "
     "concat}} = ConcatV2[N=2, T=DT_FLOAT, Tidx=DT_INT32](x, y, concat/axis)' with input shapes: [2,3], [2,4], [] "
     "and with computed input tensors: input[2] = <0>."),
    (lambda x, y: keras.ops.stack([x, y]), (A23, A24), "From merging shape 0 with other shapes. for '{{node "
     "stack_1}} = Pack[N=2, T=DT_FLOAT, axis=0](x, y)' with input shapes: [2,3], [2,4]."),
    (lambda x: keras.ops.sum(x, axis=2), (A23,), _reduced('Sum')),
    (lambda x: keras.ops.mean(x, axis=2), (A23,), _reduced('Mean')),
])
def test_keras_ops_refused_by_the_graph_as_tensorflows_ops(fn, args, expected):
    assert _last_line(tf.function(fn), *args) == expected


def test_keras_ops_that_fit_keep_their_values():
    joined, stacked, total = tf.function(lambda x, y: (keras.ops.concatenate([x, y], axis=1), keras.ops.stack([x, x]),
                                                       keras.ops.sum(x, axis=-1)))(A23, A24)
    assert joined.shape == (2, 7) and stacked.shape == (2, 2, 3) and total.numpy().tolist() == [3.0, 3.0]
