"""keras.applications.InceptionResNetV2 (module inception_resnet_v2) built as Keras 3.15 builds it.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(scripts: /work/notes/progs/appsA/gold_tf.py, csl_tf.py, tests/data/make_keras_custom_scale_file.py).
"""
import os

import numpy as np
import pytest

from framework import keras
from framework.keras.applications import inception_resnet_v2
from helpers_applications import fingerprints, imagenet_file_asked


def test_inception_resnet_v2_summary_names_seeded_weights_and_predictions():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.InceptionResNetV2(weights=None, input_shape=(75, 75, 3), classes=10)
    assert (model.name, model.count_params(), len(model.layers)) == ('inception_resnet_v2', 54352106, 782)
    # TF: sha256 of the summary text (line_length=110), of the layer names, of the weight paths
    assert fingerprints(model) == (
        ('8c20b557881bea7358c12a3cdf2e76fa19b23dcdce9b7b4f3f39a3fce8534413', 1876),
        'b87a3ed9dc5d7cf66b3972c220e6add1cadbe64bd9c8b968ccf2970773b90478',
        ('8eb82ed6c7ae13d29c33f651e3fc5e092b0bb0b235bb590cbfa9ec11e3d77826', 898))
    sums = {'conv2d': -3.550074577331543, 'conv2d_10': -7.416970252990723, 'block35_1_conv': -8.651104927062988,
            'block17_20_conv': -23.300827026367188, 'conv_7b': -64.82769775390625,
            'predictions': 0.16629433631896973}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 75, 75, 3)).astype('float32') * 255
    x = keras.applications.inception_resnet_v2.preprocess_input(x)
    predictions = model.predict(x, verbose=0)
    np.testing.assert_allclose([float(predictions[0].max()), float((predictions * np.arange(10)).sum())],
                               [0.10548591613769531, 9.00435571372509], rtol=1e-5)
    features = keras.Model(model.input, model.get_layer('conv_7b_ac').output).predict(x, verbose=0)
    assert features.shape == (2, 1, 1, 1536)
    np.testing.assert_allclose(float(features.sum()), 38.985984802246094, rtol=1e-4)


def test_custom_scale_layer_adds_the_scaled_update_and_saves_as_keras():
    a, b = keras.Input((4,)), keras.Input((4,))
    model = keras.Model([a, b], inception_resnet_v2.CustomScaleLayer(0.17)([a, b]))
    np.testing.assert_allclose(model.predict([np.ones((1, 4)), np.ones((1, 4))], verbose=0), [[1.17] * 4])
    entry = model.get_config()['layers'][2]
    # TF: the same module, class and registered names, and the scale in the config
    assert (entry['module'], entry['class_name'], entry['registered_name'], entry['config']['scale']) == \
        ('keras.src.applications.inception_resnet_v2', 'CustomScaleLayer', 'CustomScaleLayer', 0.17)


def test_a_keras_file_with_custom_scale_layer_loads_without_custom_objects(tmp_path):
    # Keras saves the class by bare name under its applications module and loads it again;
    # tests/data/make_keras_custom_scale_file.py wrote the file and printed these predictions
    path = os.path.join(os.path.dirname(__file__), 'data', 'keras3_custom_scale.keras')
    probe = np.arange(8, dtype='float32').reshape(2, 4) / 8
    expected = [[0.0011379527859389782, 0.105811208486557, 0.23140643537044525, 0.41463449597358704],
                [0.4973145127296448, 0.5182971954345703, 0.7702064514160156, 0.9611805081367493]]
    model = keras.models.load_model(path)
    assert isinstance(model.layers[-1], inception_resnet_v2.CustomScaleLayer) and model.layers[-1].scale == 0.17
    np.testing.assert_allclose(model.predict(probe, verbose=0), expected, rtol=1e-6)
    model.save(str(tmp_path / 'again.keras'))
    np.testing.assert_allclose(keras.models.load_model(str(tmp_path / 'again.keras')).predict(probe, verbose=0),
                               expected, rtol=1e-6)


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.'),
    (dict(weights='imagenet', classes=10), 'If using `weights="imagenet"` with `include_top=True`, `classes` should '
                                           'be 1000. Received classes=10'),
    (dict(weights=None, include_top=False, input_shape=(74, 80, 3)),
     'Input size must be at least 75x75; Received: input_shape=(74, 80, 3)'),
    (dict(weights='imagenet', input_shape=(75, 75, 3)),
     'When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be (299, 299, 3).  '
     'Received: input_shape=(75, 75, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.InceptionResNetV2(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_imagenet_weights_file_and_hash_are_keras(monkeypatch):
    asked = imagenet_file_asked(monkeypatch, inception_resnet_v2, inception_resnet_v2.InceptionResNetV2,
                                include_top=False, input_shape=(75, 75, 3), pooling='avg')
    assert asked == ('inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5',
                     'https://storage.googleapis.com/tensorflow/keras-applications/inception_resnet_v2/'
                     'inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5',
                     'd19885ff4a710c122648d3b5c3b684e4')
