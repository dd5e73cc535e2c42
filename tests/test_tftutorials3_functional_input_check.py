"""A functional model given an input of the wrong width raises Keras 3's input-spec error bare, as
Keras checks it in __call__ before call() (TF 2.21, notes/progs/tftutorials3/inerr.py)."""
import numpy as np
import pytest

from framework import keras


def test_the_input_check_is_not_a_call_error():
    inputs = keras.Input((4,))
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    for run in (lambda: model.predict(np.ones((2, 5)), verbose=0), lambda: model(np.ones((2, 5)))):
        with pytest.raises(ValueError) as info:
            run()
        assert str(info.value) == ("Input 0 with name '%s' of layer '%s' is incompatible with the layer: expected "
                                   "shape=(None, 4), found shape=(2, 5)" % (inputs._keras_history[0].name, model.name))


def test_inside_fit_an_input_error_shows_the_traced_batch_axis():
    # TF 2.21: fit traces with the batch axis open, so Keras prints (None, 5); predict's first trace is concrete
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile('adam', 'mse')
    with pytest.raises(ValueError) as info:
        model.fit(np.ones((2, 5)), np.ones((2, 3)), verbose=0)
    text = str(info.value)
    assert 'expected axis -1 of input shape to have value 4, but received input with shape (None, 5)' in text
    assert 'inputs=tf.Tensor(shape=(None, 5), dtype=float32)' in text
    with pytest.raises(ValueError) as info:
        model.predict(np.ones((2, 5)), verbose=0)
    assert 'received input with shape (2, 5)' in str(info.value)
