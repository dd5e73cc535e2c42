"""keras.applications.EfficientNetV2B0..B3/S/M/L (module efficientnet_v2) built as Keras 3.15
builds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(scripts: /work/notes/progs/appsB/eff2gold_tf.py, eff2more_tf.py).
"""
import hashlib

import numpy as np
import pytest

from framework import keras


def _summary_digest(model):
    chunks = []
    model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'))
    text = ''.join(chunks)
    return hashlib.sha256(text.encode()).hexdigest(), len(text.splitlines())


@pytest.fixture(scope='module')
def seeded_b0():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    return keras.applications.EfficientNetV2B0(weights=None, input_shape=(32, 32, 3), classes=10)


def test_b0_summary_names_weight_paths_and_configs_are_keras(seeded_b0):
    model = seeded_b0
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names)) == ('efficientnetv2-b0', 5932122, 273)
    # TF: sha256 of the summary text (line_length=110), of the ','-joined layer names and weight paths
    assert _summary_digest(model) == ('867a4778a3812e544e7013240cf2747b6db627455fb4d62f19ec2629272871a9', 712)
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        '3c9be36b07c36f9359c2b7c196867a93d3264a92e30325a7fe552d4dab3b2f31'
    paths = [w.path for w in model.weights]
    assert len(paths) == 361 and hashlib.sha256(','.join(paths).encode()).hexdigest() == \
        'd7791e9d305082d8ea6de6c5aca56b620b474e18f17d652b31f4d272ca3b157c'
    drops = [(layer.name, layer.rate) for layer in model.layers if isinstance(layer, keras.layers.Dropout)]
    assert len(drops) == 16 and drops[0][0] == 'block2b_drop' and drops[-1] == ('top_dropout', 0.2)
    np.testing.assert_allclose([rate for _, rate in drops[:3]], [0.01904761904761905, 0.0380952380952381,
                                                                 0.05714285714285715])
    assert model.get_layer('predictions').get_config()['bias_initializer']['class_name'] == 'Constant'
    config = model.get_layer('normalization').get_config()
    assert (tuple(config['axis']), config['mean']) == ((3,), [0.485, 0.456, 0.406])
    np.testing.assert_allclose(config['variance'], [0.052441, 0.050176000000000005, 0.050625])


def test_b0_seeded_weights_and_features_are_keras(seeded_b0):
    model = seeded_b0
    sums = {'stem_conv': -0.25408685207366943, 'block1a_project_conv': -1.877974271774292,
            'block2a_expand_conv': 3.094454288482666, 'block4a_dwconv2': 10.444561004638672,
            'block4a_se_reduce': 0.5932693481445312, 'top_conv': -2.5464134216308594,
            'predictions': 23.958133697509766}
    for name, expected in sums.items():          # TF: sums of the seeded truncated-normal / uniform kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    assert keras.applications.efficientnet_v2.preprocess_input(x) is x   # the model rescales itself
    middle = keras.Model(model.input, model.get_layer('block4a_se_excite').output).predict(x, verbose=0)
    np.testing.assert_allclose([float(middle.sum()), float(np.abs(middle).sum())],
                               [2.6135611534118652, 37.908363342285156], rtol=1e-4)
    features = keras.Model(model.input, model.get_layer('top_activation').output).predict(x, verbose=0)
    np.testing.assert_allclose([float(features.sum()), float(np.abs(features).sum())],
                               [-0.051543939858675, 1.8916356563568115], rtol=1e-4)
    np.testing.assert_allclose(model.predict(x, verbose=0)[0, :3],
                               [0.1000731810927391, 0.10049168765544891, 0.10002288222312927], rtol=1e-5)


def test_one_channel_input_is_scaled_to_minus_one_one_as_keras():
    # a B model normalises with ImageNet's statistics only on three channels
    keras.backend.clear_session()
    keras.utils.set_random_seed(2)
    model = keras.applications.EfficientNetV2B0(weights=None, include_top=False, input_shape=(32, 32, 1))
    assert (model.name, model.count_params(), len(model.layers), model.output_shape) == \
        ('efficientnetv2-b0', 5918736, 269, (None, 1, 1, 1280))                       # TF: the same values
    config = model.layers[1].get_config()
    assert (model.layers[1].name, config['scale'], config['offset']) == ('rescaling', 0.0078125, -1)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 1)).astype('float32') * 255
    np.testing.assert_allclose(float(np.abs(model.predict(x, verbose=0)).sum()), 0.3468615710735321, rtol=1e-4)


def test_b1_without_preprocessing_is_keras():
    keras.backend.clear_session()
    model = keras.applications.efficientnet_v2.EfficientNetV2B1(weights=None, include_top=False,
                                                                include_preprocessing=False, pooling='max')
    assert (model.name, model.count_params(), len(model.layers), model.output_shape) == \
        ('efficientnetv2-b1', 6931124, 333, (None, 1280))                              # TF: the same values
    assert [layer.name for layer in model.layers[:3]] == ['input_layer', 'stem_conv', 'stem_bn']


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.Received: '
                           'weights=nope'),
    (dict(weights='imagenet', classes=10),
     'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000'),
    (dict(weights=None, input_shape=(20, 20, 3), include_top=False),
     'Input size must be at least 32x32; Received: input_shape=(20, 20, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.EfficientNetV2B0(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts
