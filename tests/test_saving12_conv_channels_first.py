"""Conv1D, Conv2D, Conv3D and their transposes with data_format='channels_first' (batch, channels, *spatial), which
Keras 3.15 on TensorFlow 2.21 (CPU) computes and saves; tapeflow refused it ("only channels_last").
tapeflow runs the channels_last convolution between two transposes, as Keras's TF backend does.

Golden values: Keras 3.15 / TF 2.21 (/work/notes/progs/saving12/cf/gold.py): each layer built on the
input shape (gold_t.py: the transposes), ``set_weights`` with ``_det(w.shape, 1 + i)`` for its i-th weight, called on
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
    ('Conv1DTranspose', {'filters': 2, 'kernel_size': 3, 'strides': 2}, (1, 3, 5), (1, 2, 11),
     [1.328989, 0.879366, 0.821413, 1.120171, 0.490244, 1.332435, 0.215793, 1.487429, 0.035204, 1.564176, 0.342907, 1.135544, 0.232393, 1.39063, 0.315289, 1.213318, 0.449885, 0.966162, 0.617964, 0.682614, 0.796779, 0.094073],
     [3.123, 2.91614, 2.05106, 0.94903]),
    ('Conv2DTranspose', {'filters': 3, 'kernel_size': 3, 'strides': 2, 'padding': 'same', 'output_padding': 1}, (1, 2, 3, 4), (1, 3, 6, 8),
     [-0.034482, 1.326844, 0.677264, 1.31244, 0.785491, 1.243473, 0.910474, 1.129276, -0.038952, 1.616908, 0.376942, 1.48151, 0.625248, 1.268666, 0.911998, 1.007182, 0.579523, 1.883691, 0.38509, 1.49204, 0.814763, 1.021518, 1.25723, 0.535807, 1.536736, 0.732451, 1.445641, 0.481655, 1.620307, 0.288738, 1.698742, 0.179811, 2.618862, 0.100647, 1.94738, -0.225067, 2.101653, -0.39725, 2.094547, -0.392597, 1.971328, 0.169617, 1.538915, 0.259535, 1.322284, 0.437395, 1.049758, 0.679125, -0.129202, 1.590847, -0.054243, 1.356637, 0.296287, 1.033185, 0.70109, 0.66427, 0.110747, 1.660394, -0.177748, 1.356092, 0.230388, 0.962623, 0.701716, 0.533241, 1.109806, 1.197343, 0.57868, 0.554995, 1.233729, -0.068095, 1.816172, -0.587596, 1.332013, 0.126061, 1.578858, -0.203808, 1.865956, -0.41172, 1.994878, -0.469533, 2.150089, -0.933195, 2.468412, -1.058117, 2.449932, -0.945455, 2.194238, -0.610457, 1.398913, -0.369425, 1.732172, -0.124943, 1.376099, 0.230823, 0.928151, 0.649721, 0.114006, 1.293084, -0.487032, 0.961574, -0.077547, 0.552824, 0.395338, 0.122156, 0.472865, 1.105736, -0.369118, 0.7917, -0.014632, 0.423415, 0.39474, 0.050728, 1.329938, 0.155056, 0.739931, -0.402, 1.277724, -0.851743, 1.695489, -1.133303, 0.700911, -0.27592, 1.156581, -0.51232, 1.405939, -0.626475, 1.517915, -0.602935, 0.827031, -1.20857, 1.968657, -1.067359, 1.787088, -0.728781, 1.416551, -0.238662, 0.365125, -0.444887, 1.289741, -0.17372, 0.980474, 0.173863, 0.591409, 0.550819],
     [-15.21522, -8.08159, 4.16138, 9.65558]),
    ('Conv2DTranspose', {'filters': 3, 'kernel_size': 2, 'activation': 'relu'}, (1, 2, 3, 4), (1, 3, 4, 5),
     [0.0, 0.65589, 1.005122, 1.341384, 1.129276, 1.838108, 1.036133, 1.14014, 1.212905, 0.793751, 1.360123, 1.230871, 1.173642, 1.080634, 1.811494, 0.364872, 1.657076, 1.665048, 1.570732, 0.903831, 0.0, 1.093266, 1.255299, 1.341806, 0.66427, 1.120148, 0.367035, 0.488255, 0.637765, 0.04236, 1.450248, 0.939624, 1.051118, 1.114721, 1.408149, 0.915629, 1.680936, 1.451576, 1.120126, 0.495604, 0.114006, 1.229142, 1.119222, 0.910726, 0.122156, 0.086627, 0.0, 0.0, 0.0, 0.0, 1.052149, 0.427242, 0.64914, 0.836085, 0.538601, 1.257802, 1.095908, 0.749186, 0.35397, 0.098491],
     [-4.22932, 1.98975, 3.21787, 4.31794]),
    ('Conv3DTranspose', {'filters': 3, 'kernel_size': 2, 'strides': 2}, (1, 2, 2, 3, 2), (1, 3, 4, 6, 4),
     [-0.034482, 1.326844, 0.238343, 1.31244, 1.348219, -0.038952, 1.09281, 0.284268, 0.601978, 1.243473, 1.007208, 1.129276, 0.812563, 0.692084, 0.545409, 1.129298, 1.399186, 0.985306, 1.72486, 0.831049, 0.327506, 1.536736, 0.188345, 1.859253, 1.616908, 1.001971, 1.48151, 0.842461, 0.089634, 1.807682, 0.417896, 1.570289, 1.268666, 0.691997, 1.007182, 0.570944, 0.812668, 1.243433, 1.220517, 0.871354, 0.732451, 0.495685, 0.481655, 0.476407, 1.586244, 0.50441, 1.86035, 0.192266, 1.940152, 0.687383, 2.015922, 0.573751, 0.146761, 2.053198, 0.208384, 2.092322, 1.941915, 0.505534, 1.728149, 0.491965, 0.364872, 1.971328, 0.595045, 1.706594, 1.403555, 0.534879, 1.012065, 0.62847, 0.867751, 1.33395, 1.14608, 0.903831, 0.288738, 0.515718, 0.179811, 0.608298, 2.005735, -0.022831, 2.002723, -0.111769, 0.169617, 0.741618, 0.259535, 0.897632, 1.85172, -0.062511, 1.573165, 0.118277, 0.437395, 1.055224, 0.679125, 1.193067, 1.204759, 0.406126, 0.796363, 0.762077, -0.129202, 1.590847, 0.199696, 1.356637, 0.443338, 0.110747, 0.397625, 0.40023, 0.595939, 1.033185, 1.005898, 0.66427, 0.392469, 0.729916, 0.428567, 1.055185, 1.374087, 0.299822, 1.650673, -0.010832, 0.501034, 1.332013, 0.600061, 1.522932, 1.660394, 0.1193, 1.356092, 0.19775, 0.432997, 1.594798, 0.642444, 1.263105, 0.962623, 0.343809, 0.533241, 0.537708, 0.859313, 0.854829, 1.054251, 0.42523, 0.126061, 0.753204, -0.203808, 0.96113, 1.200875, 0.032451, 1.279338, -0.270347, 1.798221, -0.225646, 1.796762, -0.315548, 0.712246, 1.602104, 0.822406, 1.55881, 1.646492, -0.268368, 1.367751, -0.090492, 0.915629, 1.398913, 0.9793, 1.144053, 0.998265, 0.194004, 0.588041, 0.546616, 1.004801, 0.828724, 0.98868, 0.495604, -0.41172, 1.133346, -0.469533, 1.246542, 1.279023, -0.442182, 1.199971, -0.459795, -0.369425, 1.285397, -0.124943, 1.244653, 1.052882, -0.320805, 0.857664, -0.044022, 0.230823, 1.129825, 0.649721, 0.956453, 0.640738, 0.333093, 0.431464, 0.759498, 0.114006, 1.293084, 0.326942, 0.961574, -0.423089, 0.472865, -0.235196, 0.577192, 0.548533, 0.552824, 0.748787, 0.122156, 0.037435, 0.656303, 0.357904, 0.699491, 0.900601, -0.272141, 0.983427, -0.5767, 0.682836, 0.700911, 0.968254, 0.66037, 1.105736, -0.555425, 0.7917, -0.28005, 0.820222, 0.818082, 0.8013, 0.565585, 0.423415, 0.086133, 0.050728, 0.493563, 0.726831, 0.289443, 0.606892, 0.027031, -0.27592, 0.887096, -0.51232, 1.213469, 0.457719, -0.186136, 0.299499, -0.321205, 0.986055, -0.750301, 0.908129, -0.769448, 1.175528, 0.583355, 1.276604, 0.48029, 0.760197, -0.63155, 0.562281, -0.355269, 1.257802, 0.365125, 1.121667, 0.253446, 0.341166, 0.022, 0.126781, 0.449195, 0.886624, 0.160369, 0.584485, 0.098491, -0.626475, 1.428509, -0.602935, 1.503112, 0.153648, -0.359896, 0.039906, -0.296973, -0.444887, 1.42718, -0.17372, 1.21099, -0.026332, -0.140951, -0.036103, 0.087052, 0.173863, 0.883803, 0.550819, 0.489901, 0.011918, 0.356178, 0.11123, 0.630001],
     [-22.39679, -14.00419, -3.68373, 7.16776]),
]


def _layer(name, kwargs, shape, dtype='float32'):
    layer = getattr(layers, name)(data_format='channels_first', dtype=dtype, **kwargs)
    layer.build(shape)
    layer.set_weights([_det(w.shape, 1 + i) for i, w in enumerate(layer.weights)])
    return layer


@pytest.mark.parametrize('name, kwargs, shape, out_shape, values, input_grad', CASES)
def test_channels_first_matches_keras(name, kwargs, shape, out_shape, values, input_grad, xeon_cpu):
    import framework as tf
    layer = _layer(name, kwargs, shape)
    x = tf.constant(_det(shape, 0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        s = tf.reduce_sum(y ** 2)
    assert tuple(y.shape) == out_shape
    # Keras 3's transposed convolutions give the shape as a list, the others a tuple
    assert layer.compute_output_shape(shape) == (list(out_shape) if 'Transpose' in name else out_shape)
    assert layer.input_spec.axes == {1: shape[1]}
    np.testing.assert_allclose(np.asarray(y).ravel(), values, atol=2e-6)
    np.testing.assert_allclose(np.asarray(tape.gradient(s, x)).ravel()[:4], input_grad, atol=5e-5)
    assert layer.get_config()['data_format'] == 'channels_first'


@pytest.mark.parametrize('name, kwargs, shape', [(c[0], c[1], c[2]) for c in CASES])
def test_channels_first_gradients_match_central_differences(name, kwargs, shape):
    import framework as tf
    kwargs = dict(kwargs, activation=None)
    layer = _layer(name, kwargs, shape, dtype='float64')
    if name in ('Conv1D', 'Conv2D', 'Conv1DTranspose', 'Conv2DTranspose', 'Conv3DTranspose') and \
            kwargs.get('groups', 1) == 1:
        # TF 2.21's float64 kernels take NHWC only (grouped ones run XLA's): these are its kernel errors
        # (test_gradfuzz20_channels_first_float64_convs.py); the float32 gradients are pinned above
        with pytest.raises((tf.errors.UnimplementedError, tf.errors.InvalidArgumentError)):
            layer(tf.constant(_det(shape, 0).astype('float64')))
        return
    check_gradients(layer, [_det(shape, 0).astype('float64')])


def test_channels_first_model_saves_and_loads(tmp_path, xeon_cpu):
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
