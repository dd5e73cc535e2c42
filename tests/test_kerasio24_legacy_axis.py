"""A legacy .h5 model's layers get 'axis' as Keras 3.15's legacy loader leaves it: an int or a
one-item list comes back as an int, a longer or empty list is dropped (the layer's default
then applies). TF 2.21 so refuses LayerNormalization(axis=[1, 2]) and Normalization(axis=None)
saved to .h5, with the shape mismatch below, before it compiles (so before its compile
warnings); tapeflow loaded both."""
import numpy as np
import pytest

from framework import keras
from layers.saving.legacy_config import with_keras_axis_rule


def test_axis_rule_on_config():
    config = {'class_name': 'Sequential', 'config': {'name': 's', 'layers': [
        {'class_name': 'LayerNormalization', 'config': {'axis': [1, 2], 'name': 'a'}},
        {'class_name': 'LayerNormalization', 'config': {'axis': [-1], 'name': 'b'}},
        {'class_name': 'Normalization', 'config': {'axis': [], 'name': 'c'}},
        {'class_name': 'BatchNormalization', 'config': {'axis': 3, 'name': 'd'}},
        {'class_name': 'Sequential', 'config': {'name': 'inner', 'layers': [
            {'class_name': 'Softmax', 'config': {'axis': [1, 2], 'name': 'e', 'trainable': True}}]}}]}}
    layers = with_keras_axis_rule(config)['config']['layers']
    assert 'axis' not in layers[0]['config']
    assert layers[1]['config']['axis'] == -1
    assert 'axis' not in layers[2]['config']
    assert layers[3]['config']['axis'] == 3
    assert 'axis' not in layers[4]['config']['layers'][0]['config']
    assert config['config']['layers'][0]['config']['axis'] == [1, 2]       # the input is left as it was


def test_axis_rule_leaves_keras_ops_entries_alone():
    # an op entry (no 'trainable', unlike every layer's config) keeps its axis: keras.ops.softmax(x, axis=[1, 2])
    entry = {'class_name': 'Softmax', 'config': {'axis': [1, 2], 'name': 'softmax'}}
    assert with_keras_axis_rule(entry) is entry


def test_multi_axis_layer_norm_h5_refused_before_compile(tmp_path, caplog):
    model = keras.Sequential([keras.Input((4, 6)), keras.layers.LayerNormalization(axis=[1, 2], name='ln')],
                             name='sequential')
    model.compile('sgd', 'mean_squared_error')
    path = str(tmp_path / 'm.h5')
    model.save(path)
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(path)
    assert str(caught.value).startswith(
        'Shape mismatch in layer #0 (named ln)for weight sequential/ln/gamma. Weight expects shape (6,). '
        'Received saved weight with shape (4, 6)')
    assert 'Compiled the loaded model' not in caplog.text
    model.save(str(tmp_path / 'm.keras'))
    assert keras.models.load_model(str(tmp_path / 'm.keras'), compile=False).get_layer('ln').axis == [1, 2]


def test_normalization_axis_none_h5_refused(tmp_path):
    norm = keras.layers.Normalization(axis=None, name='all')
    norm.adapt(np.arange(6, dtype='float32').reshape(2, 3))
    model = keras.Sequential([keras.Input((3,)), norm], name='s')
    path = str(tmp_path / 'n.h5')
    model.save(path)
    with pytest.raises(ValueError, match=r"^Shape mismatch in layer #0 \(named all\)for weight s/all/mean\. "
                                         r"Weight expects shape \(3,\)\. Received saved weight with shape \(\)"):
        keras.models.load_model(path)


def test_single_axis_layers_still_load(tmp_path):
    model = keras.Sequential([keras.Input((4, 6)), keras.layers.LayerNormalization(axis=-1, name='ln'),
                              keras.layers.BatchNormalization(axis=1, name='bn')])
    path = str(tmp_path / 'ok.h5')
    model.save(path)
    loaded = keras.models.load_model(path)
    assert loaded.get_layer('ln').axis == [2] or loaded.get_layer('ln').axis in (-1, [-1])
    x = np.random.RandomState(0).rand(2, 4, 6).astype('float32')
    np.testing.assert_allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0), atol=1e-6)
