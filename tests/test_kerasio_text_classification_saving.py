"""Saving and loading the keras.io example text_classification_from_scratch's models as Keras 3 does.

The example adapts a TextVectorization with its own standardize function, trains a model on the
vectorized text, then wraps it in an end-to-end model over raw strings and saves that. Keras 3.15
(checked under /opt/tfref/bin/python) files the function by name, as
``{'module': 'builtins', 'class_name': 'function', 'config': 'custom_standardization',
'registered_name': 'function'}``, finds it again through custom_objects, writes the trained inner
model's optimizer state under 'layers/<inner>/optimizer/vars' and skips that group on loading; an
optimizer that took no step is saved unbuilt (iterations and learning rate only).
"""
import io
import json
import re
import string
import warnings
import zipfile

import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras


def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, '<br />', ' ')
    return tf.strings.regex_replace(stripped_html, '[%s]' % re.escape(string.punctuation), '')


FUNCTION_ENTRY = {'module': 'builtins', 'class_name': 'function', 'config': 'custom_standardization',
                  'registered_name': 'function'}
TEXTS = ['Good movie, great PLOT!', 'awful<br />boring film.', 'the plot was fun', 'not a great film']


def _archive(path):
    archive = zipfile.ZipFile(path)
    return json.loads(archive.read('config.json')), h5py.File(io.BytesIO(archive.read('model.weights.h5')), 'r')


def _vectorizer():
    layer = keras.layers.TextVectorization(standardize=custom_standardization, max_tokens=50, output_mode='int',
                                           output_sequence_length=6)
    layer.adapt(TEXTS)
    return layer


def _end_to_end(vectorizer):
    keras.utils.set_random_seed(0)
    inputs = keras.Input(shape=(None,), dtype='int64')
    x = keras.layers.Embedding(50, 4)(inputs)
    x = keras.layers.GlobalMaxPooling1D()(x)
    model = keras.Model(inputs, keras.layers.Dense(1, activation='sigmoid')(x))
    model.compile(loss='binary_crossentropy', optimizer='adam')
    model.fit(vectorizer(np.array(TEXTS)[:, None]), np.float32([1, 0, 1, 0]), epochs=1, verbose=0)
    strings = keras.Input(shape=(1,), dtype='string')
    end_to_end = keras.Model(strings, model(vectorizer(strings)))
    end_to_end.compile(loss='binary_crossentropy', optimizer='adam')
    return end_to_end


def test_a_named_standardize_function_is_filed_by_name_and_found_again(tmp_path):
    path = str(tmp_path / 'e2e.keras')
    model = _end_to_end(_vectorizer())
    model.save(path)
    config, _ = _archive(path)
    assert config['config']['layers'][1]['config']['standardize'] == FUNCTION_ENTRY
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')         # the unbuilt optimizer's state is skipped, as in Keras
        loaded = keras.models.load_model(path, custom_objects={'custom_standardization': custom_standardization})
    assert loaded.layers[1].get_config()['standardize'] is custom_standardization
    batch = tf.constant([['Good movie, great plot!'], ['awful boring film<br />']])
    np.testing.assert_array_equal(loaded.predict(batch, verbose=0), model.predict(batch, verbose=0))


def test_from_config_resolves_the_function_entry_of_a_tf_file():
    config = _vectorizer().get_config()
    config['standardize'] = dict(FUNCTION_ENTRY)
    with keras.saving.custom_object_scope({'custom_standardization': custom_standardization}):
        layer = keras.layers.TextVectorization.from_config(config)
    assert layer.get_config()['standardize'] is custom_standardization


def test_an_unknown_function_name_says_how_to_register_it():
    config = _vectorizer().get_config()
    config['standardize'] = dict(FUNCTION_ENTRY, config='nowhere_defined')
    with pytest.raises(TypeError, match="Could not locate function 'nowhere_defined'") as info:
        keras.layers.TextVectorization.from_config(config)
    assert 'custom_objects' in info.value.__notes__[0]     # Keras 3's message; tapeflow's advice a note


def test_a_lambda_in_a_config_is_filed_as_bytecode_and_refused_in_safe_mode(tmp_path):
    # Keras 3.15 (/work/notes/progs/kerasio26/p15_tv_lambda.py): the save warns and writes a
    # '__lambda__' entry; load_model refuses it unless safe_mode=False
    layer = keras.layers.TextVectorization(standardize=lambda s: tf.strings.lower(s), output_mode='int')
    layer.adapt(TEXTS)
    strings = keras.Input(shape=(1,), dtype='string')
    model = keras.Model(strings, layer(strings))
    with pytest.warns(UserWarning, match='The object being serialized includes a `lambda`. This is unsafe.'):
        model.save(str(tmp_path / 'm.keras'))
    config, _ = _archive(str(tmp_path / 'm.keras'))
    assert config['config']['layers'][1]['config']['standardize']['class_name'] == '__lambda__'
    with pytest.raises(ValueError, match='Requested the deserialization of a Python lambda'):
        keras.models.load_model(str(tmp_path / 'm.keras'))


def test_the_nested_models_optimizer_state_is_written_and_skipped_on_loading(tmp_path):
    path = str(tmp_path / 'e2e.keras')
    _end_to_end(_vectorizer()).save(path)
    _, weights = _archive(path)
    assert len(weights['layers/functional/optimizer/vars']) == 2 + 2 * 3   # iterations, lr, (m, v) per variable: embedding, kernel, bias
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        keras.models.load_model(path, custom_objects={'custom_standardization': custom_standardization})
    # the outer model's optimizer took no step: saved unbuilt, so its state is skipped as in Keras 3
    messages = [str(w.message) for w in caught if 'optimizer' in str(w.message)]
    assert len(messages) == 1 and re.fullmatch(
        r"Skipping variable loading for optimizer 'adam_\d+', because it has 8 variables whereas the saved "
        r"optimizer has 2 variables. ", messages[0])


def test_an_optimizer_that_took_no_step_is_saved_unbuilt(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(optimizer='adam', loss='mse')
    model.save(str(tmp_path / 'm.keras'))
    _, weights = _archive(str(tmp_path / 'm.keras'))
    assert len(weights['optimizer/vars']) == 2 and not model.optimizer.built
