"""An eager tf.while_loop whose body returns its one loop variable bare (loop_vars [x]) fails with TF 2.21's
whole nest text: the type specs of what went in (with maximum_iterations, behind the int32 counter), what came
back, where they part, and both drawn with '.'. tapeflow said only the first sentence. Printed by TF 2.21
(notes/progs/gradfuzz11/t_wl.py)."""
import pytest

import framework as tf

LIMITED = (
    "The two structures don't have the same nested structure.\n\n"
    'First structure: type=list str=[TensorSpec(shape=(), dtype=tf.int32, name=None), [TensorSpec(shape=(1, 2), '
    'dtype=tf.float32, name=None)]]\n\n'
    'Second structure: type=list str=[1, <tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[1., 4.]], '
    'dtype=float32)>]\n\n'
    'More specifically: Substructure "type=list str=[TensorSpec(shape=(1, 2), dtype=tf.float32, name=None)]" is a '
    'sequence, while substructure "type=EagerTensor str=tf.Tensor([[1. 4.]], shape=(1, 2), dtype=float32)" is not\n'
    'Entire first structure:\n[., [.]]\nEntire second structure:\n[., .]')

ITERATED = (
    "The two structures don't have the same nested structure.\n\n"
    'First structure: type=list str=[TensorSpec(shape=(2,), dtype=tf.float32, name=None)]\n\n'
    'Second structure: type=list str=[<tf.Tensor: shape=(), dtype=float32, numpy=1.5>, <tf.Tensor: shape=(), '
    'dtype=float32, numpy=3.0>]\n\n'
    "More specifically: The two structures don't have the same number of elements. First structure: type=list "
    'str=[TensorSpec(shape=(2,), dtype=tf.float32, name=None)]. Second structure: type=list str=[<tf.Tensor: '
    'shape=(), dtype=float32, numpy=1.5>, <tf.Tensor: shape=(), dtype=float32, numpy=3.0>]\n'
    'Entire first structure:\n[.]\nEntire second structure:\n[., .]')


def test_bare_result_with_maximum_iterations():
    x = tf.constant([[0.5, 2.0]])
    with pytest.raises(ValueError) as info:
        tf.while_loop(lambda h: tf.reduce_sum(h) < 5.0, lambda h: h * 2.0, [x], maximum_iterations=5)
    assert str(info.value) == LIMITED


def test_bare_vector_result_is_iterated():
    with pytest.raises(ValueError) as info:
        tf.while_loop(lambda h: tf.reduce_sum(h) < 5.0, lambda h: h * 1.5, [tf.constant([1.0, 2.0])])
    assert str(info.value) == ITERATED
