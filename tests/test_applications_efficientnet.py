"""keras.applications.EfficientNetB0..B7 (module efficientnet) built as Keras 3.15 builds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/appsB/effgold_tf.py).
"""
import hashlib
import urllib.error
import urllib.request

import numpy as np
import pytest

from framework import keras
from framework.keras.files import DownloadError


def _summary_digest(model):
    chunks = []
    model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'))
    text = ''.join(chunks)
    return hashlib.sha256(text.encode()).hexdigest(), len(text.splitlines())


@pytest.fixture(scope='module')
def seeded_b0():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    return keras.applications.EfficientNetB0(weights=None, input_shape=(32, 32, 3), classes=10)


def test_b0_summary_names_and_weight_paths_are_keras(seeded_b0):
    model = seeded_b0
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names)) == ('efficientnetb0', 4062381, 240)
    # TF: sha256 of the summary text (line_length=110), of the ','-joined layer names and weight paths
    assert _summary_digest(model) == ('c24d92d1691747c14005174ae29426b14a6d0085bb1b533d535621253b3f2419', 628)
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        '2e189982fe1f5d897e85d97580b1014095797e184767ebc112028e3f042594c8'
    paths = [w.path for w in model.weights]
    assert len(paths) == 314 and hashlib.sha256(','.join(paths).encode()).hexdigest() == \
        'dace787b33c03fbf70622bd3fd09d08920051a890a23499a2928d1dca940343f'
    # stochastic depth grows along the blocks to drop_connect_rate, as Keras's
    drops = [(layer.name, layer.rate) for layer in model.layers if isinstance(layer, keras.layers.Dropout)]
    assert [name for name, _ in drops][:3] == ['block2b_drop', 'block3b_drop', 'block4b_drop']
    np.testing.assert_allclose([rate for _, rate in drops],
                               [0.025, 0.05, 0.075, 0.0875, 0.1125, 0.125, 0.15, 0.1625, 0.175, 0.2])
    assert model.get_layer('block2b_drop').get_config()['noise_shape'] == (None, 1, 1, 1)


def test_b0_seeded_weights_and_features_are_keras(seeded_b0):
    model = seeded_b0
    sums = {'stem_conv': -0.25408685207366943, 'block1a_dwconv': 3.1735455989837646,
            'block2b_se_reduce': -6.934484958648682, 'block6d_project_conv': -3.105051040649414,
            'top_conv': 7.387012481689453, 'predictions': 2.2024950981140137}
    for name, expected in sums.items():          # TF: sums of the seeded truncated-normal / uniform kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    assert keras.applications.efficientnet.preprocess_input(x) is x      # the model rescales itself
    middle = keras.Model(model.input, model.get_layer('block4a_se_excite').output).predict(x, verbose=0)
    np.testing.assert_allclose([float(middle.sum()), float(np.abs(middle).sum())],
                               [-0.04321318492293358, 0.5991345643997192], rtol=1e-4)
    features = keras.Model(model.input, model.get_layer('top_activation').output).predict(x, verbose=0)
    np.testing.assert_allclose([float(np.abs(features).sum()), float(features[0, 0, 0, 0])],
                               [0.000930971116758883, 4.808862854588369e-07], rtol=1e-4)
    np.testing.assert_allclose(model.predict(x, verbose=0)[0, :3],
                               [0.09999967366456985, 0.09999998658895493, 0.09999968856573105], rtol=1e-5)


def test_b1_without_top_is_keras():
    model = keras.applications.efficientnet.EfficientNetB1(weights=None, include_top=False)
    assert (model.name, model.count_params(), len(model.layers), model.output_shape, len(model.weights)) == \
        ('efficientnetb1', 6575239, 339, (None, None, None, 1280), 440)                # TF: the same values


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.'),
    (dict(weights='imagenet', classes=10),
     'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000'),
    (dict(weights=None, input_shape=(20, 20, 3), include_top=False),
     'Input size must be at least 32x32; Received: input_shape=(20, 20, 3)'),
    (dict(weights=None, input_shape=(32, 32)), '`input_shape` must be a tuple of three integers.'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.EfficientNetB0(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_imagenet_weights_that_cannot_be_fetched_say_what_to_do(monkeypatch, tmp_path):
    def offline(url, *args, **kwargs):
        raise urllib.error.URLError('offline')
    monkeypatch.setenv('KERAS_HOME', str(tmp_path))
    monkeypatch.setattr(urllib.request, 'urlretrieve', offline)
    with pytest.raises(DownloadError) as err:
        keras.applications.EfficientNetB0(weights='imagenet', include_top=False, input_shape=(32, 32, 3))
    message = str(err.value)
    assert message.startswith("EfficientNetB0(weights='imagenet') needs Keras's weight file efficientnetb0_notop.h5")
    assert 'https://storage.googleapis.com/keras-applications/efficientnetb0_notop.h5' in message
    assert str(tmp_path / 'models' / 'efficientnetb0_notop.h5') in message
    assert message.endswith('Or pass weights=None (random initial weights) or weights=<path of a weights file>.')
