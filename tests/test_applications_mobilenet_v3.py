"""keras.applications.MobileNetV3Small/Large (module mobilenet_v3) built as Keras 3.15 builds them:
the hard sigmoid's ops on KerasTensors (x + 3.0, * (1 / 6)) are Add/Multiply op nodes in the graph.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(scripts: /work/notes/progs/appsB/mnv3gold_tf.py, mnv3large_tf.py).
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
def seeded_small():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    return keras.applications.MobileNetV3Small(weights=None, input_shape=(32, 32, 3), classes=10)


def test_small_summary_names_paths_and_op_nodes_are_keras(seeded_small):
    model = seeded_small
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names)) == ('MobileNetV3Small', 1540218, 164)
    # TF: sha256 of the summary text (line_length=110, with the op rows), of the names and weight paths
    assert _summary_digest(model) == ('8d0b7da49902ee84f5d214ed2611a45e7ee8a14b1304570668a162deb3f20792', 491)
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        'b66cc17eccb6a07dd2360589668c9694c72a41da4e789ab44dcb59806ac9da3d'
    paths = [w.path for w in model.weights]
    assert len(paths) == 210 and hashlib.sha256(','.join(paths).encode()).hexdigest() == \
        '1f35d4df4121828d37b43982d6eca4a5792b99792435dac40ed89533dca05973'
    entries = model.get_config()['layers']
    ops = [entry for entry in entries if entry['module'].startswith('keras.src.ops')]
    assert len(ops) == 18 and (ops[0]['class_name'], ops[0]['name'], ops[1]['class_name']) == ('Add', 'add', 'Multiply')
    assert ops[0]['inbound_nodes'][0]['args'][1] == 3.0
    hard_swish = next(entry for entry in entries if entry['name'] == 'activation')
    assert hard_swish['config']['activation'] == 'hard_silu'


def test_small_seeded_weights_and_features_are_keras(seeded_small):
    model = seeded_small
    sums = {'conv': -2.174386501312256, 'expanded_conv_depthwise': -2.7755508422851562,
            'expanded_conv_squeeze_excite_conv': 3.446125030517578, 'expanded_conv_5_project': 2.9002585411071777,
            'conv_2': -23.848651885986328, 'logits': -2.8658061027526855}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    assert keras.applications.mobilenet_v3.preprocess_input(x) is x     # the model rescales itself
    middle = keras.Model(model.input, model.get_layer('expanded_conv_3_squeeze_excite_mul').output).predict(
        x, verbose=0)
    np.testing.assert_allclose([float(middle.sum()), float(np.abs(middle).sum())],
                               [-0.00022800880833528936, 0.0041808439418673515], rtol=1e-4)


def test_large_without_top_is_keras():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    model = keras.applications.MobileNetV3Large(weights=None, include_top=False, input_shape=(32, 32, 3),
                                                pooling='avg')
    assert (model.name, model.count_params(), len(model.layers), model.output_shape) == \
        ('MobileNetV3Large', 2996352, 188, (None, 960))                                # TF: the same values
    assert _summary_digest(model) == ('06f757796a682e28614bf8758ef6f3fabd039870093cff251a3bbe4165aa47d5', 558)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    np.testing.assert_allclose(float(np.abs(model.predict(x, verbose=0)).sum()), 8.324068545562113e-09, rtol=1e-4)


@pytest.mark.parametrize('build, kwargs, expected', [
    ('MobileNetV3Large', dict(include_top=False, minimalistic=True, alpha=0.75, include_preprocessing=False),
     (865520, 138, (None, None, None, 720))),
    ('MobileNetV3Small', dict(alpha=1.25, minimalistic=True, input_shape=(40, 48, 3), dropout_rate=0,
                              classifier_activation=None), (2886208, 109, (None, 1000))),
])
def test_minimalistic_and_alpha_variants_are_keras(build, kwargs, expected):
    model = getattr(keras.applications, build)(weights=None, **kwargs)             # TF: the same values
    assert (model.count_params(), len(model.layers), model.output_shape) == expected


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='nope'), 'The `weights` argument should be either `None` (random initialization), `imagenet` '
                           '(pre-training on ImageNet), or the path to the weights file to be loaded.  Received '
                           'weights=nope'),
    (dict(weights='imagenet', classes=10),
     'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000.  Received classes=10'),
    (dict(weights=None, input_shape=(20, 20, 3), include_top=False),
     'Input size must be at least 32x32; Received `input_shape=(20, 20, 3)`'),
    (dict(weights='imagenet', alpha=0.5), 'If imagenet weights are being loaded, alpha can be one of `0.75`, `1.0` '
                                          'for non minimalistic or `1.0` for minimalistic only.'),
    (dict(weights=None, input_shape=(32, 32, 3), input_tensor=(32, 40, 3)),
     'input_shape[1] must equal input_tensor.shape[2].  Received input_shape=(32, 32, 3), input_tensor.shape=(None, '
     '32, 40, 3)'),
])
def test_errors_are_keras(kwargs, message):
    if isinstance(kwargs.get('input_tensor'), tuple):
        kwargs = dict(kwargs, input_tensor=keras.Input(kwargs['input_tensor']))
    with pytest.raises(ValueError) as err:
        keras.applications.MobileNetV3Small(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts
