"""The "Introduction to Variables" guide's prints: an assign of another shape fails with TensorFlow's
ValueError text (no broadcasting, not even of a scalar), assign_add/assign_sub with the kernel's, and a
variable made without ``aggregation=`` reports TF's older enum's NONE. Expected strings are TensorFlow
2.21's (run under /opt/tfref, 2026-12-02)."""
import pytest

import framework as tf

KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('value, shape', [([1.0, 2.0, 3.0], '(3,)'), (1.0, '()')])
def test_assign_of_another_shape_raises_tensorflows_value_error(value, shape):
    v = tf.Variable([2.0, 3.0])
    with pytest.raises(ValueError) as caught:
        v.assign(value)
    assert type(caught.value) is ValueError
    assert str(caught.value) == ("Cannot assign value to variable ' Variable:0': Shape mismatch.The variable shape "
                                 "(2,), and the assigned value shape %s are incompatible." % shape)
    assert v.numpy().tolist() == [2.0, 3.0]


@pytest.mark.parametrize('method, kernel', [('assign_add', 'AssignAddVariableOp'), ('assign_sub', 'AssignSubVariableOp')])
def test_assign_add_of_another_shape_raises_the_kernels_error(method, kernel):
    w = tf.Variable([[1.0, 2.0]], name='w')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        getattr(w, method)(tf.ones([2]))
    assert str(caught.value) == (KERNEL % kernel + 'Cannot update variable with shape [1,2] using a Tensor with '
                                 'shape [2], shapes must be equal. [Op:%s] name: ' % kernel)
    assert "variable 'w'" in caught.value.__notes__[0]


def test_default_aggregation_prints_as_tensorflows():
    v = tf.Variable(1.0)
    assert str(v.aggregation) == 'VariableAggregation.NONE'
    assert v.aggregation == tf.VariableAggregation.NONE and tf.VariableAggregation.NONE == v.aggregation
    assert hash(v.aggregation) == hash(tf.VariableAggregation.NONE)
    assert str(tf.VariableAggregation.NONE) == 'VariableAggregationV2.NONE'
    assert str(tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM).aggregation) == 'VariableAggregationV2.SUM'


def test_a_variable_with_the_default_aggregation_pickles():
    import pickle
    v = tf.Variable([1.0, 2.0])
    assert pickle.loads(pickle.dumps(v.aggregation)) == tf.VariableAggregation.NONE
