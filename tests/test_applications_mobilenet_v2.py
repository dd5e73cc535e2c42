"""keras.applications.MobileNetV2 built as Keras 3.15 builds it.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(scripts: /work/notes/progs/applications/gold_tf.py, mnv2fit_tf.py, mnv2_tf.py).
"""
import hashlib
import warnings

import numpy as np
import pytest

from framework import keras


@pytest.fixture(scope='module')
def seeded_model():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    return keras.applications.MobileNetV2(weights=None, input_shape=(96, 96, 3), classes=10)


def test_summary_text_and_layer_names_are_keras(seeded_model):
    chunks = []
    seeded_model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'))
    text = ''.join(chunks)
    lines = text.splitlines()
    assert lines[0] == 'Model: "mobilenetv2_1.00_96"'
    assert ' Total params: 2,270,794 (8.66 MB)' in lines and ' Non-trainable params: 34,112 (133.25 KB)' in lines
    # TF: sha256 of the same summary text (399 lines), and of the ','-joined layer names
    assert len(text.splitlines()) == 399
    assert hashlib.sha256(text.encode()).hexdigest() == \
        '86f277601dab690e86191ef5a37c56bd58a5c5be0972537a33b2ee65b8dc157e'
    names = [layer.name for layer in seeded_model.layers]
    assert len(names) == 156 and names[:4] == ['input_layer', 'Conv1', 'bn_Conv1', 'Conv1_relu']
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        'a55a07e8c77486a0e60508149c0b3df66c5a0d1f3648cf554e9de219356f224d'
    assert [n for n in names if n.endswith('add')] == ['block_%d_add' % i for i in (2, 4, 5, 7, 8, 9, 11, 12, 14, 15)]


def test_seeded_initial_weights_are_keras(seeded_model):
    # TF: np.sum of each layer's first weight after keras.utils.set_random_seed(0)
    sums = {'Conv1': -3.550074577331543, 'expanded_conv_depthwise': -2.7734756469726562,
            'block_13_project': 8.268339157104492, 'Conv_1': -4.133561611175537, 'predictions': 0.692533016204834}
    for name, expected in sums.items():
        np.testing.assert_allclose(float(np.sum(seeded_model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)


@pytest.mark.parametrize('kwargs, name, params, n_layers, output_shape', [
    (dict(alpha=0.35, input_shape=(32, 40, 3), include_top=False, pooling='max'),
     'mobilenetv2_0.35_32', 410208, 155, (None, 1280)),
    (dict(alpha=1.3, input_shape=(128, 128, 3)), 'mobilenetv2_1.30_128', 5431048, 156, (None, 1000)),
    (dict(alpha=0.75, include_top=False), 'mobilenetv2_0.75_None', 1382064, 154, (None, None, None, 1280)),
])
def test_alpha_and_shape_variants(kwargs, name, params, n_layers, output_shape):
    model = keras.applications.MobileNetV2(weights=None, **kwargs)           # TF: the same four numbers
    assert (model.name, model.count_params(), len(model.layers), model.output_shape) == \
        (name, params, n_layers, output_shape)


def test_frozen_base_transfer_learning_matches_keras():
    keras.utils.set_random_seed(1)
    base = keras.applications.MobileNetV2(weights=None, input_shape=(96, 96, 3), include_top=False)
    base.trainable = False
    inputs = keras.Input(shape=(96, 96, 3))
    h = base(inputs, training=False)
    h = keras.layers.GlobalAveragePooling2D()(h)
    h = keras.layers.Dropout(0.2)(h)
    model = keras.Model(inputs, keras.layers.Dense(1)(h))
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss=keras.losses.BinaryCrossentropy(from_logits=True),
                  metrics=['accuracy'])
    rs = np.random.RandomState(1)
    x = (rs.random_sample((32, 96, 96, 3)) * 255).astype('float32')
    y = rs.randint(0, 2, (32, 1)).astype('float32')
    x = keras.applications.mobilenet_v2.preprocess_input(x)
    np.testing.assert_allclose(float(x.max()), 0.9999998807907104, rtol=1e-6)   # scaled to [-1, 1]
    middle = keras.Model(base.input, base.get_layer('block_3_expand_relu').output).predict(x[:2], verbose=0)
    np.testing.assert_allclose(float(middle.sum()), 67.64587, rtol=1e-5)         # TF: 67.64587
    history = model.fit(x, y, epochs=3, batch_size=8, verbose=0, validation_split=0.25).history
    np.testing.assert_allclose(history['loss'], [0.694381, 0.693552, 0.693255], rtol=1e-5)
    np.testing.assert_allclose(history['val_loss'], [0.695721, 0.694685, 0.693058], rtol=1e-5)
    assert history['accuracy'] == pytest.approx([0.541667] * 3, rel=1e-5)
    assert (len(model.trainable_weights), len(model.non_trainable_weights)) == (2, 260)
    np.testing.assert_allclose(float(model.layers[-1].kernel.numpy().sum()), 1.012111, rtol=1e-5)


def test_imagenet_size_warning_is_keras(monkeypatch):
    # no download: stop at the weight file, after the warning
    from framework.keras.applications import mobilenet_v2

    def no_download(name, *args, **kwargs):
        raise RuntimeError('fetching ' + name)
    monkeypatch.setattr(mobilenet_v2, 'get_file', no_download)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with pytest.raises(RuntimeError, match='mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_224_no_top.h5'):
            keras.applications.MobileNetV2(input_shape=(100, 100, 3), include_top=False)
    assert [str(w.message) for w in caught] == [
        '`input_shape` is undefined or non-square, or `rows` is not in [96, 128, 160, 192, 224]. Weights for input '
        'shape (224, 224) will be loaded as the default.']


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='imagenet', alpha=0.6), 'If imagenet weights are being loaded, alpha must be one of `0.35`, '
                                          '`0.50`, `0.75`, `1.0`, `1.3` or `1.4` only; Received `alpha=0.6`'),
    (dict(weights='imagenet', classes=10), 'If using `weights="imagenet"` with `include_top` as true, `classes` '
                                           'should be 1000. Received `classes=10`'),
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.  Received '
                           '`weights=nope`'),
    (dict(weights=None, input_shape=(20, 20, 3), include_top=False),
     'Input size must be at least 32x32; Received: input_shape=(20, 20, 3)'),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.MobileNetV2(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts


def test_preprocess_input_scales_to_minus_one_one():
    x = np.array([[[[0., 127.5, 255.]]]], dtype='float32')
    np.testing.assert_allclose(keras.applications.mobilenet_v2.preprocess_input(x), [[[[-1., 0., 1.]]]])
