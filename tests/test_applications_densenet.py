"""keras.applications.DenseNet121/169/201 (module densenet) built as Keras 3.15 builds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/appsA/gold_tf.py).
"""
import numpy as np
import pytest

from framework import keras
from helpers_applications import fingerprints, imagenet_file_asked


def test_densenet121_summary_names_seeded_weights_and_predictions():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.DenseNet121(weights=None, input_shape=(32, 32, 3), classes=10)
    assert (model.name, model.count_params(), len(model.layers)) == ('densenet121', 7047754, 429)
    # TF: sha256 of the summary text (line_length=110), of the layer names, of the weight paths
    assert fingerprints(model) == (
        ('f3d7443886cd50684e7a55dc1223bf35c3ffbab08bcc4cf6f60434f585d3d448', 1158),
        'ce06b660b233f871f4a02b84b4314fa43e9927acccbfe15a3cc698338ed53616',
        ('a824132df89800efcb241cecc5c5fb25f3059699ac2f1945e08bf1d5dbdd4fd9', 606))
    sums = {'conv1_conv': -2.141286611557007, 'conv2_block1_1_conv': -1.3419444561004639,
            'pool3_conv': 8.137005805969238, 'conv5_block16_2_conv': -9.173776626586914,
            'predictions': -1.3282406330108643}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    x = keras.applications.densenet.preprocess_input(x)                       # 'torch' mode
    np.testing.assert_allclose([float(x[0, 0, 0, 0]), float(x.sum())], [0.2786616086959839, 1289.657470703125],
                               rtol=1e-6)
    predictions = model.predict(x, verbose=0)
    np.testing.assert_allclose([float(predictions[0].max()), float((predictions * np.arange(10)).sum())],
                               [0.10945378243923187, 8.941565401852131], rtol=1e-5)
    features = keras.Model(model.input, model.get_layer('relu').output).predict(x, verbose=0)
    assert features.shape == (2, 1, 1, 1024)
    np.testing.assert_allclose([float(features.sum()), float(features.ravel()[0])],
                               [45.24678039550781, 0.10651514679193497], rtol=1e-4)


def test_densenet121_without_top_pools_as_keras():
    model = keras.applications.densenet.DenseNet121(weights=None, include_top=False, pooling='max',
                                                    input_shape=(48, 40, 3))
    assert (model.name, model.count_params(), len(model.layers), model.output_shape, model.layers[-1].name) == \
        ('densenet121', 7037504, 428, (None, 1024), 'max_pool')                         # TF: the same values


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.'),
    (dict(weights='imagenet', classes=10), 'If using `weights` as `"imagenet"` with `include_top` as true, `classes` '
                                           'should be 1000'),
    (dict(weights=None, include_top=False, input_shape=(31, 80, 3)),
     'Input size must be at least 32x32; Received: input_shape=(31, 80, 3)'),
    (dict(weights='imagenet', input_shape=(32, 32, 3)),
     'When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be (224, 224, 3).  '
     'Received: input_shape=(32, 32, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.DenseNet169(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_densenet_refuses_channels_first():
    keras.backend.set_image_data_format('channels_first')
    try:
        with pytest.raises(ValueError, match='DenseNet does not support the `channels_first` image data format'):
            keras.applications.DenseNet121(weights=None)
    finally:
        keras.backend.set_image_data_format('channels_last')


def test_imagenet_weights_file_and_hash_are_keras(monkeypatch):
    from framework.keras.applications import densenet
    asked = imagenet_file_asked(monkeypatch, densenet, densenet.DenseNet121, include_top=False,
                                input_shape=(32, 32, 3))
    assert asked == ('densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5',
                     'https://storage.googleapis.com/tensorflow/keras-applications/densenet/'
                     'densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5', '30ee3e1110167f948a6b9946edeeb738')
