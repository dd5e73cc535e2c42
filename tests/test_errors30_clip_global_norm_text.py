"""tf.clip_by_global_norm given something other than a list or tuple of tensors: TF 2.21's TypeError,
which quotes the argument's class as TensorFlow prints it (tapeflow's sentence is a note). Literals:
TF 2.21's output for each argument (/work/notes/progs/errors30/j6.py, clip_global_norm_not_list)."""
import pytest

import framework as tf


@pytest.mark.parametrize('make, received', [
    (lambda: tf.ones(3), "<class 'tensorflow.python.framework.ops.EagerTensor'>"),
    (lambda: tf.Variable([1.0]), "<class 'tensorflow.python.ops.resource_variable_ops.ResourceVariable'>"),
    (lambda: 3, "<class 'int'>"),
    (lambda: 'ab', "<class 'str'>"),
    (lambda: None, "<class 'NoneType'>"),
    (lambda: {'a': tf.ones(2)}, "<class 'dict'>"),
])
def test_t_list_that_is_not_a_sequence(make, received):
    with pytest.raises(TypeError) as info:
        tf.clip_by_global_norm(make(), 1.0)
    assert str(info.value) == '`t_list` should be a sequence of tensors. Received %s.' % received


def test_a_tuple_with_none_is_clipped():
    clipped, norm = tf.clip_by_global_norm((tf.constant([3.0, 4.0]), None), 1.0)
    assert clipped[1] is None
    assert clipped[0].numpy().tolist() == pytest.approx([0.6, 0.8])
    assert float(norm) == 5.0
