"""keras.random.shuffle reads its axis as Keras 3's TF backend does: tf.shape(x)[axis] for the number of slices, one
stateless uniform per slice, tf.gather along the axis; the seed is drawn first, so a refused call still advances
its SeedGenerator (state [1, 1] after one call on SeedGenerator(1)).

Printed by TF 2.21 (notes/progs/errors42/shuf.py), x = np.arange(6, dtype='float32').reshape(2, 3), seed=SeedGenerator(1):
    axis=1 / np.int64(1) / tf.constant(1)  -> [[1., 2., 0.], [4., 5., 3.]]
    axis=1.0       -> TypeError 'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar
                      tf.int32/tf.int64 tensors are valid indices, got 1.0'
    axis=True      -> ValueError 'mask cannot be scalar.'
    axis=None      -> InvalidArgumentError '... shape must be a vector of {int32,int64}, got shape [1,1,2] [Op:StatelessRandomUniformV2] name: '
    axis=[1]       -> InvalidArgumentError '... axis must be scalar [Op:GatherV2]'
    shuffle(np.float32(1), seed=1) -> InvalidArgumentError '... slice index 0 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/'
tapeflow raised 'keras.random.shuffle: axis must be an integer, got 1.0' TypeErrors, shuffled along axis 1 for True,
and refused a scalar with its own ValueError.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(6, dtype='float32').reshape(2, 3)


@pytest.mark.parametrize('axis', [1, np.int64(1), tf.constant(1)])
def test_integer_axes_shuffle_as_tf(axis):
    seed = keras.random.SeedGenerator(1)
    assert keras.random.shuffle(X, axis=axis, seed=seed).numpy().tolist() == [[1., 2., 0.], [4., 5., 3.]]
    assert seed.state.numpy().tolist() == [1, 1]


@pytest.mark.parametrize('axis, error, text', [
    (1.0, TypeError, 'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 '
                     'tensors are valid indices, got 1.0'),
    ('1', TypeError, "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 "
                     "tensors are valid indices, got '1'"),
    (True, ValueError, 'mask cannot be scalar.'),
    (None, tf.errors.InvalidArgumentError, 'shape must be a vector of {int32,int64}, got shape [1,1,2] '
                                           '[Op:StatelessRandomUniformV2] name: '),
    ([1], tf.errors.InvalidArgumentError, 'axis must be scalar [Op:GatherV2]'),
])
def test_other_axes_fail_where_keras_steps_fail(axis, error, text):
    seed = keras.random.SeedGenerator(1)
    with pytest.raises(error) as caught:
        keras.random.shuffle(X, axis=axis, seed=seed)
    assert str(caught.value).endswith(text)
    assert seed.state.numpy().tolist() == [1, 1]       # the seed was drawn before the axis was read


def test_a_scalar_has_no_axis_zero():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        keras.random.shuffle(np.float32(1), seed=1)
    assert str(caught.value).endswith('slice index 0 of dimension 0 out of bounds. [Op:StridedSlice] name: '
                                      'strided_slice/')
