"""keras.io's "WGAN-GP" draws ``tf.random.normal(shape=(batch_size, self.latent_dim))`` and
``tf.random.normal([batch_size, 1, 1, 1], 0.0, 1.0)`` with ``batch_size = tf.shape(real_images)[0]``,
a scalar tensor inside the shape list, which TensorFlow packs; tapeflow raised 'shape must be a list
of non-negative integers' (also in tf.random.stateless_*). keras.ops.arange with a tensor bound
(``ops.arange(ops.shape(x)[-1])`` where shapes are tensors) raised AttributeError reading its dtype's
kind; Keras 3 types it from the bounds (Python ints weak). Expected values: TensorFlow 2.21 running the same calls
(/work/notes/progs/kexamples2/g5_shape_tensors.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_a_scalar_tensor_in_a_shape_list_is_its_length():
    tf.random.set_seed(1)
    b = tf.shape(tf.zeros((3, 2)))[0]
    np.testing.assert_allclose(tf.random.normal(shape=(b, 2)).numpy(),
                               [[-1.1012202501296997, 1.545751690864563], [0.3836440145969391, -0.8796578645706177],
                                [-1.2246721982955933, -0.9811211228370667]], rtol=1e-6)
    np.testing.assert_allclose(tf.random.uniform([b, 1, 1, 1], 0.0, 1.0).numpy().ravel(),
                               [0.5101070404052734, 0.44353175163269043, 0.40853309631347656], rtol=1e-6)


def test_a_float_or_vector_tensor_in_a_shape_list_is_refused():
    with pytest.raises(tf.errors.InvalidArgumentError, match='random.normal: shape must be'):
        tf.random.normal((tf.constant(2.0), 3))
    with pytest.raises(tf.errors.InvalidArgumentError, match='random.normal: shape must be'):
        tf.random.normal((tf.constant([2, 2]), 3))


def test_stateless_draws_take_scalar_tensors_in_the_shape():
    b = tf.shape(tf.zeros((3, 2)))[0]
    np.testing.assert_allclose(tf.random.stateless_normal((b, 2), seed=[1, 2]).numpy(),
                               [[0.544110119342804, 0.20738030970096588], [0.0735643208026886, 0.04643455147743225],
                                [-1.301589846611023, -0.9538565278053284]], rtol=1e-6)


@pytest.mark.parametrize('bounds, dtype, values', [
    ((tf.constant(3),), 'int32', [0, 1, 2]),
    ((tf.constant(1.0), 3), 'float32', [1.0, 2.0]),
    ((0, tf.constant(3, 'int64')), 'int64', [0, 1, 2]),
])
def test_keras_arange_types_tensor_bounds_as_keras(bounds, dtype, values):
    r = keras.ops.arange(*bounds)
    assert r.dtype == dtype
    assert r.numpy().tolist() == values
