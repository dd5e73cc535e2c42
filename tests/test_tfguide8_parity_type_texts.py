"""Python's own errors on tensors read as under TensorFlow 2.21, whose EagerTensor is a C type named
by its module path, and a scalar refuses slicing in StridedSlice's words.

Reference texts, from TF 2.21 (tensorflow-cpu), programs of the "Introduction to Tensors" /
"Introduction to Variables" guides (t = tf.constant([1, 2]); v = tf.Variable([1.0, 2.0])):
    t.assign([1, 2])  -> AttributeError: 'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'assign'
    t[0] = 5          -> TypeError: 'tensorflow.python.framework.ops.EagerTensor' object does not support item assignment
    del t[0]          -> TypeError: 'tensorflow.python.framework.ops.EagerTensor' object doesn't support item deletion
    v[0] = 5          -> TypeError: 'ResourceVariable' object does not support item assignment
    v.foo             -> AttributeError: 'ResourceVariable' object has no attribute 'foo'
    tf.constant(1.5)[0], [0:1], [..., 0], [None, 0], [:], [-1], [::2]
        -> InvalidArgumentError: {{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/
           device:CPU:0}} Attempting to slice scalar input. [Op:StridedSlice] name: strided_slice/
    tf.constant(1.5)[None] -> shape (1,); [...] -> the scalar
    tf.constant([1])[0, 0] -> ... Index out of range using input dim 1; input has only 1 dims ...
"""
import re

import pytest

import framework as tf

EAGER = 'tensorflow.python.framework.ops.EagerTensor'


def test_type_name_stays_eager_tensor():
    assert type(tf.constant(1)).__name__ == 'EagerTensor'


@pytest.mark.parametrize('name', ['append', 'foo'])
def test_a_missing_attribute_is_pythons_attribute_error(name):
    # TF 2.21 names its C type's module path ('tensorflow.python.framework.ops.EagerTensor'); tapeflow's
    # Tensor has no __getattr__ (it would cost every attribute load in a training step, see
    # framework/tensor_numpy_methods.py), so Python words it with the class name
    with pytest.raises(AttributeError) as caught:
        getattr(tf.constant([1, 2]), name)
    assert str(caught.value) == "'EagerTensor' object has no attribute '%s'" % name
    assert caught.value.name == name        # (Python's traceback suggests close names from these)
    assert not hasattr(tf.constant(1.0), name)


def test_a_variable_method_asked_of_a_tensor_names_tensorflows_type():
    # the Variable API's names are class attributes that raise TF 2.21's text (tensor_missing_names.py)
    with pytest.raises(AttributeError) as caught:
        tf.constant([1, 2]).assign([3, 4])
    assert str(caught.value) == "'%s' object has no attribute 'assign'" % EAGER
    assert caught.value.name == 'assign'
    assert not hasattr(tf.constant(1.0), 'assign')


def test_item_assignment_and_deletion_refused_in_pythons_words():
    t = tf.constant([1, 2])
    with pytest.raises(TypeError) as caught:
        t[0] = 5
    assert str(caught.value) == "'%s' object does not support item assignment" % EAGER
    assert 'tensor_scatter_nd_update' in caught.value.__notes__[0]
    with pytest.raises(TypeError, match=re.escape("'%s' object doesn't support item deletion" % EAGER)):
        del t[0]
    assert t.numpy().tolist() == [1, 2]


def test_a_variable_keeps_its_own_class_name():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(TypeError, match=re.escape("'ResourceVariable' object does not support item assignment")):
        v[0] = 5
    with pytest.raises(TypeError, match=re.escape("'ResourceVariable' object doesn't support item deletion")):
        del v[0]
    with pytest.raises(AttributeError, match=re.escape("'ResourceVariable' object has no attribute 'foo'")):
        v.foo
    v[0].assign(5.0)        # the way that works, as the note says
    assert v.numpy().tolist() == [5.0, 2.0]


SCALAR = ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
          'Attempting to slice scalar input. [Op:StridedSlice] name: strided_slice/')


@pytest.mark.parametrize('index', [
    0, -1, slice(0, 1), slice(None), slice(None, None, 2), (Ellipsis, 0), (None, 0)])
def test_slicing_a_scalar_is_strided_slices_error(index):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.constant(1.5)[index]
    assert str(caught.value) == SCALAR


def test_a_scalar_still_takes_newaxis_and_ellipsis():
    s = tf.constant(1.5)
    assert s[None].shape == (1,)
    assert s[...].shape == ()
    assert float(s[...]) == 1.5


def test_too_many_indices_on_a_vector_keep_the_dims_text():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Index out of range using input dim 1; input has only 1 dims'):
        tf.constant([1])[0, 0]
