"""keras.applications.ResNet50V2/101V2/152V2 built as Keras 3.15 builds them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) running the same calls
(scripts: /work/notes/progs/applications/res_tf.py, res2gold_tf.py).
"""
import hashlib

import numpy as np
import pytest

from framework import keras


def test_resnet50v2_summary_names_seeded_weights_and_features():
    keras.backend.clear_session()             # auto-named layers count from 0, as in TF's fresh process
    keras.utils.set_random_seed(0)
    model = keras.applications.ResNet50V2(weights=None, input_shape=(32, 32, 3), include_top=False, pooling='avg')
    names = [layer.name for layer in model.layers]
    assert (model.name, model.count_params(), len(names), model.output_shape) == \
        ('resnet50v2', 23564800, 191, (None, 2048))
    chunks = []
    model.summary(line_length=110, print_fn=lambda s, line_break=False: chunks.append(s + '\n'))
    text = ''.join(chunks)
    # TF: sha256 of the summary text (line_length=110, 519 lines) and of the ','-joined layer names
    assert len(text.splitlines()) == 519
    assert hashlib.sha256(text.encode()).hexdigest() == \
        '1006773637ef02e374d7998740fb55f072f0421fb90a3059c95b3c721aa632fc'
    assert hashlib.sha256(','.join(names).encode()).hexdigest() == \
        'a19143886d88c0a1ccebfa84db5df31beae0b6ef50ba8499a0c19bdcd718acf9'
    # the strided identity shortcuts are unnamed 1x1 max poolings, auto-named as in Keras
    assert [n for n in names if 'pooling' in n] == ['max_pooling2d', 'max_pooling2d_1', 'max_pooling2d_2']
    sums = {'conv1_conv': -2.141286611557007, 'conv2_block1_0_conv': 6.052650451660156,
            'conv5_block3_3_conv': -34.782958984375}
    for name, expected in sums.items():                          # TF: sums of the seeded kernels
        np.testing.assert_allclose(float(np.sum(model.get_layer(name).weights[0].numpy())), expected, rtol=1e-5)
    x = np.random.RandomState(0).random_sample((2, 32, 32, 3)).astype('float32') * 255
    features = model.predict(keras.applications.resnet_v2.preprocess_input(x), verbose=0)
    np.testing.assert_allclose([float(features.sum()), float(features[1, :7].sum())],
                               [60.95981216430664, 0.11812865734100342], rtol=1e-5)


@pytest.mark.parametrize('build, kwargs, expected', [
    ('ResNet101V2', dict(include_top=False), ('resnet101v2', 42626560, 377, (None, None, None, 2048), 'post_relu')),
    ('ResNet152V2', dict(classes=7, input_shape=(32, 32, 3), classifier_activation=None),
     ('resnet152v2', 58345991, 566, (None, 7), 'predictions')),
])
def test_deeper_resnet_v2s_are_keras(build, kwargs, expected):
    model = getattr(keras.applications.resnet_v2, build)(weights=None, **kwargs)   # TF: the same five values
    assert (model.name, model.count_params(), len(model.layers), model.output_shape, model.layers[-1].name) == expected


def test_preprocess_input_scales_to_minus_one_one():
    x = np.array([[[[0., 127.5, 255.]]]], dtype='float32')
    np.testing.assert_allclose(keras.applications.resnet_v2.preprocess_input(x), [[[[-1., 0., 1.]]]])
