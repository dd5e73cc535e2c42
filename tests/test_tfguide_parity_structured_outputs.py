"""``ConcreteFunction.structured_outputs`` as the tf.function guide prints it: the trace's outputs
as graph tensors 'Identity:0', 'Identity_1:0', ... in tf.nest order, None kept. Expected text:
TensorFlow 2.21 (/opt/tfref) printing the same concrete functions (after one call: tapeflow learns
the outputs by running the trace)."""
import pytest

import framework as tf


def _text(value):
    return str(value).replace('tf.Tensor', 'tf.Tensor')


def test_a_single_output_prints_as_a_graph_tensor():
    @tf.function
    def double(a):
        return a + a
    concrete = double.get_concrete_function(tf.constant('a'))
    concrete(tf.constant('b'))
    assert _text(concrete.structured_outputs) == 'Tensor("Identity:0", shape=(), dtype=string)'


def test_nested_outputs_are_numbered_in_nest_order():
    @tf.function
    def f(x):
        return {'a': x * 2, 'b': (x, None, 3), 'c': [tf.shape(x)]}
    concrete = f.get_concrete_function(tf.constant([1.0, 2.0]))
    concrete(tf.constant([1.0, 2.0]))
    assert _text(concrete.structured_outputs) == (
        "{'a': <tf.Tensor 'Identity:0' shape=(2,) dtype=float32>, 'b': (<tf.Tensor 'Identity_1:0' shape=(2,) "
        "dtype=float32>, None, <tf.Tensor 'Identity_2:0' shape=() dtype=int32>), 'c': [<tf.Tensor 'Identity_3:0' "
        "shape=(1,) dtype=int32>]}")
    first = concrete.structured_outputs['a']
    assert (first.name, first.shape, first.dtype) == ('Identity:0', (2,), tf.float32)


def test_none_and_not_yet_run():
    @tf.function
    def nothing():
        return None
    concrete = nothing.get_concrete_function()
    assert concrete.structured_outputs is None      # known before a call, as TF's trace knows it
    assert str(concrete) == 'ConcreteFunction Input Parameters:\nOutput Type:\n  Literal[None]\nCaptures:\n  None'
    concrete()
    assert concrete.structured_outputs is None
