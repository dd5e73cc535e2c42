"""keras.applications.InceptionV3 (module inception_v3) built as Keras 3.15 builds it.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/appsA/gold_tf.py).
"""
import numpy as np
import pytest

from framework import keras
from helpers_applications import fingerprints, imagenet_file_asked


def test_inception_v3_summary_names_seeded_weights_and_predictions():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.InceptionV3(weights=None, input_shape=(75, 75, 3), classes=10)
    assert (model.name, model.count_params(), len(model.layers)) == ('inception_v3', 21823274, 313)
    # TF: sha256 of the summary text (line_length=110), of the layer names, of the weight paths
    assert fingerprints(model) == (
        ('b7857ec70eaf4abbd430680b245e8795fb3f95d895d9621cd05953a729492cb4', 773),
        '3484804071db8d6d003b72943366e3b9bdd065db716f63187c1f998f081ab007',
        ('8b36efdd992d8cb4b2382df85f1acf513ef17dfbe6a5983747f5ac8f7c79b0d5', 378))
    sums = {'conv2d': -3.550074577331543, 'conv2d_50': -29.62912940979004, 'conv2d_93': -27.75065040588379,
            'predictions': 5.693698883056641}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 75, 75, 3)).astype('float32') * 255
    x = keras.applications.inception_v3.preprocess_input(x)
    np.testing.assert_allclose([float(x[0, 0, 0, 0]), float(x.sum())], [0.09762704372406006, -191.42703247070312],
                               rtol=1e-6)
    predictions = model.predict(x, verbose=0)
    np.testing.assert_allclose([float(predictions[0].max()), float((predictions * np.arange(10)).sum())],
                               [0.10023371875286102, 8.999332450330257], rtol=1e-5)
    features = keras.Model(model.input, model.get_layer('mixed10').output).predict(x, verbose=0)
    assert features.shape == (2, 1, 1, 2048)
    np.testing.assert_allclose([float(features.sum()), float(features.ravel()[0]), float(features.ravel()[-1])],
                               [1.5217201709747314, 0.0012647800613194704, 0.0012891197111457586], rtol=1e-4)


def test_inception_v3_without_top_pools_as_keras():
    model = keras.applications.inception_v3.InceptionV3(weights=None, include_top=False, pooling='max')
    assert (model.name, model.count_params(), len(model.layers), model.output_shape) == \
        ('inception_v3', 21802784, 312, (None, 2048))                  # TF: the same values


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded; Received: '
                           'weights=nope'),
    (dict(weights='imagenet', classes=10), 'If using `weights="imagenet"` with `include_top=True`, `classes` should '
                                           'be 1000. Received classes=10'),
    (dict(weights=None, include_top=False, input_shape=(74, 80, 3)),
     'Input size must be at least 75x75; Received: input_shape=(74, 80, 3)'),
    (dict(weights='imagenet', input_shape=(75, 75, 3)),
     'When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be (299, 299, 3).  '
     'Received: input_shape=(75, 75, 3)'),
    (dict(weights=None, input_shape=(None, None, 3)),
     'If `include_top` is True, you should specify a static `input_shape`. Received: input_shape=(None, None, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.InceptionV3(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_imagenet_weights_file_and_hash_are_keras(monkeypatch):
    from framework.keras.applications import inception_v3
    asked = imagenet_file_asked(monkeypatch, inception_v3, inception_v3.InceptionV3, include_top=False,
                                input_shape=(75, 75, 3))
    assert asked == ('inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5',
                     'https://storage.googleapis.com/tensorflow/keras-applications/inception_v3/'
                     'inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5', 'bcbd6486424b2319ff4ef7d526e38f63')
