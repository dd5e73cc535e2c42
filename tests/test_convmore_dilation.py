"""Dilated convolutions in every convolution layer: Conv1D (WaveNet's dilated causal padding
included) and Conv2D with dilation_rate and groups, dilated transposed convolutions, and
depthwise / separable convolutions with strides and dilation both above 1 (Keras 3.15 accepts
those; TensorFlow runs them at stride 1 and subsamples).

Golden outputs were computed with Keras 3.15 on TensorFlow 2.21 (CPU) from the deterministic
inputs and weights ``_det`` makes here: each layer built on the input shape, ``set_weights``
with ``_det(w.shape, 1 + i)`` for its i-th weight, called on ``_det(input_shape, 0)``, outputs
rounded to 6 decimals. TensorFlow's CPU kernels refuse a dilated transposed convolution, so its
goldens are TF 2.21's gradient of ``tf.nn.convolution(z, kernel, padding, dilations=d)`` with
respect to z, weighted by the input (the transposed convolution's definition).
"""
import os

import numpy as np
import pytest

import framework as tf
import layers
from framework.gradient_check import check_gradients
from framework.keras import models
from framework.ops.convolution_nd import conv_transpose, depthwise_conv


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


CASES = [
    ('Conv1D', dict(filters=2, kernel_size=3, dilation_rate=2), (1, 7, 2),
     [1.857733, 0.88503, 3.995358, 3.370021, 4.518779, 4.456998]),
    ('Conv1D', dict(filters=2, kernel_size=2, dilation_rate=3, padding='causal'), (1, 6, 1),
     [0.909297, 0.697278, 1.265749, 1.007586, 1.573956, 1.275896, 1.792205, 1.465893, 2.195245, 1.906211,
      2.424239, 2.182905]),
    ('Conv1D', dict(filters=2, kernel_size=2, dilation_rate=2, groups=2, padding='same'), (1, 5, 2),
     [1.573956, 1.465893, 1.890956, 1.876515, 2.261881, 2.024672, 1.925319, 1.478518, 1.579584, 1.210793]),
    ('Conv2D', dict(filters=2, kernel_size=2, dilation_rate=(2, 1)), (1, 4, 3, 2),
     [4.043694, 2.869312, 4.481611, 3.614956, 0.50012, 0.9361, -1.836718, -1.08719]),
    ('Conv2D', dict(filters=2, kernel_size=2, dilation_rate=2, padding='same', groups=2), (1, 3, 3, 2),
     [0.895152, 0.778476, 1.440187, 1.195043, 1.020251, 0.643435, 1.643874, 1.756029, 1.327059, 1.587451,
      0.928271, 1.382588, 1.087315, 0.536557, 1.057314, 0.523727, 1.061264, 0.513746]),
    ('DepthwiseConv2D', dict(kernel_size=2, strides=2, dilation_rate=2, padding='same'), (1, 5, 4, 1),
     [2.574503, 1.694487, 0.81249, 0.699684, -0.775862, 0.15816]),
    ('SeparableConv1D', dict(filters=2, kernel_size=2, strides=2, dilation_rate=2), (1, 7, 2),
     [1.494686, 0.495311, 1.370361, 0.5067, -0.989531, -0.815217]),
    # The transposed ones: zero bias, so the kernel is the only weight that matters.
    ('Conv1DTranspose', dict(filters=2, kernel_size=2, dilation_rate=2, bias_initializer='zeros'), (1, 3, 1),
     [0.0, 0.0, 0.304289, 0.35435, 0.567394, 0.66074, 0.356451, 0.310309, 0.664659, 0.578618]),
    ('Conv2DTranspose', dict(filters=2, kernel_size=(3, 2), dilation_rate=(2, 1), padding='same'), (1, 3, 4, 2),
     [-0.627756, -0.683071, -0.729089, -0.447425, -0.376583, -0.311912, 0.172899, -0.013249, 0.041922, -0.005137,
      1.080142, 1.211825, 2.387048, 1.738804, 2.445377, 1.35628, 0.558647, 0.704871, 0.74147, 0.546847,
      0.361334, 0.345953, -0.207802, -0.035897]),
    ('Conv2DTranspose', dict(filters=1, kernel_size=2, dilation_rate=2), (1, 2, 3, 2),
     [0.35435, 1.445096, 2.090275, 1.433274, 1.806546, 1.183802, -0.031565, 0.00446, 0.017296, -1.209336,
      0.103956, 0.671759, 0.731418, -0.441128, -0.494747, 0.640041, 0.057111, -0.845274, 0.067052, 0.388614]),
]


def _layer(name, kwargs, shape):
    layer = getattr(layers, name)(**kwargs)
    layer.build(shape)
    weights = [_det(w.shape, 1.0 + i) for i, w in enumerate(layer.get_weights())]
    if name.endswith('Transpose'):
        weights = [weights[0], np.zeros_like(weights[1])]
    layer.set_weights(weights)
    return layer


@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
@pytest.mark.parametrize('name, kwargs, shape, want', CASES, ids=[c[0] for c in CASES])
def test_dilated_outputs_match_keras(name, kwargs, shape, want):
    layer = _layer(name, kwargs, shape)
    y = layer(tf.constant(_det(shape, 0.0)))
    # Keras 3's transposed convolutions give the shape as a list, the others a tuple
    assert (list if 'Transpose' in name else tuple)(y.shape) == layer.compute_output_shape(shape)
    np.testing.assert_allclose(y.numpy().ravel(), want, atol=2e-6)


def test_causal_padding_is_dilation_times_kernel_minus_one():
    # Output t of a causal dilated conv sees inputs t, t - d, t - 2d only: a spike at step 4
    # reaches steps 4, 6, 8 with kernel 3, dilation 2.
    layer = layers.Conv1D(1, 3, dilation_rate=2, padding='causal', use_bias=False, kernel_initializer='ones')
    x = np.zeros((1, 10, 1), 'float32')
    x[0, 4, 0] = 1
    assert np.nonzero(layer(tf.constant(x)).numpy().ravel())[0].tolist() == [4, 6, 8]


GRADIENT_CASES = [
    (lambda: layers.Conv1D(2, 2, dilation_rate=3, padding='causal', dtype='float64'), (2, 7, 2)),
    (lambda: layers.Conv1D(4, 2, dilation_rate=2, groups=2, padding='same', dtype='float64'), (1, 5, 2)),
    (lambda: layers.Conv2D(2, 2, dilation_rate=(1, 2), padding='same', dtype='float64'), (1, 3, 4, 2)),
    (lambda: layers.SeparableConv2D(2, 2, strides=2, dilation_rate=2, padding='same', dtype='float64'),
     (1, 5, 4, 2)),
]


@pytest.mark.parametrize('make, shape', GRADIENT_CASES,
                         ids=['conv1d_causal', 'conv1d_groups', 'conv2d', 'separable_strided'])
def test_input_gradients_match_central_differences(make, shape):
    rng = np.random.default_rng(3)
    layer = make()
    layer.build(shape)
    layer.set_weights([rng.standard_normal(tuple(w.shape)) for w in layer.weights])
    check_gradients(layer, [rng.standard_normal(shape)])


@pytest.mark.parametrize('fn, shapes', [
    # float64 dilated transposes are TF's InvalidArgumentError (a float64 Conv2DTranspose(dilation_rate=2) too:
    # test_gradfuzz20_float64_dilated_transpose.py); tf.nn.atrous_conv2d_transpose's path computes them
    (lambda x, f: conv_transpose(x, f, (1, 6, 5, 2), 1, 'VALID', (2, 1), via_space_to_batch=True),
     [(1, 4, 4, 3), (2, 2, 2, 3)]),
    (lambda x, f: depthwise_conv(x, f, 2, 'SAME', 2), [(1, 5, 4, 2), (2, 2, 2, 2)]),
], ids=['transpose_dilated', 'depthwise_strided_dilated'])
def test_kernel_gradients_match_central_differences(fn, shapes):
    rng = np.random.default_rng(4)
    check_gradients(fn, [rng.standard_normal(s) for s in shapes])


@pytest.mark.parametrize('make', [
    lambda: layers.Conv1D(2, 3, strides=2, dilation_rate=2),
    lambda: layers.Conv2D(2, 3, strides=(1, 2), dilation_rate=(2, 1)),
    lambda: layers.Conv2DTranspose(2, 3, strides=2, dilation_rate=2),
    lambda: layers.Conv3D(2, 2, strides=2, dilation_rate=2),
])
def test_strides_and_dilation_together_are_refused_as_keras_does(make):
    with pytest.raises(ValueError, match=r'`strides > 1` not supported in conjunction with `dilation_rate > 1`'):
        make()


def test_configs_keep_dilation_and_groups():
    for layer in (layers.Conv1D(4, 2, dilation_rate=2, groups=2, padding='causal'),
                  layers.Conv2D(2, 3, dilation_rate=(2, 3)), layers.Conv2DTranspose(2, 3, dilation_rate=2)):
        config = layer.get_config()
        clone = type(layer).from_config(config)
        assert clone.get_config() == config
        assert config['dilation_rate'] == layer.dilation_rate != (1,) * len(layer.kernel_size)
    assert layers.Conv1D(4, 2, groups=2).get_config()['groups'] == 2


def test_wavenet_stack_saves_and_loads(tmp_path):
    model = models.Sequential([layers.Input((16, 1))] + [
        layers.Conv1D(4, 2, dilation_rate=rate, padding='causal', activation='relu') for rate in (1, 2, 4, 8)]
        + [layers.Conv1D(1, 1)])
    x = tf.constant(_det((2, 16, 1), 0.5))
    want = model(x).numpy()
    assert model.layers[3].compute_output_shape((None, 16, 1)) == (None, 16, 4)
    for name in ('w.keras', 'w.h5'):
        path = os.path.join(str(tmp_path), name)
        model.save(path)
        loaded = models.load_model(path)
        assert loaded.layers[2].get_config()['dilation_rate'] == (4,)
        np.testing.assert_array_equal(loaded(x).numpy(), want)
