"""keras.applications' VGG models, as the functional guide's feature extractor uses VGG19.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the same calls
(keras.utils.set_random_seed(4), then the models below, in this order).
"""
import numpy as np
import pytest

from framework import keras


def test_vgg19_notop_layers_weights_and_feature_extraction():
    keras.utils.set_random_seed(4)
    model = keras.applications.VGG19(weights=None, include_top=False, input_shape=(32, 32, 3))
    names = [layer.name for layer in model.layers]
    assert len(names) == 22 and names[1:4] == ['block1_conv1', 'block1_conv2', 'block1_pool']
    assert names[-2:] == ['block5_conv4', 'block5_pool']
    assert model.count_params() == 20024384                       # TF: Total params: 20,024,384
    # TF: sums of the seeded kernels of block1_conv1 and block5_conv4
    np.testing.assert_allclose(float(np.sum(model.layers[1].kernel.numpy())), 0.47677361965179443, rtol=1e-5)
    np.testing.assert_allclose(float(np.sum(model.layers[-2].kernel.numpy())), -23.381546020507812, rtol=1e-5)
    extractor = keras.Model(inputs=model.input, outputs=[layer.output for layer in model.layers])
    image = np.random.RandomState(0).random_sample((1, 32, 32, 3)).astype('float32')
    features = extractor(image)
    assert len(features) == 22 and tuple(features[-1].shape) == (1, 1, 1, 512)
    np.testing.assert_allclose([float(np.sum(np.asarray(f))) for f in features[-4:]],
                               [0.4257310926914215, 0.2047063559293747, 0.09062810242176056, 0.054151751101017],
                               rtol=1e-5)


def test_vgg16_top_and_pooling_variants():
    model = keras.applications.VGG16(weights=None, classes=10, input_shape=(32, 32, 3), classifier_activation=None)
    assert [layer.name for layer in model.layers[-4:]] == ['flatten', 'fc1', 'fc2', 'predictions']
    assert model.count_params() == 33638218                       # TF: Total params: 33,638,218
    assert model.name == 'vgg16'
    pooled = keras.applications.vgg16.VGG16(weights=None, include_top=False, pooling='avg')
    assert pooled.input_shape == (None, None, None, 3) and pooled.output_shape == (None, 512)
    assert pooled.layers[-1].name.startswith('global_average_pooling2d')


def test_preprocess_input_modes_as_keras():
    x = np.arange(2 * 4 * 4 * 3, dtype='float32').reshape(2, 4, 4, 3)
    caffe = [[-101.939, -115.779, -123.68], [-98.939, -112.779, -120.68]]
    np.testing.assert_allclose(keras.applications.vgg19.preprocess_input(x.copy())[0, 0, :2], caffe, rtol=1e-6)
    tensor = keras.applications.vgg16.preprocess_input(keras.ops.convert_to_tensor(x))
    np.testing.assert_allclose(np.asarray(tensor)[0, 0, :2], caffe, rtol=1e-6)
    utils = keras.applications.imagenet_utils
    np.testing.assert_allclose(utils.preprocess_input(x.copy(), mode='tf')[0, 0, 0], [-1., -0.99215686, -0.9843137])
    np.testing.assert_allclose(utils.preprocess_input(x.copy(), mode='torch')[0, 0, 0],
                               [-2.117904, -2.0182073, -1.7695861], rtol=1e-6)
    np.testing.assert_allclose(utils.preprocess_input(np.arange(12).reshape(1, 2, 2, 3))[0, 0], caffe, rtol=1e-6)
    first = utils.preprocess_input(x.copy().transpose(0, 3, 1, 2), data_format='channels_first')
    np.testing.assert_allclose(first[0, :, 0, 0], caffe[0], rtol=1e-6)


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), "The `weights` argument should be either `None` (random initialization), 'imagenet' "
                           "(pre-training on ImageNet), or the path to the weights file to be loaded.  Received: "
                           "weights=nope"),
    (dict(weights='imagenet', classes=10), "If using `weights='imagenet'` with `include_top=True`, `classes` should "
                                           "be 1000.  Received classes=10"),
    (dict(weights=None, input_shape=(16, 16, 3), include_top=False),
     'Input size must be at least 32x32; Received: input_shape=(16, 16, 3)'),
    (dict(weights=None, input_shape=(None, None, 3)),
     'If `include_top` is True, you should specify a static `input_shape`. Received: input_shape=(None, None, 3)'),
    (dict(weights=None, input_shape=(32, 32)), '`input_shape` must be a tuple of three integers.'),
    (dict(weights='imagenet', input_shape=(32, 32, 3)),
     'When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be (224, 224, 3).  '
     'Received: input_shape=(32, 32, 3)'),
    (dict(weights='imagenet', include_top=False, input_shape=(32, 32, 1)),
     'The input must have 3 channels; Received `input_shape=(32, 32, 1)`'),
])
def test_bad_arguments_raise_keras_messages(kwargs, message):
    with pytest.raises(ValueError) as info:
        keras.applications.VGG16(**kwargs)
    assert str(info.value) == message


def test_imagenet_weights_come_from_keras_cache(tmp_path, monkeypatch):
    source = keras.applications.VGG16(weights=None, include_top=False, input_shape=(32, 32, 3))
    path = str(tmp_path / 'vgg16.weights.h5')
    source.save_weights(path)
    asked = []
    from framework.keras.applications import vgg
    monkeypatch.setattr(vgg, 'get_file', lambda *args, **kwargs: asked.append((args, kwargs)) or path)
    cached = keras.applications.VGG16(include_top=False, input_shape=(32, 32, 3))
    assert asked == [(('vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5',
                       'https://storage.googleapis.com/tensorflow/keras-applications/vgg16/'
                       'vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5'),
                      {'cache_subdir': 'models', 'file_hash': '6d6bbae143d832006294945121d1f1fc'})]
    np.testing.assert_array_equal(cached.layers[1].kernel.numpy(), source.layers[1].kernel.numpy())
    np.testing.assert_array_equal(cached.layers[-2].kernel.numpy(), source.layers[-2].kernel.numpy())


def test_decode_predictions_checks_its_shape():
    with pytest.raises(ValueError, match=r'expects a batch of predictions .* Received array with shape: \(1, 10\)'):
        keras.applications.vgg16.decode_predictions(np.zeros((1, 10)))
