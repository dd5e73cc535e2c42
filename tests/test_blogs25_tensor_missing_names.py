"""A Variable's method asked of a tensor (a blog's ``W = W - lr * grad`` then ``W.assign_sub``), a
PyTorch habit (``loss.item()``) and a graph property (``t.name``) raise TensorFlow 2.21's
AttributeError text (framework/tensor_missing_names.py). The texts were printed by TF 2.21
(/work/notes/progs/blogs25/p39.py, e_*.py).
"""
import traceback

import pytest

import framework as tf

EAGER = 'tensorflow.python.framework.ops.EagerTensor'


def test_assign_sub_on_a_variable_turned_tensor():
    w = tf.Variable(1.0)
    w = w - 0.1 * 2.0
    with pytest.raises(AttributeError) as caught:
        w.assign_sub(0.1)
    assert str(caught.value) == "'%s' object has no attribute 'assign_sub'" % EAGER


@pytest.mark.parametrize('name', ['assign', 'assign_add', 'trainable', 'read_value', 'value', 'gather_nd', 'item'])
def test_variable_and_pytorch_names_on_a_tensor(name):
    with pytest.raises(AttributeError) as caught:
        getattr(tf.constant([1.0]), name)
    assert str(caught.value) == "'%s' object has no attribute '%s'" % (EAGER, name)
    assert not hasattr(tf.constant([1.0]), name)


@pytest.mark.parametrize('name', ['name', 'op', 'graph'])
def test_graph_properties_are_undefined_eagerly(name):
    with pytest.raises(AttributeError) as caught:
        getattr(tf.constant(1.0), name)
    assert str(caught.value) == 'Tensor.%s is undefined when eager execution is enabled.' % name


def test_a_variable_keeps_its_methods_and_names_its_own_type():
    v = tf.Variable([1.0, 2.0])
    v.assign_sub([0.5, 0.5])
    v[0].assign(3.0)
    assert v.numpy().tolist() == [3.0, 1.5] and v.trainable
    with pytest.raises(AttributeError) as caught:
        v.item()
    assert str(caught.value) == "'ResourceVariable' object has no attribute 'item'"


def test_a_misspelt_name_gets_no_suggestion_of_a_variable_method():
    # TF 2.21 prints no "Did you mean" for t.assgn: its tensor has no assign in dir()
    try:
        tf.constant(1.0).assgn
    except AttributeError as error:
        text = ''.join(traceback.format_exception_only(type(error), error))
    assert 'Did you mean' not in text
    assert 'assign' not in dir(tf.constant(1.0)) and 'assign' in dir(tf.Variable(1.0))
