"""model.save('m.h5') writes the build configs of the layers a Keras layer serializes itself, as TF 2.21:
Keras 3's legacy writer leaves them out of a model's layer list only (Sequential / Functional.get_config
honour use_legacy_config), while Bidirectional's layers, a Wrapper's layer, an RNN's cell and
StackedRNNCells' cells go through serialization_lib, which asks. Loading builds those inner layers from
their configs outside the model's name scope, so the weight paths are Keras's 'forward_lstm/lstm_cell/kernel'
(tapeflow wrote no inner build config and gave 's/bidirectional/forward_lstm/lstm_cell/kernel'; probes
/work/notes/progs/kerasio47/p3.py, p6.py)."""
import json

import h5py
import numpy as np
import pytest

from framework import keras

L = keras.layers


def _model():
    return keras.Sequential([keras.Input((5, 3)), L.Bidirectional(L.LSTM(2, return_sequences=True)),
                             L.TimeDistributed(L.Dense(1)),
                             L.RNN(L.StackedRNNCells([L.GRUCell(2), L.SimpleRNNCell(1)]))], name='s')


def _inner_entries(entry):
    inner = entry['config']
    return {key: value for key, value in inner.items()
            if isinstance(value, dict) and 'class_name' in value and key != 'dtype'}


def test_h5_config_keeps_inner_build_configs(tmp_path):
    keras.backend.clear_session()
    path = str(tmp_path / 'm.h5')
    _model().save(path)
    with h5py.File(path, 'r') as f:
        layers = json.loads(f.attrs['model_config'])['config']['layers']
    # TF 2.21: the list's own entries hold only class_name and config ...
    assert [sorted(entry) for entry in layers] == [['class_name', 'config']] * 4
    # ... the layers they serialize themselves hold Keras 3's whole entry, build_config included
    shown = {entry['class_name']: {key: (value.get('build_config'), sorted(value))
                                   for key, value in _inner_entries(entry).items()} for entry in layers}
    full = ['build_config', 'class_name', 'config', 'module', 'registered_name']
    assert shown == {'InputLayer': {},
                     'Bidirectional': {'layer': ({'input_shape': [None, 5, 3]}, full),
                                       'backward_layer': ({'input_shape': [None, 5, 3]}, full)},
                     'TimeDistributed': {'layer': ({'input_shape': [None, 4]}, full)},
                     'RNN': {'cell': ({'input_shape': [None, 1]}, full)}}
    cells = layers[3]['config']['cell']['config']['cells']
    # TF 2.21 (the first cell's build config shows the last cell's input, as Keras records it)
    assert [cell['build_config'] for cell in cells] == [{'input_shape': [None, 1]}, {'input_shape': [None, 2]}]


def test_h5_reload_names_inner_weights_as_keras(tmp_path):
    keras.backend.clear_session()
    model = _model()
    path = str(tmp_path / 'm.h5')
    model.save(path)
    loaded = keras.models.load_model(path, compile=False)
    # TF 2.21's paths after this load (the same as after a .keras load)
    assert [w.path for w in loaded.weights] == [
        'forward_lstm/lstm_cell/kernel', 'forward_lstm/lstm_cell/recurrent_kernel', 'forward_lstm/lstm_cell/bias',
        'backward_lstm/lstm_cell/kernel', 'backward_lstm/lstm_cell/recurrent_kernel', 'backward_lstm/lstm_cell/bias',
        'dense/kernel', 'dense/bias', 'gru_cell/kernel', 'gru_cell/recurrent_kernel', 'gru_cell/bias',
        'simple_rnn_cell/kernel', 'simple_rnn_cell/recurrent_kernel', 'simple_rnn_cell/bias']
    x = np.random.RandomState(0).rand(2, 5, 3).astype('float32')
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))


class Refuses(L.Layer):
    def call(self, x):
        return x

    def get_build_config(self):
        raise RuntimeError('boom build')


def test_h5_asks_a_wrapped_layer_for_its_build_config(tmp_path):
    # TF 2.21: TimeDistributed serializes its layer with serialization_lib, which asks even for .h5
    model = keras.Sequential([keras.Input((3, 2)), L.TimeDistributed(Refuses(name='r'))])
    with pytest.raises(RuntimeError, match='^boom build$'):
        model.save(str(tmp_path / 'r.h5'))
    # a layer of the model's own list is not asked (tests/test_kerasio46_legacy_h5_build_config.py)
    keras.Sequential([keras.Input((3, 2)), Refuses(name='r')]).save(str(tmp_path / 'ok.h5'))
