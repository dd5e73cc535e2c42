"""errors34: Dataset.padded_batch with bad padded_shapes / padding_values fails in TF 2.21's words (printed by
/work/notes/progs/errors34/data4.py under /opt/tfref). Before: a negative or float padded shape was taken (or failed
later in numpy), and a non-scalar padding value was tapeflow's own 'padding value for component 0 must be a scalar'."""
import numpy as np
import pytest

import framework as tf

_RANGES = tf.data.Dataset.range(5).map(lambda x: tf.range(x))
_WORDS = tf.data.Dataset.range(5).map(lambda x: tf.strings.as_string(tf.range(x)))
_NESTED = "If shallow structure is a sequence, input must also be a sequence. Input has type: '%s'."


@pytest.mark.parametrize('call, kind, text', [
    (lambda: _RANGES.padded_batch(2, padded_shapes=[-2]), ValueError, 'Dimension -2 must be >= 0'),
    (lambda: _RANGES.padded_batch(2, padded_shapes=[2.5]), TypeError,
     'Padded shape [2.5] must be a `tf.int64` vector tensor, but its element type was float32.'),
    (lambda: _RANGES.padded_batch(2, padded_shapes=2.5), ValueError,
     'Padded shape 2.5 must be a `tf.int64` vector tensor, but its shape was ().'),
    (lambda: _RANGES.padded_batch(2, padding_values=[1, 2]), ValueError,
     'Invalid `padding_values`. `padding_values` values should be scalars, but got (2,).'),
    (lambda: _RANGES.padded_batch(2, padding_values=tf.constant([[1]], tf.int64)), ValueError,
     'Invalid `padding_values`. `padding_values` values should be scalars, but got (1, 1).'),
    (lambda: _RANGES.padded_batch(2, padding_values=(1, 2)), TypeError, _NESTED % 'ndarray'),
    (lambda: _RANGES.padded_batch(2, padding_values={'a': 1}), TypeError, _NESTED % 'ndarray'),
    (lambda: _WORDS.padded_batch(2, padding_values=('a', 'b')), TypeError, _NESTED % 'str'),
])
def test_bad_padding_arguments_in_tf_words(call, kind, text):
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value) == text


def test_unknown_lengths_still_pad_to_the_largest():
    batch = next(iter(_RANGES.padded_batch(2, padded_shapes=[-1], padding_values=np.int64(7)).skip(1)))
    assert batch.numpy().tolist() == [[0, 1, 7], [0, 1, 2]]
