"""keras.ops.einsum renames the subscript letters a, b, c, ... in order of first use, as Keras 3's
TensorFlow backend does, so an implicit output keeps that order (the einsum docstring's
ops.einsum("ji", c) prints c itself); tf.einsum keeps numpy's alphabetical implicit output.
Golden values: the same calls under TF 2.21 + Keras 3.15."""
import numpy as np

import framework as tf
from framework.keras import ops

C = np.arange(6).reshape(2, 3).astype('int32')


def test_implicit_output_keeps_first_use_order():
    np.testing.assert_array_equal(ops.einsum('ji', C).numpy(), C)
    np.testing.assert_array_equal(ops.einsum('ba', C).numpy(), C)
    b, d = np.arange(3, dtype='float32'), np.array([1., 2.], 'float32')
    np.testing.assert_array_equal(ops.einsum('j,i', b, d).numpy(), [[0.0, 0.0], [1.0, 2.0], [2.0, 4.0]])
    x = np.arange(24, dtype='float32').reshape(2, 3, 4)
    assert tuple(ops.einsum('kji', x).shape) == (2, 3, 4)


def test_tf_einsum_keeps_alphabetical_implicit_output():
    np.testing.assert_array_equal(tf.einsum('ji', C).numpy(), C.T)
    b, d = np.arange(3, dtype='float32'), np.array([1., 2.], 'float32')
    np.testing.assert_array_equal(tf.einsum('j,i', b, d).numpy(), [[0.0, 1.0, 2.0], [0.0, 2.0, 4.0]])


def test_explicit_equations_are_unchanged():
    a = np.arange(25).reshape(5, 5).astype('int32')
    assert int(ops.einsum('ii', a)) == 60
    np.testing.assert_array_equal(ops.einsum('zy,yx->zx', C, C.T).numpy(), C @ C.T)
    np.testing.assert_array_equal(ops.einsum('...j->...', C).numpy(), C.sum(-1))
