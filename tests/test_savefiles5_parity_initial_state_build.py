"""A recurrent layer first called with ``initial_state`` saves Keras 3's ``shapes_dict`` build
config, and a functional config read back is written again as it was read.

Expected: TF 2.21 / Keras 3.15, ``keras.Model(...).get_config()['layers'][i]['build_config']`` of
the model below (json.dumps of each); Keras's reloaded model gives the same config again.
"""
import json

import numpy as np

from framework import keras

L = keras.layers

KERAS_BUILD_CONFIGS = [
    ('GRU', '{"shapes_dict": {"sequences_shape": [null, 5, 3], "initial_state_shape": [null, 4]}}'),
    ('LSTM', '{"shapes_dict": {"sequences_shape": [null, 5, 3], "initial_state_shape": [[null, 4], [null, 4]]}}'),
    ('SimpleRNN', '{"shapes_dict": {"sequences_shape": [null, 5, 3], "initial_state_shape": [null, 4]}}'),
    ('Bidirectional', '{"shapes_dict": {"sequences_shape": [null, 5, 3], '
                      '"initial_state_shape": [[null, 2], [null, 2]]}}'),
    ('LSTM', '{"input_shape": [null, 5, 3]}'),
]


def _model():
    x, h, c, h2 = keras.Input((5, 3)), keras.Input((4,)), keras.Input((4,)), keras.Input((2,))
    outs = [L.GRU(4)(x, initial_state=h), L.LSTM(4)(x, initial_state=[h, c]), L.SimpleRNN(4)(x, h),
            L.Bidirectional(L.GRU(2))(x, initial_state=[h2, h2]), L.LSTM(4)(x)]
    return keras.Model([x, h, c, h2], L.Concatenate()(outs))


def test_build_configs_are_kerass():
    layers = _model().get_config()['layers'][4:9]
    assert [(layer['class_name'], json.dumps(layer['build_config'])) for layer in layers] == KERAS_BUILD_CONFIGS


def test_a_reloaded_model_writes_the_config_it_read_and_predicts_the_same(tmp_path):
    model = _model()
    model.save(tmp_path / 'm.keras')
    reloaded = keras.models.load_model(tmp_path / 'm.keras')
    # the plain LSTM's node keeps {'training': false, 'mask': null} in that order
    assert json.dumps(reloaded.get_config()) == json.dumps(model.get_config())
    rng = np.random.RandomState(0)
    inputs = [rng.standard_normal((2,) + shape).astype('float32') for shape in [(5, 3), (4,), (4,), (2,)]]
    np.testing.assert_array_equal(reloaded.predict(inputs, verbose=0), model.predict(inputs, verbose=0))


def test_a_model_cut_from_a_reloaded_one_writes_the_calls_as_read(tmp_path):
    # Keras 3.15: the LSTM node of keras.Model(r.layers[1].output, r.layers[2].output), r reloaded, keeps
    # {'training': false, 'mask': null} (the call read from the file)
    x = keras.Input((5, 3))
    model = keras.Model(x, L.LSTM(2)(L.Dense(3)(x)))
    model.save(tmp_path / 'm.keras')
    reloaded = keras.models.load_model(tmp_path / 'm.keras')
    cut = keras.Model(reloaded.layers[1].output, reloaded.layers[2].output)
    assert list(cut.get_config()['layers'][-1]['inbound_nodes'][0]['kwargs']) == ['training', 'mask']


def test_a_clone_of_a_reloaded_model_repeats_the_calls_as_read(tmp_path):
    # Keras 3.15: clone_model of the reloaded model gives the LSTM node ['training', 'mask'], as the original
    x = keras.Input((5, 3))
    model = keras.Model(x, L.LSTM(2)(L.Dense(3)(x)))
    model.save(tmp_path / 'm.keras')
    clone = keras.models.clone_model(keras.models.load_model(tmp_path / 'm.keras'))
    assert [list(layer['inbound_nodes'][0]['kwargs']) for layer in clone.get_config()['layers'][1:]] == \
        [[], ['training', 'mask']]


def test_a_loaded_model_numbers_its_keras_tensors_as_keras(tmp_path):
    # TF 2.21 / Keras 3.15 after clear_session: keras_tensor keras_tensor_2 input_layer keras_tensor_4
    # keras_tensor_6 keras_tensor_7 -- Keras's load makes a KerasTensor of every '__keras_tensor__' entry
    # of a call before the call makes its own
    keras.backend.clear_session()
    x = keras.Input((5, 3))
    model = keras.Model(x, L.LSTM(2)(L.Dense(3)(x)))
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [x.name, model.output.name, loaded.layers[0].output.name, loaded.layers[1].output.name,
            loaded.output.name, keras.Input((1,)).name] == \
        ['keras_tensor', 'keras_tensor_2', 'input_layer', 'keras_tensor_4', 'keras_tensor_6', 'keras_tensor_7']
