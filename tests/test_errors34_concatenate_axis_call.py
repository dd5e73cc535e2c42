"""errors34: Concatenate(axis=3) on symbolic inputs of rank 3 fails as TF 2.21 / Keras 3's symbolic call does: its
IndexError worded 'Exception encountered when calling Concatenate.call(). ... list index out of range ...'
with the arguments received (printed by /work/notes/progs/errors34/keras1.py, case concat_axis, under /opt/tfref).
tapeflow raised the bare IndexError 'list index out of range'."""
import pytest

from framework import keras


def test_concatenate_axis_past_the_rank_is_kerass_call_error():
    keras.backend.clear_session()
    a, b = keras.Input((2, 3)), keras.Input((2, 3))
    with pytest.raises(IndexError) as caught:
        keras.layers.Concatenate(axis=3)([a, b])
    text = str(caught.value)
    assert text.startswith('Exception encountered when calling Concatenate.call().\n\n\x1b[1mlist index out of '
                           'range\x1b[0m\n\nArguments received by Concatenate.call():\n  • args=([')
    assert "name=keras_tensor>', '<KerasTensor shape=(None, 2, 3), dtype=float32, sparse=False, ragged=False, " \
           "name=keras_tensor_1>'],)\n  • kwargs=<class 'inspect._empty'>" in text


def test_a_fitting_axis_still_concatenates():
    out = keras.layers.Concatenate(axis=1)([keras.Input((2, 3)), keras.Input((4, 3))])
    assert tuple(out.shape) == (None, 6, 3)
