"""Ragged tensors as the ragged guide uses them: comparisons give ragged bool masks (so
``tf.ragged.boolean_mask(x, x > 2)`` works), and tf.ragged.constant's refusals print TensorFlow's
words. Expected values are TensorFlow 2.21's (run under /opt/tfref, 2026-12-02)."""
import pytest

import framework as tf


def test_comparisons_are_ragged_and_mask_rows():
    x = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    assert (x > 2).to_list() == [[False, False], [True], [True, True, True]]
    assert (x <= 2).to_list() == [[True, True], [False], [False, False, False]]
    assert (2 < x).to_list() == (x > 2).to_list()
    assert tf.greater_equal(x, x).to_list() == [[True, True], [True], [True, True, True]]
    assert tf.ragged.boolean_mask(x, x > 2).to_list() == [[], [3], [4, 5, 6]]      # TF: [[], [3], [4, 5, 6]]


@pytest.mark.parametrize('value, text', [
    ([['one', 'two'], [3, 4]], "Can't convert Python sequence with mixed types to Tensor."),
    (['A', ['B', 'C']], 'all scalar values must have the same nesting depth'),
])
def test_ragged_constant_refusals_read_as_tensorflow(value, text):
    with pytest.raises(ValueError) as caught:
        tf.ragged.constant(value)
    assert str(caught.value) == text
    assert 'ragged.constant' in caught.value.__notes__[-1]
