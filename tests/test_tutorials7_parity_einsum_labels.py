"""tf.einsum takes letters, commas, '->' and '...' only, with TF 2.21's ValueErrors: a translate loop
rearranging TensorArray tokens with einsum('tb1->bt', ...) fails so on TF (tapeflow summed it).

Expected texts printed by TensorFlow 2.21 (/opt/tfref, a probe in progs/tutorials7)."""
import pytest

import framework as tf


@pytest.mark.parametrize('equation, text', [
    ('tb1->bt', 'Subscripts have incorrect format: tb1->bt'),
    ('ij.->ji', 'Subscripts have incorrect format: ij.->ji'),
    ('abc->b-a', 'Subscripts have incorrect format: abc->b-a'),
    ('...0->...', 'Invalid character "0" in equation: ...0->....'),
])
def test_bad_labels_raise_tf_value_error(equation, text):
    with pytest.raises(ValueError, match='^' + text.replace('.', r'\.').replace('[', r'\[') + '(\n|$)'):
        tf.einsum(equation, tf.zeros([3, 2, 1]))


@pytest.mark.parametrize('equation, shape, expected', [
    ('tbc->bt', [3, 2, 1], (2, 3)),
    ('a b c -> b a', [3, 2, 1], (2, 3)),
    ('...ij->...ji', [4, 2, 3], (4, 3, 2)),
    ('ij', [2, 3], (2, 3)),
])
def test_letters_spaces_and_ellipses_still_work(equation, shape, expected):
    assert tuple(tf.einsum(equation, tf.zeros(shape)).shape) == expected
