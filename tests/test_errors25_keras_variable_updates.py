"""keras.Variable.assign_add / assign_sub are Keras 3's assign(self + value): a value that broadcasts is
added, an int variable's float sum is cast back, a value of another shape fails as the sum does (AddV2's /
Sub's kernel text), a string as Keras's type promotion; tf.Variable keeps TF's own kernels (no broadcast).
Literals: TF 2.21 / Keras 3.15 (errors23/f7.py kvar_assign_add_shape; errors25/p_kvar.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_a_value_that_broadcasts_is_added():
    v = keras.Variable(np.ones((2, 3)))
    v.assign_add(np.ones(3))
    assert v.numpy().tolist() == [[2.0] * 3] * 2
    v.assign_sub(np.ones(3) * 2)
    assert v.numpy().tolist() == [[0.0] * 3] * 2


def test_an_int_variable_takes_the_float_sum_cast_back():
    v = keras.Variable([1, 2])
    v.assign_add(0.5)
    assert v.numpy().tolist() == [1, 2]


@pytest.mark.parametrize('what, kernel', [('assign_add', 'AddV2'), ('assign_sub', 'Sub')])
def test_another_shape_fails_as_the_sum_does_and_changes_nothing(what, kernel):
    v = keras.Variable(np.ones(2))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        getattr(v, what)(np.ones(3))
    assert str(caught.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                 'Incompatible shapes: [2] vs. [3] [Op:%s] name: ' % (kernel, kernel))
    assert v.numpy().tolist() == [1.0, 1.0]


def test_a_string_fails_in_keras_type_promotion():
    with pytest.raises(ValueError) as caught:
        keras.Variable(np.ones(2)).assign_add('a')
    assert str(caught.value) == "dtype='string' is not a valid dtype for Keras type promotion."


def test_tf_variables_keep_the_kernels_check():
    v = tf.Variable(np.ones((2, 3)))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'AssignAddVariableOp.* Cannot update variable with '
                                                             r'shape \[2,3\] using a Tensor with shape \[3\]'):
        v.assign_add(np.ones(3))


@pytest.mark.parametrize('value, dtype, held', [
    (1.5, 'int32', 1), ([1.7, -2.5], 'int32', [1, -2]), ([1.7, -2.5], 'uint8', [1, 254]),
    (np.array([1.5]), 'bool', [True]),
])
def test_an_int_or_bool_variable_casts_its_value(value, dtype, held):
    # TF 2.21 / Keras 3.15: convert without the dtype, then cast (errors23/f7.py kvar_int_dtype_float_value)
    v = keras.Variable(value, dtype=dtype)
    assert v.dtype.name == dtype and v.numpy().tolist() == held


def test_a_layer_class_made_by_exec_without_a_module_name_builds():
    # exec() with globals lacking __name__ leaves build.__module__ None: its own error must come through
    # (TF 2.21: ValueError 'mine'; tapeflow raised AttributeError "'NoneType' object has no attribute 'split'")
    namespace = {'keras': keras}
    exec("class L(keras.layers.Layer):\n    def build(self, s):\n        raise ValueError('mine')\n"
         "    def call(self, x):\n        return x\n", namespace)
    with pytest.raises(ValueError) as caught:
        namespace['L']()(np.ones((1, 2), 'float32'))
    assert str(caught.value) == 'mine'
