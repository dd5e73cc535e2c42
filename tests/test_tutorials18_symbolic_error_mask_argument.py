"""'Arguments received' of a failed symbolic call show the `mask` Keras 3 fills in.

Keras 3.15's Layer.__call__ (step 6) puts kwargs['mask'] = the input's Keras mask (None when it has none)
into a call whose signature has a free `mask`, before the call fails, so a Sequential called on a
KerasTensor of the wrong shape prints "kwargs={'mask': 'None'}"; tapeflow printed
"kwargs=<class 'inspect._empty'>". Golden texts: TF 2.21 / Keras 3.15 on this machine
(tensorflow.org tutorials/images/data_augmentation, a Sequential nested after a Resizing).
"""
import pytest

from framework import keras
from framework.keras import layers


def _failure_text(model, inputs):
    with pytest.raises(ValueError) as info:
        model(inputs)
    return str(info.value)


def test_sequential_on_wrong_shape_shows_filled_mask():
    inner = keras.Sequential([keras.Input((4, 3)), layers.LSTM(2)])
    text = _failure_text(inner, keras.Input((4, 5)))
    assert text.startswith('Exception encountered when calling Sequential.call().')
    assert 'expected shape=(None, 4, 3), found shape=(None, 4, 5)' in text
    assert text.endswith("\n  \u2022 kwargs={'mask': 'None'}")


def test_list_input_shows_one_mask_per_tensor():
    inner = keras.Sequential([keras.Input((4, 3)), layers.Dense(2)])
    text = _failure_text(inner, [keras.Input((4, 3)), keras.Input((4, 3))])
    assert text.endswith("\n  \u2022 kwargs={'mask': ['None', 'None']}")


def test_layer_without_mask_argument_keeps_empty_kwargs():
    text = _failure_text(layers.Reshape((7,)), keras.Input((3,)))
    assert text.endswith("\n  \u2022 kwargs=<class 'inspect._empty'>")     # Reshape.call has no mask
