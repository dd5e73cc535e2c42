"""keras.applications.MobileNet (v1) built as Keras 3.15 builds it.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(script: /work/notes/progs/applications/mnv1_tf.py).
"""
import hashlib

import numpy as np
import pytest

from framework import keras


def test_summary_names_seeded_weights_and_activations_are_keras():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.MobileNet(weights=None, input_shape=(64, 64, 3), classes=10, alpha=0.5)
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names)) == ('mobilenet_0.50_64', 834666, 91)
    assert names[-4:] == ['dropout', 'conv_preds', 'reshape_2', 'predictions']
    chunks = []
    model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'))
    text = ''.join(chunks)
    # TF: sha256 of the summary text (line_length=110, 191 lines) and of the ','-joined layer names
    assert len(text.splitlines()) == 191
    assert hashlib.sha256(text.encode()).hexdigest() == \
        'c921a0ab0cb63a995dbad9555b8e0ca654665a8befb646d1497469159ac7a588'
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        'd9b61ff99ec037ddbf3f74b5d378f0a7cb9e84530398fed5fcf5bd3e0a1c3011'
    sums = {'conv1': -2.174386501312256, 'conv_dw_2': -2.0904650688171387, 'conv_pw_13': -10.828678131103516,
            'conv_preds': -2.2920360565185547}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 64, 64, 3)).astype('float32') * 255
    x = keras.applications.mobilenet.preprocess_input(x)
    middle = keras.Model(model.input, model.get_layer('conv_pw_6_relu').output).predict(x, verbose=0)
    np.testing.assert_allclose(float(middle.sum()), 0.00010724681487772614, rtol=1e-5)


@pytest.mark.parametrize('kwargs, expected', [
    (dict(include_top=False, pooling='avg', depth_multiplier=2, input_shape=(40, 48, 3)),
     ('mobilenet_1.00_40', 6432928, 87, (None, 1024))),
    (dict(include_top=False), ('mobilenet_1.00_None', 3228864, 86, (None, None, None, 1024))),
])
def test_variants_are_keras(kwargs, expected):
    model = keras.applications.mobilenet.MobileNet(weights=None, **kwargs)        # TF: the same four values
    assert (model.name, model.count_params(), len(model.layers), model.output_shape) == expected


@pytest.mark.parametrize('kwargs, message', [
    (dict(weights='imagenet', alpha=0.6), 'If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, '
                                          '`0.75` or `1.0` only.  Received alpha=0.6'),
    (dict(weights='imagenet', depth_multiplier=2), 'If imagenet weights are being loaded, depth multiplier must be '
                                                   '1.  Received depth_multiplier=2'),
    (dict(weights='nope'), "The `weights` argument should be either `None` (random initialization), 'imagenet' "
                           "(pre-training on ImageNet), or the path to the weights file to be loaded. Received "
                           "weights=nope"),
])
def test_errors_are_keras(kwargs, message):
    with pytest.raises(ValueError) as err:
        keras.applications.MobileNet(**kwargs)
    assert str(err.value) == message                                           # TF: the same texts
