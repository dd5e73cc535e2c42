"""keras.io's "WGAN-GP" draws ``tf.random.normal(shape=(batch_size, self.latent_dim))`` and
``tf.random.normal([batch_size, 1, 1, 1], 0.0, 1.0)`` with ``batch_size = tf.shape(real_images)[0]``,
a scalar tensor inside the shape list, which TensorFlow packs; tapeflow raised 'shape must be a list
of non-negative integers'. Expected values: TensorFlow 2.21 running the same calls
(/work/notes/progs/kexamples2/g5_shape_tensors.py).
"""
import numpy as np
import pytest

import framework as tf


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
