"""keras.applications.NASNetMobile / NASNetLarge (module nasnet) built as Keras 3.15 builds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/appsA/gold_tf.py; NASNetLarge's summary, weight paths and features
compared whole with harness_tf.py).
"""
import numpy as np
import pytest

from framework import keras
from helpers_applications import fingerprints, imagenet_file_asked


def test_nasnet_mobile_summary_names_scoped_paths_seeded_weights_and_predictions():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.NASNetMobile(weights=None, input_shape=(32, 32, 3), classes=10)
    assert (model.name, model.count_params(), len(model.layers)) == ('nasnet_mobile', 4280286, 771)
    # TF: sha256 of the summary text (line_length=110), of the layer names, of the weight paths
    # (which run through Keras's name scopes: 'normal_A_block_2/adjust_block/...')
    assert fingerprints(model) == (
        ('52a7cde398378fa50919d4e75ddf22172ad8a2bda9289301f543f32fd2d4b50b', 2157),
        'fbc8be2e97d2b6d63902617697d09ab8c7cd67398fe0ef44f3a0cd16b429a1c9',
        ('74107a11d8204d7c91ef15485aaaac67c3e4ceecaf8ab88ce97913de31ce303b', 1126))
    sums = {'stem_conv1': -0.8298439979553223, 'separable_conv_1_reduction_left1_stem_1': 1.1498939990997314,
            'adjust_conv_projection_12': -19.185144424438477, 'normal_conv_1_12': 5.977477550506592,
            'predictions': 1.2535979747772217}
    for name, expected in sums.items():     # TF: sums of the seeded kernels (he_normal's larger draws to ~1e-7)
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    x = keras.applications.nasnet.preprocess_input(x)
    predictions = model.predict(x, verbose=0)
    np.testing.assert_allclose([float(predictions[0].max()), float((predictions * np.arange(10)).sum())],
                               [0.45743077993392944, 5.9967985801522445], rtol=1e-5)
    features = keras.Model(model.input, model.get_layer('activation_187').output).predict(x, verbose=0)
    assert features.shape == (2, 1, 1, 1056)
    np.testing.assert_allclose([float(features.sum()), float(features.ravel()[-1])],
                               [1489.488037109375, 1.2791008949279785], rtol=1e-4)


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
    (dict(weights='imagenet', include_top=False, input_shape=(None, None, 3)),
     'When specifying the input shape of a NASNet and loading `ImageNet` weights, the input_shape argument must be '
     'static (no None entries). Got: `input_shape=(None, None, 3)`.'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.NASNetMobile(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_nasnet_refuses_channels_first():
    keras.backend.set_image_data_format('channels_first')
    try:
        with pytest.raises(ValueError, match='NASNet does not support the `channels_first` image data format'):
            keras.applications.NASNetLarge(weights=None)
    finally:
        keras.backend.set_image_data_format('channels_last')


def test_imagenet_weights_file_and_hash_are_keras(monkeypatch):
    from framework.keras.applications import nasnet
    asked = imagenet_file_asked(monkeypatch, nasnet, nasnet.NASNetMobile, include_top=False, input_shape=(32, 32, 3))
    assert asked == ('nasnet_mobile_no_top.h5',
                     'https://storage.googleapis.com/tensorflow/keras-applications/nasnet/NASNet-mobile-no-top.h5',
                     '1ed92395b5b598bdda52abe5c0dbfd63')
