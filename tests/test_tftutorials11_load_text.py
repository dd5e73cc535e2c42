"""The load_data/text tutorial (tensorflow.org) ends on TF 2.21 + Keras 3 at
`export_model.predict(inputs)` with `inputs` a Python list of strings: Keras raises a plain
ValueError, and the traceback's last line reads 'ValueError: Unrecognized data type: x=[...] (of type
<class 'list'>)' (/work/notes/progs/tftutorials11/p02_load_text.py). tapeflow raised a subclass whose
printed name was layers.training.data.UnrecognizedDataError."""
import pytest

import framework as tf
from framework import keras


def test_predict_of_a_list_of_strings_is_keras_plain_value_error():
    vectorize = keras.layers.TextVectorization(max_tokens=10, output_mode='binary')
    vectorize.adapt(tf.constant(['a b', 'b c']))
    model = keras.Sequential([vectorize, keras.layers.Dense(2)])
    inputs = ['a b', 'c']
    with pytest.raises(ValueError) as info:
        model.predict(inputs, verbose=0)
    assert type(info.value) is ValueError
    assert str(info.value) == "Unrecognized data type: x=['a b', 'c'] (of type <class 'list'>)"
    # a tensor of the same strings is data
    assert model.predict(tf.constant(inputs), verbose=0).shape == (2, 2)
