"""tf.switch_case takes its index as TF 2.21 does: an integer Tensor. A Python int, numpy value or
Variable is TF's TypeError (tapeflow ran the branch); a float tensor and a non-scalar get TF's words.
Literals printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf

BRANCHES = [lambda: tf.constant(1), lambda: tf.constant(2)]


@pytest.mark.parametrize('index, text', [
    (lambda: 1, "'branch_index' must be a Tensor, got <class 'int'>"),
    (lambda: np.int32(1), "'branch_index' must be a Tensor, got <class 'numpy.int32'>"),
    (lambda: np.array(1), "'branch_index' must be a Tensor, got <class 'numpy.ndarray'>"),
    (lambda: True, "'branch_index' must be a Tensor, got <class 'bool'>"),
    (lambda: tf.Variable(1),
     "'branch_index' must be a Tensor, got <class 'tensorflow.python.ops.resource_variable_ops.ResourceVariable'>"),
    (lambda: tf.constant(1.0), "'branch_index' must be an integer Tensor, got <dtype: 'float32'>"),
])
def test_refused_indices(index, text):
    with pytest.raises(TypeError) as info:
        tf.switch_case(index(), BRANCHES)
    assert str(info.value) == text


def test_a_vector_index_is_selects_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.switch_case(tf.constant([1]), BRANCHES)
    assert str(info.value) == ("{{function_node __wrapped__Select_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
                               " 'then' must be at least a vector, but saw shape: [] [Op:Select] name: ")


@pytest.mark.parametrize('dtype', [tf.int32, tf.int64, tf.uint8])
def test_integer_tensors_select(dtype):
    assert tf.switch_case(tf.constant(1, dtype), BRANCHES).numpy() == 2
