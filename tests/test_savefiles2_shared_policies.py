"""A .keras file's config.json marks the layers sharing Keras's global dtype policy with
'shared_object_id', where TF 2.21 / Keras 3.15 marks them.

Which policies carry the mark was read from the config.json of files TF 2.21 wrote for the
same models (/work/notes/progs/savefiles2/p9.py): the first layer serialized with the
global policy carries none, every later one does (nested layers are serialized before
their parent's own dtype); a layer given dtype='float32', a reloaded model, ``to_json`` and
``.h5`` files carry none.
"""
import json
import zipfile

import h5py

from framework import keras
from tests.helpers_policy_marks import policy_marks as _marks


def _keras_marks(model, tmp_path):
    model.save(tmp_path / 'm.keras')
    config = json.loads(zipfile.ZipFile(tmp_path / 'm.keras').read('config.json'))
    ids = {c['shared_object_id'] for c in _policies(config) if 'shared_object_id' in c}
    assert len(ids) <= 1 and all(isinstance(i, int) for i in ids)
    return _marks(config)


def _policies(config):
    if isinstance(config, dict):
        if config.get('class_name') == 'DTypePolicy':
            yield config
        for value in config.values():
            yield from _policies(value)
    elif isinstance(config, list):
        for value in config:
            yield from _policies(value)


def test_sequential(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='s1'), keras.layers.Dense(2, name='s2')])
    assert _keras_marks(model, tmp_path) == [('/sequential', True), ('/sequential/s1', False),
                                             ('/sequential/s2', True)]


def test_functional_with_a_nested_model_and_an_explicit_dtype(tmp_path):
    keras.backend.clear_session()
    a, b = keras.Input((4,)), keras.Input((3,))
    h = keras.layers.Dense(3, name='d1')(keras.layers.Concatenate()([a, b]))
    outputs = [keras.layers.Dense(1, name='o1')(h), keras.layers.Dense(2, name='o2', dtype='float32')(h)]
    assert _keras_marks(keras.Model([a, b], outputs), tmp_path) == [
        ('/functional/concatenate', False), ('/functional/d1', True), ('/functional/o1', True),
        ('/functional/o2', False)]
    inner = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='i1')], name='inner')
    x = keras.Input((3,))
    nested = keras.Model(x, keras.layers.Dense(1, name='top')(inner(x)))
    assert _keras_marks(nested, tmp_path) == [('/functional_2/inner', True), ('/functional_2/inner/i1', False),
                                              ('/functional_2/top', True)]


def test_no_marks_outside_keras_archives(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(2)])
    assert 'shared_object_id' not in model.to_json()
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        assert 'shared_object_id' not in f.attrs['model_config']
    model.save(tmp_path / 'm.keras')
    reloaded = keras.models.load_model(tmp_path / 'm.keras')
    assert not any(mark for _, mark in _keras_marks(reloaded, tmp_path))
    explicit = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, dtype='float32'),
                                 keras.layers.Dense(2, dtype='float32')])
    assert not any(mark for _, mark in _keras_marks(explicit, tmp_path))


def test_rnn_layers_mark_what_they_share_with_their_cells(tmp_path):
    # TF 2.21: the config keys holding a shared_object_id, for the same three layers
    keras.backend.clear_session()
    x = keras.Input((5, 3))
    h = keras.layers.LSTM(4, kernel_regularizer='l2', return_sequences=True)(x)
    h = keras.layers.GRU(3, recurrent_constraint=keras.constraints.NonNeg(), return_sequences=True)(h)
    model = keras.Model(x, keras.layers.SimpleRNN(2)(h))
    model.save(tmp_path / 'm.keras')
    config = json.loads(zipfile.ZipFile(tmp_path / 'm.keras').read('config.json'))
    marked = {entry['class_name']: sorted(k for k, v in entry['config'].items()
                                          if isinstance(v, dict) and 'shared_object_id' in v)
              for entry in config['config']['layers'][1:]}
    initializers = ['bias_initializer', 'dtype', 'kernel_initializer']
    assert marked == {'LSTM': initializers + ['kernel_regularizer', 'recurrent_initializer'],
                      'GRU': initializers + ['recurrent_constraint', 'recurrent_initializer'],
                      'SimpleRNN': initializers + ['recurrent_initializer']}
    assert '__tapeflow' not in json.dumps(config) and 'shared_object_id' not in model.to_json()
    reloaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [type(l).__name__ for l in reloaded.layers[1:]] == ['LSTM', 'GRU', 'SimpleRNN']
