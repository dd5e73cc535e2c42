"""StringLookup and IntegerLookup write ``"build_config": {}`` built or not, as Keras 3 does.

Keras 3's IndexLookup.get_build_config returns {} whatever the layer's state, and
serialize_keras_object writes any non-None result; tapeflow wrote it for built lookups only,
so an unbuilt Sequential's config (model.to_json(), serialize_keras_object) lacked it.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t04_layer_configs.py, t08_seq_configs.py).
"""
import json

from framework import keras

L = keras.layers


def test_unbuilt_lookups_write_an_empty_build_config():
    assert keras.saving.serialize_keras_object(L.StringLookup(vocabulary=['a', 'b'], name='sl'))['build_config'] == {}
    assert keras.saving.serialize_keras_object(L.IntegerLookup(vocabulary=[1, 2], name='il'))['build_config'] == {}
    assert keras.layers.serialize(L.StringLookup(name='s2'))['build_config'] == {}


def test_unbuilt_sequential_config_holds_the_lookups_build_config():
    model = keras.Sequential([L.StringLookup(vocabulary=['a', 'b', 'c'], name='sl'), L.Embedding(5, 2, name='emb'),
                              L.GlobalAveragePooling1D(name='gap'), L.Dense(1, name='d')], name='s1')
    layers = json.loads(model.to_json())['config']['layers']
    assert [('build_config' in layer) for layer in layers] == [True, False, False, False]
    assert layers[0]['build_config'] == {}
    model = keras.Sequential([L.Discretization(bin_boundaries=[0.], name='disc'),
                              L.IntegerLookup(vocabulary=[0, 1], name='il')], name='s11')
    layers = keras.saving.serialize_keras_object(model)['config']['layers']
    assert 'build_config' not in layers[0] and layers[1]['build_config'] == {}


def test_other_unbuilt_preprocessing_layers_write_none():
    for layer in (L.Hashing(4, name='h'), L.CategoryEncoding(4, name='ce'), L.Normalization(name='n'),
                  L.TextVectorization(max_tokens=10, name='tv'), L.Rescaling(0.5, name='r')):
        assert 'build_config' not in keras.saving.serialize_keras_object(layer), layer.name
