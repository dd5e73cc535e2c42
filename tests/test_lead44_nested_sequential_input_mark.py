"""A Sequential used twice in one functional model (once inside a submodel, once in the outer graph) is
serialized twice in the .keras config; Keras 3 marks every repeated object, the Sequential's InputLayer
entry included, with one shared_object_id (TF 2.21's config.json for the model below marks
layers[3].config.layers[1].config.layers[0], the InputLayer, beside the Sequential, its Dense and its
BatchNormalization). tapeflow wrote that InputLayer entry without the mark (notes progs/kerasio46/p19.py)."""
import json
import zipfile

import pytest

from framework import keras


def _model():
    keras.utils.set_random_seed(1)
    inner = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='i1'),
                              keras.layers.BatchNormalization(name='ibn')], name='inner')
    shared = keras.layers.Dense(3, name='sh')
    a = keras.Input((4,), name='a')
    b = keras.Input((4,), name='b')
    sub = keras.Model(a, shared(inner(a)), name='subm')
    z = keras.layers.Add()([sub(a), shared(inner(b))])
    return keras.Model([a, b], keras.layers.Dense(1, name='o')(z), name='outer')


def _marked(config, path=''):
    marks = []
    if isinstance(config, dict):
        if 'shared_object_id' in config and 'class_name' in config:
            marks.append((path, config['class_name']))
        for key, value in config.items():
            marks += _marked(value, path + '/' + key)
    elif isinstance(config, list):
        for i, value in enumerate(config):
            marks += _marked(value, '%s/%d' % (path, i))
    return marks


def test_repeated_sequentials_input_layer_carries_the_shared_mark(tmp_path):
    path = str(tmp_path / 'm.keras')
    model = _model()
    model.save(path)
    with zipfile.ZipFile(path) as archive:
        config = json.loads(archive.read('config.json'))
    marks = [m for m in _marked(config) if m[1] in ('InputLayer', 'Sequential', 'Dense', 'BatchNormalization')]
    # TF 2.21's marks on this model's objects (initializer and policy marks left aside)
    assert marks == [('/config/layers/1', 'InputLayer'), ('/config/layers/2', 'Sequential'),
                     ('/config/layers/3/config/layers/0', 'InputLayer'),
                     ('/config/layers/3/config/layers/1', 'Sequential'),
                     ('/config/layers/3/config/layers/1/config/layers/0', 'InputLayer'),
                     ('/config/layers/3/config/layers/1/config/layers/1', 'Dense'),
                     ('/config/layers/3/config/layers/1/config/layers/2', 'BatchNormalization'),
                     ('/config/layers/4', 'Dense')]
    inner = config['config']['layers'][2]
    nested = config['config']['layers'][3]['config']['layers'][1]
    assert nested['shared_object_id'] == inner['shared_object_id']
    # TF 2.21 cannot load this file back (the Dense 'sh' shared outside the submodel's config is made twice,
    # one copy left without weights); tapeflow refuses it with the same text
    with pytest.raises(ValueError, match="A total of 1 objects could not be loaded. Example error message for "
                                         "object <Dense name=sh, built=True>"):
        keras.models.load_model(path)
