"""A tf.function keys a RaggedTensor argument by its RaggedTensorSpec, as TF 2.21: rows, ragged
axes unknown, dtype, ragged_rank. A new RaggedTensor of the same spec reuses the trace (it
retraced for every object before), and a concrete function takes one (it raised 'Can not cast
... to Weakref[...]').

Expected behaviour printed by TensorFlow 2.21 (/opt/tfref, a probe in progs/tutorials7)."""
import pytest

import framework as tf


def test_traces_by_ragged_spec():
    traced = []

    @tf.function
    def double(x):
        traced.append(tuple(x.shape))
        return x * 2

    outs = [double(tf.ragged.constant(rows)).to_list() for rows in
            ([[1], [2, 3]], [[1, 2, 3], [4]], [[1], [2], [3]], [[1.0], [2.0]])]
    assert outs == [[[2], [4, 6]], [[2, 4, 6], [8]], [[2], [4], [6]], [[2.0], [4.0]]]
    assert double.experimental_get_tracing_count() == 3      # new rows count and new dtype retrace
    assert traced[0] == (2, None)


def test_concrete_function_takes_a_ragged_tensor():
    @tf.function
    def double(x):
        return x * 2

    cf = double.get_concrete_function(tf.ragged.constant([[1], [2, 3]]))
    assert cf(tf.ragged.constant([[5, 6], [7]])).to_list() == [[10, 12], [14]]
    assert repr(cf.structured_input_signature) == (
        '((RaggedTensorSpec(TensorShape([2, None]), tf.int32, 1, tf.int64),), {})')
    with pytest.raises(TypeError, match='Binding inputs to tf.function failed'):
        cf(tf.ragged.constant([[5.0, 6], [7]]))
