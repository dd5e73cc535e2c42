"""The gradient of tf.gather / gather_nd / embedding_lookup of a complex tensor is TF 2.21's
IndexedSlices (tapeflow raised AttributeError: 'RowGradients' object has no attribute 'conj', from the
tape's complex wrapping of the gather rule), and a complex Variable takes it through an optimizer."""
import numpy as np
import pytest

import framework as tf
from framework import keras

C = [[1 + 2j, 3 - 1j], [0.5j, -2 + 0j], [1 + 1j, 2 + 0j]]


@pytest.mark.parametrize('gather', [lambda c: tf.gather(c, [2, 0, 2]),
                                    lambda c: tf.nn.embedding_lookup(c, [2, 0, 2]),
                                    lambda c: tf.gather_nd(c, [[2], [0], [2]])])
def test_gather_of_complex_gives_conjugated_rows(gather):
    c = tf.constant(C, tf.complex64)
    with tf.GradientTape() as tape:
        tape.watch(c)
        loss = tf.math.real(tf.reduce_sum(gather(c) * (1 - 2j)))
    grad = tape.gradient(loss, c)
    # TF 2.21: IndexedSlices values [[1+2j, 1+2j]] * 3, indices [2 0 2]; dense [[1+2j]*2, [0]*2, [2+4j]*2]
    assert isinstance(grad, tf.IndexedSlices)
    np.testing.assert_array_equal(grad.values.numpy(), np.full((3, 2), 1 + 2j, np.complex64))
    np.testing.assert_array_equal(grad.indices.numpy(), [2, 0, 2])
    np.testing.assert_array_equal(tf.convert_to_tensor(grad).numpy(), [[1 + 2j, 1 + 2j], [0, 0], [2 + 4j, 2 + 4j]])


def test_complex_variable_descends_along_gather_rows():
    v = tf.Variable(tf.constant(C, tf.complex64))
    with tf.GradientTape() as tape:
        loss = tf.math.real(tf.reduce_sum(tf.gather(v, [2, 0, 2]) * (1 - 2j)))
    keras.optimizers.SGD(0.5).apply_gradients([(tape.gradient(loss, v), v)])
    # TF 2.21 (keras.optimizers.SGD(0.5) on the same Variable):
    np.testing.assert_array_equal(v.numpy(), [[0.5 + 1j, 2.5 - 2j], [0.5j, -2 + 0j], [-1j, 1 - 2j]])
