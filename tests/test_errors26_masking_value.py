"""Masking(mask_value=...) that is no number: Keras 3 keeps it (its config too) and a model's build takes it; the
eager call's keras.ops.not_equal refuses it (TF 2.21, probe notes/progs/errors26 j11.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, text', [
    ('a', "dtype='string' is not a valid dtype for Keras type promotion."),
    (None, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
])
def test_the_eager_call_refuses_it_in_keras_words(value, text):
    layer = keras.layers.Masking(mask_value=value)
    assert layer.get_config()['mask_value'] == value
    with pytest.raises(ValueError) as caught:
        layer(tf.ones((1, 2, 3)))
    assert str(caught.value) == ('Exception encountered when calling Masking.call().\n\n\x1b[1m%s\x1b[0m\n\n'
                                 'Arguments received by Masking.call():\n  \u2022 inputs=tf.Tensor(shape=(1, 2, 3), '
                                 'dtype=float32)' % text)


def test_a_model_build_takes_it_and_a_bool_masks_as_a_number():
    model = keras.Sequential([keras.Input((2, 3)), keras.layers.Masking(mask_value='a')])
    assert type(model).__name__ == 'Sequential'
    # TF 2.21: True compares as 1.0, so ones are masked
    out = keras.layers.Masking(mask_value=True)(tf.ones((1, 2, 3)))
    assert np.asarray(out).tolist() == [[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]
