"""keras.utils.to_categorical with a label past num_classes raises numpy's plain IndexError, as Keras 3.15
does (TF 2.21 prints `IndexError index 5 is out of bounds for axis 1 with size 3` for type(e).__name__, e)."""
import pytest

from framework import keras


@pytest.mark.parametrize('labels, text', [([0, 5], 'index 5 is out of bounds for axis 1 with size 3'),
                                          ([-7, 1], 'index -7 is out of bounds for axis 1 with size 3')])
def test_label_out_of_range_is_a_plain_index_error(labels, text):
    with pytest.raises(IndexError) as caught:
        keras.utils.to_categorical(labels, num_classes=3)
    assert type(caught.value).__name__ == 'IndexError'
    assert not isinstance(caught.value, ValueError)
    assert str(caught.value) == text
