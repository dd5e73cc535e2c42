"""keras.utils.unpack_x_y_sample_weight of a 4-tuple raises Keras 3's text (its train_steps call it).
Golden: /work/notes/progs/kguides4/p22.py under Keras 3 (TF 2.21)."""
import pytest

from framework import keras


def test_four_parts():
    with pytest.raises(ValueError) as info:
        keras.utils.unpack_x_y_sample_weight((1, 2, 3, 4))
    assert str(info.value) == ('Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, '
                               'found: (1, 2, 3, 4)')
    assert keras.utils.unpack_x_y_sample_weight([1, 2]) == (1, 2, None)
