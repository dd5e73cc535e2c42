"""A lookup layer with no vocabulary refuses to run, as in Keras 3.15, instead of mapping every
token to the OOV index: the state a legacy .h5 file leaves it in (that format keeps no
vocabulary), so a model loaded from one failed silently with wrong predictions.

TF 2.21 / Keras 3.15 raised FailedPreconditionError ('Table not initialized.') from StringLookup(),
IntegerLookup() and TextVectorization() in int mode, and for encodings without pad_to_max_tokens
the RuntimeError whose words are pinned here.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
KERAS_ENCODING_MESSAGE = ("When using `output_mode=multi_hot` and `pad_to_max_tokens=False`, you must set the "
                          "layer's vocabulary before calling it. Either pass a `vocabulary` argument to the layer, "
                          "or call `adapt` with some sample data.")


@pytest.mark.parametrize('make,data', [
    (lambda: L.StringLookup(), np.array([['a', 'b']])),
    (lambda: L.IntegerLookup(), np.array([[1, 2]], 'int64')),
    (lambda: L.TextVectorization(output_sequence_length=3), np.array([['a b']])),
    (lambda: L.StringLookup(invert=True), np.array([[1, 2]], 'int64')),
])
def test_int_mode_without_vocabulary_is_an_uninitialized_table(make, data):
    with pytest.raises(tf.errors.FailedPreconditionError, match='Table not initialized'):
        make()(data)


@pytest.mark.parametrize('make, name', [(lambda: L.StringLookup(output_mode='multi_hot'), 'StringLookup'),
                                        (lambda: L.TextVectorization(output_mode='multi_hot'), 'TextVectorization')])
def test_encodings_without_vocabulary_raise_keras_runtime_error(make, name):
    # Keras 3 rewords the RuntimeError raised in call() (TF 2.21 prints this head, the message in bold)
    with pytest.raises(RuntimeError) as info:
        make()(np.array([['a b']]))
    assert str(info.value).startswith('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m'
                                      % (name, KERAS_ENCODING_MESSAGE))


def test_a_lookup_model_loaded_from_h5_refuses_to_predict_and_from_keras_predicts(tmp_path):
    lookup = L.StringLookup()
    lookup.adapt(np.array(['a', 'b', 'c', 'a']))
    tokens = keras.Input((2,), dtype='string')
    model = keras.Model(tokens, lookup(tokens))
    probe = tf.constant([['a', 'z'], ['c', 'b']])      # a numpy str array: Keras 3's predict raises ValueError
    expected = np.asarray(model.predict(probe, verbose=0))
    model.save(tmp_path / 'm.keras')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')              # the .h5 writer warns that it drops the vocabulary
        model.save(tmp_path / 'm.h5')
    np.testing.assert_array_equal(keras.models.load_model(tmp_path / 'm.keras').predict(probe, verbose=0), expected)
    with pytest.raises(tf.errors.FailedPreconditionError, match='Table not initialized'):
        keras.models.load_model(tmp_path / 'm.h5').predict(probe, verbose=0)
