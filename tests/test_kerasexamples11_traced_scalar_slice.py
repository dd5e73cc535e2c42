"""Indexing a scalar inside a tf.function is refused by TF 2.21's graph shape function as the node is added: a
ValueError naming the StridedSlice node, its masks and the strides it read ('Attempting to slice scalar input. for
'{{node strided_slice}} = StridedSlice[...](x, strided_slice/stack, ...)' with input shapes: [], [1], [1], [1] and
with computed input tensors: input[3] = <1>.'), also under tf.vectorized_map / tf.map_fn of such a function
(keras.io's forward-forward example). tapeflow ran the trace into the eager kernel's error and raised
InvalidArgumentError 'Graph execution error: ... Attempting to slice scalar input.'. Texts printed by TF 2.21
(notes progs/kerasexamples11/p5b.py, p5c.py).
"""
import pytest

import framework as tf

_TAIL = ("StridedSlice[Index=DT_INT32, T=DT_FLOAT, begin_mask=%d, ellipsis_mask=%d, end_mask=%d, new_axis_mask=%d, "
         "shrink_axis_mask=%d](%s, %s/stack, %s/stack_1, %s/stack_2)' with input shapes: [], [%d], [%d], [%d] and with "
         "computed input tensors: input[3] = <%s>.")


def _refusal(fn, *args):
    with pytest.raises(ValueError) as info:
        fn(*args)
    return str(info.value).strip().split('\n')[-1].strip()


def _expected(node, source, masks, count, strides):
    return ("ValueError: Attempting to slice scalar input. for '{{node %s}} = " % node
            + _TAIL % (masks + (source, node, node, node, count, count, count, strides)))


@pytest.mark.parametrize('index,masks,count,strides', [
    (lambda s: s[0], (0, 0, 0, 0, 1), 1, '1'),
    (lambda s: s[:1], (1, 0, 0, 0, 0), 1, '1'),
    (lambda s: s[1:3:2], (0, 0, 0, 0, 0), 1, '2'),
    (lambda s: s[..., 0], (0, 1, 0, 0, 2), 2, '1 1'),
    (lambda s: s[:, None], (1, 0, 1, 2, 0), 2, '1 1'),
])
def test_slicing_a_traced_scalar_is_the_graphs_value_error(index, masks, count, strides):
    assert _refusal(tf.function(lambda x: index(x)), tf.constant(3.0)) == _expected('strided_slice', 'x', masks, count,
                                                                                     strides)
    assert _refusal(tf.function(lambda x: index(tf.reduce_sum(x))), tf.constant([3.0, 4.0])) == \
        _expected('strided_slice', 'Sum', masks, count, strides)


def test_the_second_slice_of_a_chain_and_a_name_scope():
    @tf.function
    def second(x):
        return tf.reduce_max(x, axis=0, keepdims=True)[0][:1]

    @tf.function
    def scoped(x):
        with tf.name_scope('blk'):
            return x[0]
    assert _refusal(second, tf.constant([1., 2.])) == _expected('strided_slice_1', 'strided_slice', (1, 0, 0, 0, 0), 1,
                                                                '1')
    assert _refusal(scoped, tf.constant(3.0)) == _expected('blk/strided_slice', 'x', (0, 0, 0, 0, 1), 1, '1')


def test_under_vectorized_map_and_map_fn():
    @tf.function
    def first(x):
        return tf.reduce_max(x, axis=0, keepdims=True)[0][:1]
    rows = tf.constant([[1., 2.], [3., 4.]])
    expected = _expected('strided_slice_1', 'strided_slice', (1, 0, 0, 0, 0), 1, '1')
    assert _refusal(tf.vectorized_map, first, rows) == expected
    assert _refusal(tf.map_fn, first, rows) == expected


def test_a_new_axis_on_a_scalar_still_computes():
    assert tf.function(lambda x: x[None])(tf.constant(3.0)).numpy().tolist() == [3.0]      # TF 2.21: [3.]
    with pytest.raises(tf.errors.InvalidArgumentError, match='Attempting to slice scalar input'):
        tf.constant(3.0)[0]            # eagerly the kernel's error, as TF's
