"""keras.applications.ConvNeXtTiny/Small/Base/Large/XLarge (module convnext) built as Keras 3.15
builds them: Sequential stem and downsamplers, grouped 7x7 convs, LayerScale, '+' recorded as an
Add op.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/appsB/cnxgold_tf.py).
"""
import hashlib

import numpy as np
import pytest

from framework import keras
from framework.keras.applications import convnext


def _summary_digest(model, **kwargs):
    chunks = []
    model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'), **kwargs)
    text = ''.join(chunks)
    return hashlib.sha256(text.encode()).hexdigest(), len(text.splitlines())


@pytest.fixture(scope='module')
def seeded_tiny():
    keras.backend.clear_session()             # auto-named layers and variables count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    return keras.applications.ConvNeXtTiny(weights=None, input_shape=(32, 32, 3), classes=10)


def test_tiny_summary_names_and_weight_paths_are_keras(seeded_tiny):
    model = seeded_tiny
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names)) == ('convnext_tiny', 27827818, 135)
    # TF: sha256 of the summary text (line_length=110), plain and with expand_nested=True
    assert _summary_digest(model) == ('9ca107ca8ef110a045f6c253fa83bb402c7cfe80e6d5093c9dbcacef5791996f', 466)
    assert _summary_digest(model, expand_nested=True) == \
        ('3341c34bf6c1c2328755f8aed758b74fe6f3f5893b0a4ef74e61bd07a1976075', 497)
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        '954409ff2e5c3005fbc204178367729a87033123ad7100f74e24c186e558eb3c'
    paths = [w.path for w in model.weights]     # LayerScale's unnamed weights: variable, variable_1, ...
    assert len(paths) == 182 and hashlib.sha256(','.join(paths).encode()).hexdigest() == \
        'bbc45e24a751e734b6045c2607997856879efc8d740909ea03684eb631d9a357'


def test_tiny_config_names_kerass_classes(seeded_tiny):
    layers = {entry['name']: entry for entry in seeded_tiny.get_config()['layers']}
    scale = layers['convnext_tiny_stage_0_block_0_layer_scale']
    assert (scale['module'], scale['class_name'], scale['registered_name']) == \
        ('keras.src.applications.convnext', 'LayerScale', 'LayerScale')
    assert (scale['config']['init_values'], scale['config']['projection_dim']) == (1e-06, 96)
    add = layers['add']
    assert (add['module'], add['class_name'], add['config']) == ('keras.src.ops.numpy', 'Add', {'name': 'add'})
    assert [arg['config']['keras_history'][0] for arg in add['inbound_nodes'][0]['args']] == \
        ['convnext_tiny_stem', 'convnext_tiny_stage_0_block_0_identity']
    norm = layers['convnext_tiny_prestem_normalization']['config']
    np.testing.assert_allclose(norm['mean'], [123.675, 116.28, 103.53])
    np.testing.assert_allclose(norm['variance'], [3409.9760250000004, 3262.6944000000003, 3291.890625])


def test_tiny_seeded_weights_and_predictions_are_keras(seeded_tiny):
    model = seeded_tiny
    sums = {'convnext_tiny_stem': -4.11297082901001, 'convnext_tiny_stage_0_block_0_depthwise_conv': 1.561323642730713,
            'convnext_tiny_stage_2_block_5_pointwise_conv_1': 15.25356674194336,
            'convnext_tiny_downsampling_block_2': 384.0, 'convnext_tiny_head_dense': 3.4593405723571777}
    for name, expected in sums.items():                          # TF: sums of each layer's first seeded weight
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    assert keras.applications.convnext.preprocess_input(x) is x         # the model normalises itself
    middle = keras.Model(model.input, model.get_layer('convnext_tiny_downsampling_block_1').output).predict(
        x, verbose=0)
    np.testing.assert_allclose([float(middle.sum()), float(np.abs(middle).sum())],
                               [77.401611328125, 1983.1829833984375], rtol=1e-4)
    np.testing.assert_allclose(model.predict(x, verbose=0)[0, :4], [0.022064173594117165, 0.007494574412703514,
                                                                   0.051716625690460205, 0.025977622717618942],
                               rtol=1e-4)


def test_stochastic_depth_drops_as_keras_in_training():
    keras.backend.clear_session()
    keras.utils.set_random_seed(3)
    model = convnext.ConvNeXt(depths=[1, 1, 1, 1], projection_dims=[8, 8, 16, 16], drop_path_rate=0.5,
                              layer_scale_init_value=None, name='mini', include_top=False, input_shape=(32, 32, 3))
    names = [layer.name for layer in model.layers]
    assert model.count_params() == 10192 and names[-2:] == ['mini_stage_3_block_0_stochastic_depth',
                                                            'layer_normalization']
    assert 'mini_stage_0_block_0_identity' in names            # the first block's rate is 0: no dropping
    assert model.get_layer('mini_stage_3_block_0_stochastic_depth').get_config()['drop_path_rate'] == 0.5
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    # TF: the same seeded weights and the same per-sample drops give this output
    np.testing.assert_allclose(float(np.abs(model(x, training=True)).sum()), 21.51774024963379, rtol=1e-5)


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.'),
    (dict(weights='imagenet', classes=10),
     'If using `weights="imagenet"` with `include_top=True`, `classes` should be 1000. Received classes=10'),
    (dict(weights=None, input_shape=(20, 20, 3), include_top=False),
     'Input size must be at least 32x32; Received: input_shape=(20, 20, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.ConvNeXtTiny(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts
