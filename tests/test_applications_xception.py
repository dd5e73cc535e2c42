"""keras.applications.Xception (module xception) built as Keras 3.15 builds it.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/appsA/gold_tf.py).
"""
import numpy as np
import pytest

from framework import keras
from helpers_applications import fingerprints, imagenet_file_asked


def test_xception_summary_names_seeded_weights_and_predictions():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.Xception(weights=None, input_shape=(71, 71, 3), classes=10)
    assert (model.name, model.count_params(), len(model.layers)) == ('xception', 20881970, 134)
    # TF: sha256 of the summary text (line_length=110), of the layer names, of the weight paths
    assert fingerprints(model) == (
        ('98b1845c3992dc6ddece6f452aff3aa9b86f45b378f84b046be65a029bb735eb', 396),
        '03b2590ff441d7a1e0eb0689e8bb95871dc6946aea033ac80127bf39e844e590',
        ('0a51d256ffd6687a165eb888699ce5c3a8e57958aa22ae1a7398cbe3191683a9', 236))
    sums = {'block1_conv1': -3.550074577331543, 'conv2d': 14.904973983764648, 'block4_sepconv2': -1.1469039916992188,
            'conv2d_3': -10.708427429199219, 'block14_sepconv2': 2.4411208629608154,
            'predictions': -2.5426459312438965}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 71, 71, 3)).astype('float32') * 255
    x = keras.applications.xception.preprocess_input(x)
    predictions = model.predict(x, verbose=0)
    np.testing.assert_allclose([float(predictions[0].max()), float((predictions * np.arange(10)).sum())],
                               [0.10000420361757278, 8.99998776614666], rtol=1e-5)
    features = keras.Model(model.input, model.get_layer('block14_sepconv2_act').output).predict(x, verbose=0)
    assert features.shape == (2, 3, 3, 2048)
    np.testing.assert_allclose([float(features.sum()), float(features.ravel()[0]), float(features.ravel()[-1])],
                               [0.4188765585422516, 3.5522400139598176e-05, 1.7529979231767356e-05], rtol=1e-4)


def test_xception_without_top_pools_as_keras():
    model = keras.applications.xception.Xception(weights=None, include_top=False, pooling='avg')
    assert (model.name, model.count_params(), len(model.layers), model.output_shape, model.layers[-1].name) == \
        ('xception', 20861480, 133, (None, 2048), 'global_average_pooling2d')          # TF: the same values


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), "The `weights` argument should be either `None` (random initialization), 'imagenet' "
                           "(pre-training on ImageNet), or the path to the weights file to be loaded."),
    (dict(weights='imagenet', classes=10), "If using `weights='imagenet'` with `include_top=True`, `classes` should "
                                           "be 1000.  Received classes=10"),
    (dict(weights=None, include_top=False, input_shape=(70, 80, 3)),
     'Input size must be at least 71x71; Received: input_shape=(70, 80, 3)'),
    (dict(weights='imagenet', input_shape=(71, 71, 3)),
     'When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be (299, 299, 3).  '
     'Received: input_shape=(71, 71, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.Xception(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_imagenet_weights_file_and_hash_are_keras(monkeypatch):
    from framework.keras.applications import xception
    asked = imagenet_file_asked(monkeypatch, xception, xception.Xception, input_shape=(299, 299, 3))
    assert asked == ('xception_weights_tf_dim_ordering_tf_kernels.h5',
                     'https://storage.googleapis.com/tensorflow/keras-applications/xception/'
                     'xception_weights_tf_dim_ordering_tf_kernels.h5', '0a58e3b7378bc2990ea3b43d5981f1f6')
