"""errors20: a Variable's conversion to another dtype, its set_shape and slice assign, a list of tensors
packed by convert_to_tensor, and fit() on data of the wrong rank raise TF 2.21 / Keras 3.15's class and words
(printed by TF 2.21, /work/notes/progs/errors20/c1.py and c5.py); tapeflow's sentences ride as notes."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

_CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_SLICE_ASSIGN = (_CPU % 'ResourceStridedSliceAssign' + 'Cannot broadcast input shape %s into final shape %s '
                 '[Op:ResourceStridedSliceAssign] name: strided_slice/_assign')


@pytest.mark.parametrize('make, dtype, text', [
    (lambda: tf.Variable(1.0), tf.float64, "Incompatible type conversion requested to type float64 for `tf.Variable "
     "of type float32. (Variable: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>)"),
    (lambda: tf.Variable(1), tf.float32, "Incompatible type conversion requested to type float32 for `tf.Variable of "
     "type int32. (Variable: <tf.Variable 'Variable:0' shape=() dtype=int32, numpy=1>)"),
])
def test_converting_a_variable_to_another_dtype(make, dtype, text):
    variable = make()
    assert_raises_exactly(lambda: tf.convert_to_tensor(variable, dtype=dtype), ValueError, text)


def test_a_tensor_keeps_its_own_conversion_words():
    assert_raises_exactly(lambda: tf.convert_to_tensor(tf.constant(1.0), dtype=tf.int32), ValueError,
                          'Tensor conversion requested dtype int32 for Tensor with dtype float32: '
                          '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>')


@pytest.mark.parametrize('shape, wanted, text', [
    ((2,), (3,), 'Shapes (2,) and (3,) are not compatible'),
    ((2, 3), (3, 2), 'Shapes (2, 3) and (3, 2) are not compatible'),
])
def test_variable_set_shape_merges_as_tf(shape, wanted, text):
    variable = tf.Variable(tf.ones(shape))
    assert_raises_exactly(lambda: variable.set_shape(wanted), ValueError, text)
    variable.set_shape((None,) * len(shape))       # a compatible shape is a check that passes
    assert variable.shape == shape


@pytest.mark.parametrize('shape, index, value, text', [
    ((2,), 0, [1.0, 2.0], _SLICE_ASSIGN % ('[2]', '[]')),
    ((2, 3), 0, [1.0, 2.0], _SLICE_ASSIGN % ('[2]', '[3]')),
    ((4,), slice(1, 3), [1.0, 2.0, 3.0], _SLICE_ASSIGN % ('[3]', '[2]')),
])
def test_slice_assign_of_the_wrong_shape_changes_nothing(shape, index, value, text):
    variable = tf.Variable(tf.ones(shape))
    assert_raises_exactly(lambda: variable[index].assign(value), tf.errors.InvalidArgumentError, text)
    assert (variable.numpy() == 1.0).all()


@pytest.mark.parametrize('value, text', [
    (lambda: [tf.ones(2), tf.ones(3)], _CPU % 'Pack_N_2' + 'Shapes of all inputs must match: values[0].shape = [2] != '
     'values[1].shape = [3] [Op:Pack] name: packed'),
    (lambda: [tf.ones(2), tf.ones(2), tf.ones(3)], _CPU % 'Pack_N_3' + 'Shapes of all inputs must match: values[0].shape '
     '= [2] != values[2].shape = [3] [Op:Pack] name: packed'),
    (lambda: [tf.Variable([1.0, 2.0]), tf.ones(3)], _CPU % 'Pack_N_2' + 'Shapes of all inputs must match: '
     'values[0].shape = [2] != values[1].shape = [3] [Op:Pack] name: packed'),
    # a nested list's Pack runs in an (eager, so empty) name scope
    (lambda: [[tf.ones(2)], [tf.ones(3)]], _CPU % 'Pack_N_2' + 'Shapes of all inputs must match: values[0].shape = '
     '[1,2] != values[1].shape = [1,3] [Op:Pack] name: '),
])
def test_packing_tensors_of_two_shapes(value, text):
    items = value()
    assert_raises_exactly(lambda: tf.convert_to_tensor(items), tf.errors.InvalidArgumentError, text)


def test_tf_stack_keeps_its_name():
    assert_raises_exactly(lambda: tf.stack([tf.ones(2), tf.ones(3)]), tf.errors.InvalidArgumentError,
                          _CPU % 'Pack_N_2' + 'Shapes of all inputs must match: values[0].shape = [2] != '
                                              'values[1].shape = [3] [Op:Pack] name: stack')


_RANK = ('Exception encountered when calling Sequential.call().\n\n\x1b[1mInvalid input shape for input Tensor("data:0",'
         " shape=%s, dtype=float32) with name 'keras_tensor' and path ''. Expected shape (None, 3), but input has "
         'incompatible shape %s\x1b[0m\n\nArguments received by Sequential.call():\n  \u2022 inputs=tf.Tensor(shape=%s, '
         "dtype=float32)\n  \u2022 training=True\n  \u2022 mask=None\n  \u2022 kwargs=<class 'inspect._empty'>")


@pytest.mark.parametrize('x, shape', [(np.ones(4), '(None,)'), (np.ones((4, 1, 3)), '(None, 1, 3)')])
def test_fit_on_data_of_the_wrong_rank_names_the_traced_shape(x, shape):
    # fit traces its step over batches of any size: Keras prints the batch axis as None, also in the sentence
    keras.backend.clear_session()       # the Input's tensor is 'keras_tensor' in a fresh session
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    before = [w.copy() for w in model.get_weights()]
    assert_raises_exactly(lambda: model.fit(x, np.ones((4, 2)), verbose=0), ValueError, _RANK % (shape, shape, shape))
    assert all((a == b).all() for a, b in zip(before, model.get_weights()))
