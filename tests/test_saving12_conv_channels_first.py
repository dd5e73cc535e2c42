"""Conv1D, Conv2D and Conv3D with data_format='channels_first' (batch, channels, *spatial), which
Keras 3.15 on TensorFlow 2.21 (CPU) computes and saves; tapeflow refused it ("only channels_last").
tapeflow runs the channels_last convolution between two transposes, as Keras's TF backend does.

Golden values: Keras 3.15 / TF 2.21 (/work/notes/progs/saving12/cf/gold.py): each layer built on the
input shape, ``set_weights`` with ``_det(w.shape, 1 + i)`` for its i-th weight, called on
``_det(input_shape, 0)``: the output shape, rounded values (6 decimals) and the first four values of
d sum(y**2) / d input (5 decimals). (TF 2.21's gradient of a grouped channels_first Conv2D's bias is
wrong: its XLA path gives [4.18, -3.56, ...] where 2 * sum(y) is [9.38, 7.72, ...]; tapeflow's is
2 * sum(y), checked here by central differences instead. And TF's channels_first Conv2D with
kernel (2, 3), strides 2, padding 'same' on a (1, 2, 4, 5) input is 0.52 off both its own channels_last
result and a float64 numpy reference, which tapeflow matches to 2e-7; Keras adds a channels_first
Conv3D's bias along the last axis when filters equal the last spatial size. Such shapes are left out.)
"""
import json
import zipfile

import numpy as np
import pytest

from framework import keras
from framework.keras import layers
from framework.gradient_check import check_gradients


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


CASES = [
    ('Conv1D', {'filters': 2, 'kernel_size': 3, 'padding': 'causal'}, (1, 3, 5), (1, 2, 5),
     [0.495223, -0.090891, 0.591842, 0.755241, 0.93949, 0.502946, -0.329698, 0.240963, 0.426994, 0.649606],
     [0.57035, 2.24246, 1.26211, -2.22758]),
    ('Conv1D', {'filters': 2, 'kernel_size': 3, 'strides': 2, 'padding': 'same', 'activation': 'tanh'}, (1, 3, 5), (1, 2, 3),
     [-0.090641, 0.638265, 0.97481, -0.31825, 0.402806, 0.965552],
     [0.26208, 1.69286, -0.35184, -0.66275]),
    ('Conv2D', {'filters': 2, 'kernel_size': 2, 'activation': 'softmax'}, (1, 2, 3, 4), (1, 2, 2, 3),
     [0.244763, 0.30067, 0.454567, 0.164795, 0.309031, 0.526174, 0.242739, 0.307175, 0.450086, 0.20385, 0.325809, 0.470341],
     [-0.10002, -0.10731, 0.12842, 0.07891]),
    ('Conv2D', {'filters': 3, 'kernel_size': (2, 3), 'strides': 2, 'padding': 'same'}, (1, 2, 8, 7), (1, 3, 4, 4),
     [0.020423, 1.120928, 1.272354, 1.062607, 0.087012, 0.730955, 0.998183, 1.855448, 1.056874, 0.53689, 0.626372, 1.608953, 1.864624, 0.75191, 0.565352, 0.593893, -0.297076, 0.779367, 0.998447, 1.199611, 0.141139, 0.415833, 0.647278, 1.6886, 1.190267, 0.361463, 0.351033, 1.088631, 1.697851, 0.675982, 0.435135, 0.058765, -0.574367, 0.332323, 0.589404, 1.174254, 0.176163, 0.044429, 0.208767, 1.293207, 1.162563, 0.137113, 0.028184, 0.420968, 1.301282, 0.508563, 0.246024, -0.484317],
     [1.09303, 4.42762, -1.33659, 2.80709]),
    ('Conv2D', {'filters': 2, 'kernel_size': 2, 'dilation_rate': 2}, (1, 1, 4, 5), (1, 2, 2, 3),
     [1.323878, 1.682539, 1.936546, 1.823046, 1.510521, 1.116624, 1.541127, 2.021536, 2.322712, 1.893585, 1.371162, 0.757532],
     [5.24833, 6.79345, 13.06606, 6.78645]),
    ('Conv2D', {'filters': 4, 'kernel_size': 2, 'groups': 2}, (1, 4, 3, 3), (1, 4, 2, 2),
     [1.127447, 1.146757, 1.090696, 1.022913, 0.72686, 0.830464, 0.97201, 0.990795, 0.405034, 0.577184, 0.825952, 0.868901, -0.076994, 0.158879, 0.549348, 0.651095],
     [3.32194, 0.56255, -3.21537, 6.30997]),
    ('Conv3D', {'filters': 3, 'kernel_size': 2, 'strides': 2, 'padding': 'same'}, (1, 2, 3, 3, 4), (1, 3, 2, 2, 2),
     [1.820687, 1.441452, 0.03363, -0.56968, 0.515778, 0.481825, 0.042191, 0.645181, 1.384692, 0.738987, 0.448152, -0.193152, 0.127407, 0.30259, -0.172408, 0.067428, 0.761286, -0.063495, 0.802019, 0.209519, -0.278208, 0.082401, -0.363672, -0.51945],
     [7.27868, -2.5974, 3.74898, -0.77385]),
]


def _layer(name, kwargs, shape, dtype='float32'):
    layer = getattr(layers, name)(data_format='channels_first', dtype=dtype, **kwargs)
    layer.build(shape)
    layer.set_weights([_det(w.shape, 1 + i) for i, w in enumerate(layer.weights)])
    return layer


@pytest.mark.parametrize('name, kwargs, shape, out_shape, values, input_grad', CASES)
def test_channels_first_matches_keras(name, kwargs, shape, out_shape, values, input_grad):
    import framework as tf
    layer = _layer(name, kwargs, shape)
    x = tf.constant(_det(shape, 0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        s = tf.reduce_sum(y ** 2)
    assert tuple(y.shape) == out_shape == layer.compute_output_shape(shape)
    assert layer.input_spec.axes == {1: shape[1]}
    np.testing.assert_allclose(np.asarray(y).ravel(), values, atol=2e-6)
    np.testing.assert_allclose(np.asarray(tape.gradient(s, x)).ravel()[:4], input_grad, atol=5e-5)
    assert layer.get_config()['data_format'] == 'channels_first'


@pytest.mark.parametrize('name, kwargs, shape', [(c[0], c[1], c[2]) for c in CASES])
def test_channels_first_gradients_match_central_differences(name, kwargs, shape):
    kwargs = dict(kwargs, activation=None)
    layer = _layer(name, kwargs, shape, dtype='float64')
    check_gradients(layer, [_det(shape, 0).astype('float64')])


def test_channels_first_model_saves_and_loads(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((2, 6, 5)), layers.Conv2D(3, 3, data_format='channels_first'),
                              layers.MaxPooling2D(data_format='channels_first'), layers.Flatten(), layers.Dense(1)])
    x = _det((3, 2, 6, 5), 0)
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with zipfile.ZipFile(path) as z:
        conv = json.loads(z.read('config.json'))['config']['layers'][1]
    assert conv['config']['data_format'] == 'channels_first'
    assert conv['build_config'] == {'input_shape': [None, 2, 6, 5]}
    loaded = keras.models.load_model(path)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    assert loaded.layers[0].kernel.shape == (3, 3, 2, 3)


def test_channels_first_input_of_other_channels_is_refused():
    layer = layers.Conv1D(2, 2, data_format='channels_first')
    layer.build((None, 3, 5))
    with pytest.raises(ValueError):
        layer(np.zeros((1, 4, 5), 'float32'))
