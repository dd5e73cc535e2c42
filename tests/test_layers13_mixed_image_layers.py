"""Image layers in a compute dtype other than float32. Under the mixed_float16 policy Keras 3.15
autocasts float images to float16 and its image layers return float16 (at inference too);
tapeflow's computed in float32 and returned float32.

Golden values printed by TF 2.21 + Keras 3.15 (/work/notes/progs/layers13/gold_mixed.py): the
float16 bits of the first 6 values of a training call after keras.utils.set_random_seed(1).
AutoContrast computes in float16 there (a float16 ulp or two from tapeflow's float32 then
rounded), so only its dtype is checked.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def _mixed_policy():
    keras.backend.clear_session()
    keras.mixed_precision.set_global_policy('mixed_float16')
    yield
    keras.mixed_precision.set_global_policy('float32')
    tf.random.set_seed(None)
    keras.backend.clear_session()


MAKERS = {
    'CenterCrop': (lambda: keras.layers.CenterCrop(2, 3), [23050, 23346, 19475, 21162, 21925, 22517]),
    'RandomFlip': (lambda: keras.layers.RandomFlip(seed=2), [13517, 20650, 21669, 22261, 22690, 22986]),
    'RandomGrayscale': (lambda: keras.layers.RandomGrayscale(1.0, seed=1), [20382, 20382, 20382, 22635, 22635, 22635]),
    'AutoContrast': (lambda: keras.layers.AutoContrast(), None),
}


@pytest.mark.parametrize('name', sorted(MAKERS))
def test_image_layers_return_float16_under_mixed_float16(name):
    make, bits = MAKERS[name]
    x = (np.arange(2 * 4 * 4 * 3).reshape(2, 4, 4, 3) * 37 % 251).astype('float32') + 0.3
    keras.utils.set_random_seed(1)
    layer = make()
    inferred, trained = layer(x, training=False), layer(x, training=True)
    assert inferred.dtype == tf.float16 and trained.dtype == tf.float16
    if bits is not None:
        assert np.asarray(trained).ravel()[:6].view(np.uint16).tolist() == bits


# RandomContrast and Solarization draw their factors in the layer's compute dtype, as Keras 3.15 does:
# a float64 layer's draws are other numbers than float32 draws. Hex of the first 4 float64 outputs
# after keras.utils.set_random_seed(1) (/work/notes/progs/layers13/gold_f64draw.py).
F64_LAYERS = {
    'RandomContrast': (lambda: keras.layers.RandomContrast(0.5, seed=6, dtype='float64'),
                       '0000000000000000f04e2c5e0b323f40849c572db88b51409182b4229ac75b40'),
    'Solarization': (lambda: keras.layers.Solarization(addition_factor=0.2, threshold_factor=0.5, seed=13,
                                                       dtype='float64'),
                     '86e1fb2b6fee3840c3f0fd9537f74e4062f8feca9bbb58409e07013564c45d40'),
}


@pytest.mark.parametrize('name', sorted(F64_LAYERS))
def test_float64_layers_draw_in_float64(name):
    keras.mixed_precision.set_global_policy('float32')
    make, hexed = F64_LAYERS[name]
    x = (np.arange(2 * 3 * 3 * 3).reshape(2, 3, 3, 3) * 37 % 251).astype('float64')
    keras.utils.set_random_seed(1)
    y = np.asarray(make()(x, training=True))
    assert y.dtype == np.float64 and y.ravel()[:4].tobytes().hex() == hexed


def test_float64_rescaling_scales_by_keras_float32_constants():
    # Keras casts scale and offset with backend.cast: a Python number or list is a float32 tensor first,
    # so a float64 layer multiplies by float64(float32(1 / 255)) (/work/notes/progs/layers13/gold_resc.py)
    keras.mixed_precision.set_global_policy('float32')
    x = np.array([[3.0, 200.0, 17.5]], 'float64')
    y = np.asarray(keras.layers.Rescaling(1 / 255.0, offset=-0.3, dtype='float64')(x))
    assert y.tobytes().hex() == '0000807e7272d2bf00000024fffede3f000080ae9d9dcdbf'
    y = np.asarray(keras.layers.Rescaling([0.1, 1 / 3, 0.7], dtype='float64')(x))
    assert y.tobytes().hex() == '000000383333d33f000000b3aaaa5040000000f9ff7f2840'
