"""keras.applications.ResNet50/101/152 (modules resnet, resnet50) built as Keras 3.15 builds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/applications/res_tf.py).
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


def test_resnet50_summary_names_seeded_weights_and_predictions():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), classes=10)
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names)) == ('resnet50', 23608202, 177)
    # TF: sha256 of the summary text (line_length=110, 463 lines) and of the ','-joined layer names
    assert _summary_digest(model) == ('2f6a992d162bed1ed8b6da9d2278a7d170a8da110e109c0f115b4aca536d5369', 463)
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        '7a474888bd93c00ae7bc51c4bc4663be8a5572bb6543e1d37a79bfefb84a7adb'
    sums = {'conv1_conv': -2.141286611557007, 'conv2_block1_0_conv': 6.052650451660156,
            'conv4_block6_3_conv': 12.722904205322266, 'predictions': 3.9594454765319824}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    x = keras.applications.resnet50.preprocess_input(x)
    np.testing.assert_allclose([float(x[0, 0, 0, 0]), float(x.sum())], [49.765647888183594, 72135.734375], rtol=1e-6)
    predictions = model.predict(x, verbose=0)
    np.testing.assert_allclose([float(predictions[0].max()), float((predictions * np.arange(10)).sum())],
                               [0.9820414781570435, 4.616637245786251], rtol=1e-5)
    middle = keras.Model(model.input, model.get_layer('conv3_block4_out').output).predict(x, verbose=0)
    np.testing.assert_allclose(float(middle.sum()), 130088.15625, rtol=1e-5)


@pytest.mark.parametrize('build, kwargs, expected', [
    ('ResNet101', dict(include_top=False), ('resnet101', 42658176, 345, (None, None, None, 2048), 'conv5_block3_out')),
    ('ResNet152', dict(input_shape=(64, 48, 3), include_top=False, pooling='max'),
     ('resnet152', 58370944, 516, (None, 2048), 'max_pool')),
])
def test_deeper_resnets_are_keras(build, kwargs, expected):
    model = getattr(keras.applications.resnet, build)(weights=None, **kwargs)      # TF: the same five values
    assert (model.name, model.count_params(), len(model.layers), model.output_shape, model.layers[-1].name) == expected


def test_frozen_resnet50_transfer_learning_matches_keras():
    keras.utils.set_random_seed(1)
    base = keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), include_top=False)
    base.trainable = False
    inputs = keras.Input(shape=(32, 32, 3))
    h = base(inputs, training=False)
    h = keras.layers.GlobalAveragePooling2D()(h)
    h = keras.layers.Dropout(0.2)(h)
    model = keras.Model(inputs, keras.layers.Dense(1)(h))
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss=keras.losses.BinaryCrossentropy(from_logits=True),
                  metrics=['accuracy'])
    rs = np.random.RandomState(1)
    x = (rs.random_sample((32, 32, 32, 3)) * 255).astype('float32')
    y = rs.randint(0, 2, (32, 1)).astype('float32')
    history = model.fit(keras.applications.resnet.preprocess_input(x), y, epochs=3, batch_size=8, verbose=0,
                        validation_split=0.25).history
    # TF's history; the large logits (lr 1e-2) carry float32 rounding to ~1e-5
    np.testing.assert_allclose(history['loss'], [5.930164813995361, 1.4329873323440552, 1.6071068048477173],
                               rtol=3e-5)
    np.testing.assert_allclose(history['val_loss'], [3.0073049068450928, 3.6038761138916016, 4.4884161949157715],
                               rtol=3e-5)
    np.testing.assert_allclose(history['accuracy'], [0.5416666865348816, 0.625, 0.7083333134651184])
    np.testing.assert_allclose(history['val_accuracy'], [0.375, 0.375, 0.625])
    assert (len(model.trainable_weights), len(model.non_trainable_weights)) == (2, 318)


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), "The `weights` argument should be either `None` (random initialization), 'imagenet' "
                           "(pre-training on ImageNet), or the path to the weights file to be loaded.  Received: "
                           "weights=nope"),
    (dict(weights='imagenet', classes=10), "If using `weights='imagenet'` with `include_top=True`, `classes` should "
                                           "be 1000.  Received classes=10"),
    (dict(weights=None, input_shape=(31, 64, 3), include_top=False),
     'Input size must be at least 32x32; Received: input_shape=(31, 64, 3)'),
    (dict(weights='imagenet', input_shape=(64, 64, 3)),
     'When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be (224, 224, 3).  '
     'Received: input_shape=(64, 64, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.ResNet50(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_imagenet_weights_file_and_hash_are_keras(monkeypatch):
    from framework.keras.applications import resnet
    asked = []

    def no_download(name, origin, **kwargs):
        asked.append((name, origin, kwargs.get('file_hash')))
        raise RuntimeError('no download in tests')
    monkeypatch.setattr(resnet, 'get_file', no_download)
    with pytest.raises(RuntimeError):
        keras.applications.resnet50.ResNet50(include_top=False, input_shape=(32, 32, 3))
    assert asked == [('resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5',
                      'https://storage.googleapis.com/tensorflow/keras-applications/resnet/'
                      'resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5', '4d473c1dd8becc155b73f8504c6f6626')]
