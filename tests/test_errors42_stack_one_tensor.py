"""tf.stack / keras.ops.stack given one tensor or array (not a list) along an axis other than 0, as TF 2.21's Pack
takes it: its fast path iterates a tensor or variable into its rows (so stack(t, axis=1) is t's rows stacked along
1, with the gradient), takes a 1-D array's numbers, refuses a higher-rank array; a float axis falls to the slow
path, which wants a list (errors41's left item for keras.ops.stack(a23, axis=1.0)).

Printed by TF 2.21 (notes/progs/errors42/stack.py, stack2.py), x = [[3., 1., 2.], [0., 5., 4.]]:
    tf.stack(tf.constant(x), axis=1)      -> [[3., 0.], [1., 5.], [2., 4.]]   (axis=-2: shape (2, 3))
    tf.stack(x, axis=1)                   -> ValueError 'expected a sequence for attr N, got an ndarray with rank 2 instead'
    tf.stack(x, axis=1.0)                 -> TypeError "Expected list for 'values' argument to 'pack' Op, not array([[3., 1., 2.],\n        [0., 5., 4.]], dtype=float32)."
    tf.stack(tf.constant(x), axis=5.0)    -> ValueError 'Argument `axis` = 5.0 not in range [-2, 2)'
    gradient of tf.stack(v, axis=1) * [[1, 2], [3, 4], [5, 6]] -> [[1., 3., 5.], [2., 4., 6.]]
    keras.ops.stack(np.array(1.0))        -> TypeError 'iteration over a 0-d array'
tapeflow stacked an array's rows and refused a tensor ('stack: expected a non-empty list of tensors').
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[3., 1., 2.], [0., 5., 4.]], 'float32')
ROWS_ALONG_1 = [[3., 0.], [1., 5.], [2., 4.]]


@pytest.mark.parametrize('stack', [tf.stack, keras.ops.stack])
def test_a_tensor_is_its_rows(stack):
    assert stack(tf.constant(X), axis=1).numpy().tolist() == ROWS_ALONG_1
    assert stack(tf.constant(X), axis=-1).numpy().tolist() == ROWS_ALONG_1
    assert tuple(stack(tf.constant(X), axis=-2).shape) == (2, 3)


def test_gradient_through_the_rows():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = tf.stack(v, axis=1) * np.array([[1., 2.], [3., 4.], [5., 6.]], 'float32')
    assert tape.gradient(y, v).numpy().tolist() == [[1., 3., 5.], [2., 4., 6.]]


@pytest.mark.parametrize('stack', [tf.stack, keras.ops.stack])
def test_an_array_of_rank_two_is_refused(stack):
    with pytest.raises(ValueError) as caught:
        stack(X, axis=1)
    assert str(caught.value) == 'expected a sequence for attr N, got an ndarray with rank 2 instead'
    assert tf.stack(np.array([1., 2.]), axis=-1).numpy().tolist() == [1., 2.]       # a 1-D array's numbers


@pytest.mark.parametrize('stack', [tf.stack, keras.ops.stack])
def test_a_float_axis_wants_a_list(stack):
    with pytest.raises(TypeError) as caught:
        stack(X, axis=1.0)
    assert str(caught.value) == ("Expected list for 'values' argument to 'pack' Op, not array([[3., 1., 2.],\n"
                                 "       [0., 5., 4.]], dtype=float32).")
    with pytest.raises(TypeError, match="Expected list for 'values' argument to 'pack' Op, not <tf.Tensor"):
        stack(tf.constant(X), axis=np.float32(1))
    with pytest.raises(ValueError) as caught:
        stack(tf.constant(X), axis=5.0)
    assert str(caught.value) == 'Argument `axis` = 5.0 not in range [-2, 2)'


def test_keras_iterates_a_scalar():
    with pytest.raises(TypeError, match='iteration over a 0-d array'):
        keras.ops.stack(np.array(1.0))
    with pytest.raises(TypeError, match='Cannot iterate over a scalar tensor.'):
        keras.ops.stack(tf.constant(1.0))


@pytest.mark.parametrize('value, dtype', [(3.0, tf.float32), ('abc', tf.string), (np.float32(2), tf.float32),
                                          (True, tf.bool)])
def test_one_scalar_or_string_along_axis_0_is_converted(value, dtype):
    # TF 2.21 (notes/progs/lead46/p16.py, p17.py): tf.stack(3.0) is <tf.Tensor: shape=(), dtype=float32, numpy=3.0>
    # (its first try, convert_to_tensor(values)); tf.stack('abc') and keras.ops.stack('abc') the scalar b'abc'
    out = tf.stack(value)
    assert out.shape == () and out.dtype == dtype
    if isinstance(value, str):
        assert keras.ops.stack(value).numpy() == b'abc'


def test_one_string_along_another_axis_is_out_of_range():
    # TF 2.21: the axis is checked against the rank of values[0] ('a') plus one
    with pytest.raises(ValueError, match=r'^Argument `axis` = 1 not in range \[-1, 1\)'):
        tf.stack('abc', axis=1)
