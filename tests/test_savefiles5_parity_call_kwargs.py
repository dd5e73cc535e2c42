"""A functional config records ``training`` and ``mask`` where Keras 3 records them.

Keras 3's ``Layer.__call__`` fills both into the caller's kwargs dict, which its node keeps,
unless it first copied the dict to convert inputs: a call with keyword arguments, more than
one positional argument, a list, or an input of another dtype than the layer's records the
caller's kwargs alone. Found saving ``GRU(4)(seq, initial_state=h)`` in a model: Keras wrote
no 'training', tapeflow wrote 'training': false.

Expected: TF 2.21 / Keras 3.15, the kwargs of the last layer's node in
``keras.Model(inputs, out).get_config()`` (key order too), as listed below.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def _recorded(make, dtype='float32'):
    x = keras.Input((5, 3), dtype=dtype)
    state = keras.Input((4,))
    model = keras.Model([x, state], make(x, state))
    return model.get_config()['layers'][-1]['inbound_nodes'][0]['kwargs']


@pytest.mark.parametrize('make, dtype, keys', [
    (lambda x, s: L.LSTM(4)(x), 'float32', ['training', 'mask']),
    (lambda x, s: L.LSTM(4)(x, training=True), 'float32', ['training']),
    (lambda x, s: L.LSTM(4)(x, mask=None), 'float32', ['mask']),
    (lambda x, s: L.LSTM(4)(x), 'float64', []),
    (lambda x, s: L.GRU(4)(x, initial_state=s), 'float32', ['initial_state']),
    (lambda x, s: L.GRU(4)(x, initial_state=[s]), 'float32', ['initial_state']),
    (lambda x, s: L.Dropout(0.3)(x), 'float32', ['training']),
    (lambda x, s: L.Dropout(0.3)(x), 'float64', []),
    (lambda x, s: L.Dropout(0.3)(x), 'int32', []),
    (lambda x, s: L.BatchNormalization()(x), 'float64', []),
    (lambda x, s: L.GlobalAveragePooling1D()(x), 'float64', []),
    (lambda x, s: L.GaussianNoise(0.1)(x), 'float64', []),
    (lambda x, s: L.Attention()([x, x]), 'float32', []),
    (lambda x, s: L.Attention()([x, x], use_causal_mask=True), 'float32', ['use_causal_mask']),
    (lambda x, s: L.LSTM(2)(L.Masking()(x), training=True), 'float32', ['training']),
    (lambda x, s: L.LSTM(2)(L.Masking()(x)), 'float32', ['training', 'mask']),
])
def test_recorded_keys_are_kerass(make, dtype, keys):
    assert list(_recorded(make, dtype)) == keys


@pytest.mark.parametrize('make', [lambda: L.Resizing(4, 4), lambda: L.CenterCrop(2, 2),
                                  lambda: L.RandomFlip('horizontal')])
def test_image_layers_record_their_training_default(make):
    # Keras 3.15: call(self, data, training=True) on these; Rescaling, whose call takes none, records {}
    x = keras.Input((6, 6, 1))
    assert keras.Model(x, make()(x)).get_config()['layers'][1]['inbound_nodes'][0]['kwargs'] == {'training': True}
    assert keras.Model(x, L.Rescaling(0.5)(x)).get_config()['layers'][1]['inbound_nodes'][0]['kwargs'] == {}


def _inner_functional():
    v = keras.Input((4,))
    return keras.Model(v, L.Dense(2)(v))


@pytest.mark.parametrize('make, dtype, keys', [
    # layers that convert no inputs themselves (Keras's _convert_input_args = False) record whatever
    # they are given and what Keras fills in
    (lambda v: L.Pipeline([L.RandomFlip(), L.Rescaling(2.0)])(L.Reshape((2, 2, 1))(v)), 'float32',
     ['training', 'mask']),
    (lambda v: _inner_functional()(v), 'float32', ['mask']),
    (lambda v: _inner_functional()(v, training=False), 'float32', ['training', 'mask']),
    (lambda v: keras.Sequential([keras.Input((4,)), L.Dense(2)])(v), 'float32', ['mask']),
    (lambda v: keras.Sequential([keras.Input((4,)), L.Dense(2)])(v), 'int32', []),
    (lambda v: L.BatchNormalization()(v), 'int32', []),
])
def test_models_and_pipelines_record_keras_keys(make, dtype, keys):
    v = keras.Input((4,), dtype=dtype)
    node = keras.Model(v, make(v)).get_config()['layers'][-1]['inbound_nodes'][0]
    assert list(node['kwargs']) == keys


def test_an_embedding_mask_and_its_op_are_left_out_with_the_callers_kwargs(tmp_path):
    # Keras 3.15: ['InputLayer', 'Embedding', 'NotEqual', 'LSTM'] with kwargs ['training', 'mask'],
    # and ['InputLayer', 'Embedding', 'LSTM'] with ['training'] when the call passes training=True.
    tokens = keras.Input((5,), dtype='int32')
    embedded = L.Embedding(10, 3, mask_zero=True)(tokens)
    for passed, classes, keys in [({}, ['InputLayer', 'Embedding', 'NotEqual', 'LSTM'], ['training', 'mask']),
                                  ({'training': True}, ['InputLayer', 'Embedding', 'LSTM'], ['training'])]:
        model = keras.Model(tokens, L.LSTM(2)(embedded, **passed))
        config = model.get_config()
        assert [layer['class_name'] for layer in config['layers']] == classes
        assert list(config['layers'][-1]['inbound_nodes'][0]['kwargs']) == keys
    # the mask still reaches the LSTM (padding's embedding row changes nothing), also reloaded
    probe = np.array([[1, 2, 0, 0, 0]])
    before = model.predict(probe, verbose=0)
    table = model.layers[1].get_weights()[0]
    table[0] = 50.0
    model.layers[1].set_weights([table])
    np.testing.assert_array_equal(model.predict(probe, verbose=0), before)
    model.save(tmp_path / 'm.keras')
    np.testing.assert_array_equal(keras.models.load_model(tmp_path / 'm.keras').predict(probe, verbose=0), before)


def test_a_model_with_an_initial_state_reloads(tmp_path):
    sequence = keras.Input((5, 3))
    outputs, state, _ = L.LSTM(4, return_sequences=True, return_state=True)(sequence)
    model = keras.Model(sequence, L.GRU(4, reset_after=False)(outputs, initial_state=state))
    model.save(tmp_path / 'm.keras')
    x = np.random.RandomState(0).standard_normal((2, 5, 3)).astype('float32')
    reloaded = keras.models.load_model(tmp_path / 'm.keras')
    assert 'training' not in reloaded.get_config()['layers'][2]['inbound_nodes'][0]['kwargs']
    np.testing.assert_array_equal(reloaded.predict(x, verbose=0), model.predict(x, verbose=0))


def test_a_first_argument_given_by_name_is_recorded_by_name(tmp_path):
    # Keras 3.15: MultiHeadAttention(2, 3)(query=x, value=x, key=x) is recorded with args [] and
    # kwargs ['query', 'value', 'key']; the mha(q, value=v) form with args [q] and kwargs ['value'].
    x = keras.Input((4, 6))
    model = keras.Model(x, L.MultiHeadAttention(2, 3)(query=x, value=x, key=x))
    node = model.get_config()['layers'][1]['inbound_nodes'][0]
    assert (node['args'], list(node['kwargs'])) == ((), ['query', 'value', 'key'])
    mixed = keras.Model(x, L.MultiHeadAttention(2, 3)(x, value=x)).get_config()['layers'][1]['inbound_nodes'][0]
    assert (len(mixed['args']), list(mixed['kwargs'])) == (1, ['value'])
    model.save(tmp_path / 'm.keras')
    reloaded = keras.models.load_model(tmp_path / 'm.keras')
    assert reloaded.get_config()['layers'][1]['inbound_nodes'][0] == node
    ones = np.ones((1, 4, 6), 'float32')
    np.testing.assert_array_equal(reloaded.predict(ones, verbose=0), model.predict(ones, verbose=0))


def test_a_nested_model_called_on_a_list_or_dict_records_a_structure_of_masks(tmp_path):
    # Keras 3.15: {"mask": [null, null]} and {"mask": {"p": null}} (a functional model converts no inputs
    # itself, so Keras fills its one, nested, tensor argument's masks into the dict it records)
    a, b = keras.Input((3,)), keras.Input((3,))
    inner = keras.Model([a, b], L.Dense(2)(L.Add()([a, b])))
    c, d = keras.Input((3,)), keras.Input((3,))
    model = keras.Model([c, d], inner([c, d]))
    assert model.get_config()['layers'][-1]['inbound_nodes'][0]['kwargs'] == {'mask': [None, None]}
    p = keras.Input((3,), name='p')
    by_name = keras.Model({'p': p}, L.Dense(1)(p))
    e = keras.Input((3,))
    assert keras.Model(e, by_name({'p': e})).get_config()['layers'][-1]['inbound_nodes'][0]['kwargs'] == \
        {'mask': {'p': None}}
    model.save(tmp_path / 'm.keras')
    ones = [np.ones((1, 3), 'float32'), np.full((1, 3), 2.0, 'float32')]
    np.testing.assert_array_equal(keras.models.load_model(tmp_path / 'm.keras').predict(ones, verbose=0),
                                  model.predict(ones, verbose=0))
