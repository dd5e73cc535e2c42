"""The text-classification tutorials' ``model.predict(np.array([sample_text]))``: Keras 3's fit,
evaluate and predict take numpy arrays of numbers or bools only, so on TF 2.21 that line raises
``ValueError: Invalid dtype: str3328``, while a string tensor or the *_on_batch methods run.

Expected outcomes were printed by TensorFlow 2.21 + Keras 3.15.1 running the same calls
(/work/notes/progs/tftutorials2/strpred2.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _string_model():
    model = keras.Sequential([keras.Input((1,), dtype='string'), keras.layers.StringLookup(vocabulary=['a']),
                              keras.layers.Dense(1)])
    model.compile(loss='mse')
    return model


TEXT = np.array([['a']])
ONE = np.array([1.0])


@pytest.mark.parametrize('call, dtype_name', [
    (lambda m: m.predict(TEXT, verbose=0), 'str32'),                                  # TF: Invalid dtype: str32
    (lambda m: m.predict(np.array([[b'a']]), verbose=0), 'bytes8'),                   # TF: Invalid dtype: bytes8
    (lambda m: m.predict(np.array([['a']], dtype=object), verbose=0), 'object'),      # TF: Invalid dtype: object
    (lambda m: m.predict({'x': TEXT}, verbose=0), 'str32'),
    (lambda m: m.fit(TEXT, ONE, verbose=0), 'str32'),
    (lambda m: m.fit(tf.constant(TEXT), np.array(['1']), verbose=0), 'str32'),
    (lambda m: m.fit(tf.constant(TEXT), ONE, sample_weight=np.array(['a']), verbose=0), 'str32'),
    (lambda m: m.fit(tf.constant(TEXT), ONE, validation_data=(TEXT, ONE), verbose=0), 'str32'),
    (lambda m: m.evaluate(TEXT, ONE, verbose=0), 'str32'),
])
def test_fit_evaluate_predict_refuse_numpy_text(call, dtype_name):
    with pytest.raises(ValueError) as err:
        call(_string_model())
    assert str(err.value) == 'Invalid dtype: %s' % dtype_name      # TF 2.21's whole message
    assert 'string tensor' in err.value.__notes__[0]                # what to do, in tapeflow's note


def test_string_tensors_and_single_batches_take_text():
    model = _string_model()
    assert model.predict(tf.constant(TEXT), verbose=0).shape == (1, 1)
    assert model.predict_on_batch(TEXT).shape == (1, 1)
    assert np.shape(model.train_on_batch(TEXT, ONE)) == ()
    assert np.shape(model.test_on_batch(TEXT, ONE)) == ()
    assert 'loss' in model.fit(tf.constant(TEXT), ONE, verbose=0).history
