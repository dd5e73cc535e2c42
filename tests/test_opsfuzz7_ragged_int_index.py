"""rt[:, i] on a RaggedTensor as TF 2.21: an int inside ragged rows is refused whatever the row lengths
(TF printed "ValueError: Cannot index into an inner ragged dimension." for each call below); rows of a uniform
row length take it. Before: tapeflow gathered element i when every row had it, else an IndexError."""
import pytest

import framework as tf


@pytest.mark.parametrize('rows, key', [
    ([[1., 2., 3.], [], [4.], [5., 6.]], (slice(None), -1)),
    ([[1, 2], [3, 4]], (slice(None), 1)),
    ([[1, 2], [3]], (slice(None), 0)),
    ([[1., 2., 3.], [], [4.]], (slice(1, None), 0)),
])
def test_int_inside_ragged_rows_is_refused(rows, key):
    with pytest.raises(ValueError) as caught:
        tf.ragged.constant(rows)[key]
    assert str(caught.value) == 'Cannot index into an inner ragged dimension.'


def test_uniform_rows_take_an_int_and_rows_keep_their_length():
    uniform = tf.RaggedTensor.from_uniform_row_length(tf.constant([1, 2, 3, 4]), 2)
    assert uniform[:, 1].numpy().tolist() == [2, 4]
    assert uniform[1:, 0].numpy().tolist() == [3]
    assert int(tf.ragged.constant([[1, 2], [3]])[0, 1]) == 2
