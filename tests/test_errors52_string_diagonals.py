"""tf.linalg.diag_part / trace / diag of strings fail as TF 2.21's Python does, converting padding_value (0 by
default) to the input's dtype first: 'Cannot convert 0 to EagerTensor of dtype string'; tapeflow said
'diag_part: expected a numeric or bool tensor, got dtype string' (now a note)."""
import pytest

import framework as tf


@pytest.mark.parametrize('fn', [tf.linalg.diag_part, tf.linalg.trace], ids=['diag_part', 'trace'])
def test_string_matrices(fn):
    # TF 2.21 gives TypeError 'Cannot convert 0 to EagerTensor of dtype string' for a string tensor, list or scalar
    for value in (tf.constant([['a', 'b'], ['c', 'd']]), [['a', 'b'], ['c', 'd']], 'abc'):
        with pytest.raises(TypeError) as info:
            fn(value)
        assert str(info.value) == 'Cannot convert 0 to EagerTensor of dtype string'


def test_string_diagonal_and_given_padding():
    # TF 2.21 gives TypeError 'Cannot convert 0 to EagerTensor of dtype string' / '... 1.5 ...'
    with pytest.raises(TypeError) as info:
        tf.linalg.diag(tf.constant(['a', 'b']))
    assert str(info.value) == 'Cannot convert 0 to EagerTensor of dtype string'
    with pytest.raises(TypeError) as info:
        tf.linalg.diag_part(tf.constant([['a', 'b'], ['c', 'd']]), padding_value=1.5)
    assert str(info.value) == 'Cannot convert 1.5 to EagerTensor of dtype string'


def test_numbers_still_work():
    # TF 2.21: trace([[1, 2], [3, 4]]) is 5, diag_part is [1, 4]
    m = tf.constant([[1, 2], [3, 4]])
    assert int(tf.linalg.trace(m)) == 5
    assert tf.linalg.diag_part(m).numpy().tolist() == [1, 4]
