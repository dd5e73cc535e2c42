"""x[mask] with a bool tensor (or numpy array) whose shape is not x's leading shape: TF 2.21 reads it as
tf.boolean_mask, which refuses it with ValueError 'Shapes (2,) and (1,) are incompatible'; tapeflow raised
InvalidArgumentError with numpy's 'boolean index did not match indexed array ...' (now the note).
Printed by TF 2.21 (notes/progs/errors33/mask.py)."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import assert_raises_exactly


@pytest.mark.parametrize('call, text', [
    (lambda: tf.constant([1.0, 2.0])[tf.constant([True])], 'Shapes (2,) and (1,) are incompatible'),
    (lambda: tf.constant([1.0, 2.0])[np.array([True])], 'Shapes (2,) and (1,) are incompatible'),
    (lambda: tf.ones([2, 3])[tf.constant([True, False, True])], 'Shapes (2,) and (3,) are incompatible'),
    (lambda: tf.ones([2, 3])[tf.constant([[True, False], [True, False]])], 'Shapes (2, 3) and (2, 2) are incompatible'),
    (lambda: tf.Variable([1.0, 2.0])[tf.constant([True])], 'Shapes (2,) and (1,) are incompatible'),
])
def test_mask_of_another_shape(call, text):
    assert_raises_exactly(call, ValueError, text)


def test_mask_of_the_right_shape_selects():
    np.testing.assert_array_equal(tf.constant([1.0, 2.0])[tf.constant([True, False])].numpy(), [1.0])
