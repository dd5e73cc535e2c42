"""Conv3D, the transposed, depthwise and separable convolutions, 3-D and adaptive pooling,
and the 3-D reshaping layers: Keras 3.15's outputs, weights, configs and gradients.

Golden outputs were computed with Keras 3.15 (TensorFlow 2.21 backend) from the same
deterministic inputs and weights ``_det`` makes here: each layer built on the input
shape, ``set_weights`` with ``_det(w.shape, 1 + i)`` for its i-th weight, called on
``_det(input_shape, 0)``, outputs rounded to 6 decimals.
"""
import os

import numpy as np
import pytest

import framework as tf
import layers
from framework.keras import models
from framework.gradient_check import check_gradients
from framework.ops.convolution_nd import conv_transpose, convolution, depthwise_conv
from framework.ops.pooling_nd import avg_pool, max_pool


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


CONV_CASES = [
    ('Conv3D', {'filters': 2, 'kernel_size': 2}, (1, 3, 3, 2, 2),
     [-3.726776, -3.600902, 1.402676, -0.034228, 1.272865, 2.184174, -3.750316, -3.19861]),
    ('Conv3D', {'filters': 2, 'kernel_size': (2, 1, 2), 'strides': (1, 2, 1), 'padding': 'same'}, (1, 2, 3, 3, 2),
     [-0.111792, -0.311429, 0.44559, 0.000672, 1.202084, 0.865657, 0.769299, 0.899674, 0.06468, 0.178667, 0.23287,
      -0.008244, 2.362621, 1.467124, 3.175126, 2.36528, 2.497694, 2.317373, -1.185158, -1.080319, -0.014411,
      -0.411262, 1.289709, 1.031816]),
    ('Conv3D', {'filters': 2, 'kernel_size': 2, 'dilation_rate': (2, 1, 1), 'groups': 2}, (1, 3, 2, 2, 2),
     [1.244888, 0.981561]),
    ('Conv1DTranspose', {'filters': 2, 'kernel_size': 3, 'strides': 2, 'padding': 'same'}, (1, 3, 2),
     [1.263647, 1.007586, 1.013254, 0.540506, 2.018895, 1.791813, 1.581056, 0.25615, 1.365986, 0.990555, 1.797487,
      0.202531]),
    ('Conv1DTranspose', {'filters': 1, 'kernel_size': 3, 'strides': 2, 'output_padding': 1}, (1, 3, 2),
     [1.263647, 1.219606, 2.45835, 2.342571, 3.361022, 2.715844, 1.797487, 0.909297]),
    ('Conv1DTranspose', {'filters': 2, 'kernel_size': 2, 'dilation_rate': 2}, (1, 3, 1),
     [0.909297, 0.697278, 1.213586, 1.051628, 1.476691, 1.358018, 1.265749, 1.007586, 1.573956, 1.275896]),
    ('Conv3DTranspose', {'filters': 1, 'kernel_size': 2, 'strides': 2, 'padding': 'same'}, (1, 1, 2, 2, 2),
     [1.263647, 1.219606, 2.354393, 2.342571, 1.013254, 0.752526, 1.581056, 0.468169, 2.689264, 2.715844,
      2.093099, 2.144179, 1.797487, 0.414551, 1.549338, 0.619715, 0.573799, 0.570559, -0.41398, -0.603972,
      0.744501, 1.004641, -0.002429, 1.076004, -0.709602, -0.986968, -0.158438, -0.378098, -0.272468, 1.060169,
      0.07563, 0.965419]),
    ('Conv3DTranspose', {'filters': 1, 'kernel_size': (2, 1, 2), 'strides': (1, 2, 1)}, (1, 2, 1, 2, 2),
     [1.263647, 2.664702, 2.342571, 0.909297, 0.909297, 0.909297, 2.79322, 4.414633, 1.703051, 0.909297, 0.909297,
      0.909297, 1.797487, 1.054591, 0.619715, 0.909297, 0.909297, 0.909297]),
    ('DepthwiseConv1D', {'kernel_size': 3, 'depth_multiplier': 2, 'padding': 'same'}, (1, 4, 2),
     [0.417028, 0.07169, -0.533069, -0.964217, 0.596511, -0.032834, -0.284023, -0.946878, 1.506995, 0.905277,
      0.674494, -0.107431, 2.236691, 1.902144, 1.297385, 0.629285]),
    ('DepthwiseConv2D', {'kernel_size': 2, 'depth_multiplier': 2, 'strides': (2, 1)}, (1, 3, 3, 2),
     [0.60716, 0.069784, 0.172466, -0.58669, 2.352352, 1.718218, 1.468249, 0.347802]),
    ('DepthwiseConv2D', {'kernel_size': 2, 'dilation_rate': 2, 'padding': 'same'}, (1, 3, 3, 2),
     [0.895152, 0.778476, 1.440187, 1.195043, 1.020251, 0.643435, 1.643874, 1.756029, 1.327059, 1.587451,
      0.928271, 1.382588, 1.087315, 0.536557, 1.057315, 0.523727, 1.061264, 0.513746]),
    ('SeparableConv1D', {'filters': 3, 'kernel_size': 2, 'depth_multiplier': 2, 'strides': 2, 'padding': 'same'},
     (1, 5, 2),
     [0.335244, -0.243118, -0.788575, 0.100079, -0.929725, -1.833696, 0.578611, 0.092531, -0.406072]),
    ('SeparableConv2D', {'filters': 2, 'kernel_size': 2, 'activation': 'tanh'}, (1, 3, 3, 2),
     [0.936304, 0.544969, 0.985749, 0.771102, 0.520832, 0.012505, -0.795278, -0.70707]),
    ('SeparableConv2D', {'filters': 2, 'kernel_size': 2, 'dilation_rate': 2, 'padding': 'same'}, (1, 3, 3, 1),
     [0.91819, 0.369455, 1.694013, 0.964381, 1.03374, 0.458062, 0.872233, 0.334214, 1.596817, 0.889847, 0.887516,
      0.345933, 1.028478, 0.454027, 1.682984, 0.955923, 0.903116, 0.357896]),
]

POOL_CASES = [
    ('MaxPooling3D', {'pool_size': 2, 'strides': 1, 'padding': 'same'}, (1, 2, 2, 2, 1),
     [0.995881, 0.961275, 0.895699, 0.895699, 0.995881, 0.961275, 0.796565, 0.524044]),
    ('MaxPooling3D', {}, (1, 3, 2, 4, 2),
     [0.674288, 0.895699, 0.995881, 0.996476]),
    ('AveragePooling3D', {'pool_size': (2, 2, 1), 'strides': (1, 2, 1), 'padding': 'same'}, (1, 2, 3, 2, 1),
     [0.412862, 0.398516, 0.233022, 0.080304, 0.488581, 0.168375, -0.529836, -0.800667]),
    ('AveragePooling3D', {'pool_size': 2}, (1, 2, 3, 2, 2),
     [0.077958, 0.220534]),
    ('GlobalMaxPooling3D', {'keepdims': True}, (2, 2, 2, 3, 2),
     [0.995881, 0.996476, 0.997024, 0.95743]),
    ('GlobalAveragePooling3D', {}, (2, 2, 2, 3, 2),
     [0.177709, 0.213768, -0.083074, -0.151879]),
    ('UpSampling3D', {'size': (1, 2, 3)}, (1, 1, 2, 1, 2),
     [0.0, 0.361615, 0.0, 0.361615, 0.0, 0.361615, 0.0, 0.361615, 0.0, 0.361615, 0.0, 0.361615, 0.674288,
      0.895699, 0.674288, 0.895699, 0.674288, 0.895699, 0.674288, 0.895699, 0.674288, 0.895699, 0.674288, 0.895699]),
    ('ZeroPadding3D', {'padding': ((1, 0), 0, (0, 2))}, (1, 1, 1, 2, 1),
     [0.0, 0.0, 0.0, 0.0, 0.0, 0.361615, 0.0, 0.0]),
    ('Cropping3D', {'cropping': ((1, 0), 0, (0, 1))}, (1, 2, 2, 3, 1),
     [0.796565, 0.524044, -0.187295, -0.529836]),
    ('AdaptiveAveragePooling1D', {'output_size': 3}, (1, 7, 2),
     [0.556723, 0.73953, 0.657681, 0.432675, -0.437457, -0.661067]),
    ('AdaptiveAveragePooling1D', {'output_size': 4}, (1, 3, 1),
     [0.0, 0.180808, 0.517952, 0.674288]),
    ('AdaptiveMaxPooling1D', {'output_size': 3}, (1, 5, 2),
     [0.674288, 0.895699, 0.995881, 0.961275, 0.796565, 0.524044]),
    ('AdaptiveAveragePooling2D', {'output_size': (2, 3)}, (1, 5, 4, 1),
     [0.385346, 0.346102, 0.260016, -0.385585, -0.371707, -0.307521]),
    ('AdaptiveMaxPooling2D', {'output_size': (3, 2)}, (1, 5, 5, 2),
     [0.995881, 0.961275, 0.995881, 0.961275, 0.959375, 0.996476, 0.997024, 0.95743, 0.788252, 0.512388, 0.997024,
      0.95743]),
    ('AdaptiveAveragePooling3D', {'output_size': (2, 1, 2)}, (1, 3, 3, 5, 1),
     [0.128074, 0.069502, 0.120055, 0.127818]),
    ('AdaptiveMaxPooling3D', {'output_size': 2}, (1, 3, 4, 3, 1),
     [0.995881, 0.995881, 0.996476, 0.959375, 0.518228, 0.173889, 0.996476, 0.959375]),
]


def _run(name, kwargs, shape):
    layer = getattr(layers, name)(**kwargs)
    if not layer.built:
        layer.build(shape)
        layer.set_weights([_det(w.shape, 1.0 + i) for i, w in enumerate(layer.get_weights())])
    return layer, layer(tf.constant(_det(shape, 0.0)))


@pytest.mark.parametrize('name, kwargs, shape, want', CONV_CASES + POOL_CASES,
                         ids=[c[0] for c in CONV_CASES + POOL_CASES])
def test_outputs_match_keras(name, kwargs, shape, want, xeon_cpu):
    layer, y = _run(name, kwargs, shape)
    # Keras 3's transposed convolutions give the shape as a list, the others a tuple
    assert (list if 'Transpose' in name else tuple)(y.shape) == layer.compute_output_shape(shape)
    np.testing.assert_allclose(y.numpy().ravel(), want, atol=2e-6)


# (weight name, shape) lists as Keras 3.15 builds them for these input shapes.
WEIGHT_CASES = [
    ('Conv3D', dict(filters=2, kernel_size=2), (1, 5, 5, 5, 2), [('kernel', (2, 2, 2, 2, 2)), ('bias', (2,))]),
    ('Conv1DTranspose', dict(filters=3, kernel_size=2), (1, 5, 2), [('kernel', (2, 3, 2)), ('bias', (3,))]),
    ('Conv3DTranspose', dict(filters=3, kernel_size=2), (1, 3, 3, 3, 2), [('kernel', (2, 2, 2, 3, 2)), ('bias', (3,))]),
    ('DepthwiseConv1D', dict(kernel_size=2), (1, 5, 3), [('kernel', (2, 3, 1)), ('bias', (3,))]),
    ('DepthwiseConv2D', dict(kernel_size=2, depth_multiplier=2), (1, 5, 5, 3),
     [('kernel', (2, 2, 3, 2)), ('bias', (6,))]),
    ('SeparableConv1D', dict(filters=4, kernel_size=2), (1, 5, 3),
     [('depthwise_kernel', (2, 3, 1)), ('pointwise_kernel', (1, 3, 4)), ('bias', (4,))]),
    ('SeparableConv2D', dict(filters=4, kernel_size=2, use_bias=False), (1, 5, 5, 3),
     [('depthwise_kernel', (2, 2, 3, 1)), ('pointwise_kernel', (1, 1, 3, 4))]),
    ('Conv3D', dict(filters=4, kernel_size=1, groups=2), (1, 2, 2, 2, 6),
     [('kernel', (1, 1, 1, 3, 4)), ('bias', (4,))]),
]


@pytest.mark.parametrize('name, kwargs, shape, want', WEIGHT_CASES, ids=[c[0] for c in WEIGHT_CASES])
def test_weights_have_keras_names_shapes_and_order(name, kwargs, shape, want):
    layer = getattr(layers, name)(**kwargs)
    layer(tf.zeros(shape))
    assert [(w.name.split('/')[-1].split(':')[0], tuple(w.shape)) for w in layer.weights] == want


# Keras 3.15's get_config keys after name/trainable/dtype, in its order.
_CONV = ['filters', 'kernel_size', 'strides', 'padding', 'data_format', 'dilation_rate', 'groups']
_OPTIONS = ['activation', 'use_bias', 'kernel_initializer', 'bias_initializer', 'kernel_regularizer',
            'bias_regularizer', 'activity_regularizer', 'kernel_constraint', 'bias_constraint']
_TRANSPOSE = ['filters', 'kernel_size', 'strides', 'padding', 'output_padding', 'data_format', 'dilation_rate']
_DEPTHWISE = ['depth_multiplier', 'kernel_size', 'strides', 'padding', 'data_format', 'dilation_rate',
              'activation', 'use_bias', 'depthwise_initializer', 'bias_initializer', 'depthwise_regularizer',
              'bias_regularizer', 'activity_regularizer', 'depthwise_constraint', 'bias_constraint']
_SEPARABLE = ['depth_multiplier', 'filters', 'kernel_size', 'strides', 'padding', 'data_format', 'dilation_rate',
              'activation', 'use_bias', 'depthwise_initializer', 'pointwise_initializer', 'bias_initializer',
              'depthwise_regularizer', 'pointwise_regularizer', 'bias_regularizer', 'activity_regularizer',
              'depthwise_constraint', 'pointwise_constraint', 'bias_constraint']
CONFIG_CASES = [
    (layers.Conv3D(2, 2, padding='same', dilation_rate=2, activation='relu'), _CONV + _OPTIONS),
    (layers.Conv1DTranspose(2, 3, strides=2, output_padding=1), _TRANSPOSE + _OPTIONS),
    (layers.Conv3DTranspose(2, (1, 2, 3), padding='same'), _TRANSPOSE + _OPTIONS),
    (layers.DepthwiseConv1D(3, depth_multiplier=2, depthwise_regularizer='l2'), _DEPTHWISE),
    (layers.DepthwiseConv2D(3, strides=2), _DEPTHWISE),
    (layers.SeparableConv1D(4, 3, pointwise_constraint='non_neg'), _SEPARABLE),
    (layers.SeparableConv2D(4, 3, padding='same'), _SEPARABLE),
    (layers.MaxPooling3D(), ['pool_size', 'padding', 'strides', 'data_format']),
    (layers.AveragePooling3D(3, strides=1, padding='same'), ['pool_size', 'padding', 'strides', 'data_format']),
    (layers.GlobalMaxPooling3D(keepdims=True), ['data_format', 'keepdims']),
    (layers.UpSampling3D(3), ['size', 'data_format']),
    (layers.ZeroPadding3D(2), ['padding', 'data_format']),
    (layers.Cropping3D((1, 2, 3)), ['cropping', 'data_format']),
    (layers.AdaptiveMaxPooling2D((2, 3)), ['output_size', 'data_format']),
]


@pytest.mark.parametrize('layer, keys', CONFIG_CASES, ids=[type(c[0]).__name__ for c in CONFIG_CASES])
def test_config_has_keras_keys_and_round_trips(layer, keys):
    config = layer.get_config()
    assert [k for k in config if k not in ('name', 'trainable', 'dtype')] == keys
    again = type(layer).from_config(config).get_config()
    assert {k: v for k, v in again.items() if k != 'name'} == {k: v for k, v in config.items() if k != 'name'}


def test_config_values_are_normalized_as_keras_does():
    config = layers.Conv3DTranspose(2, 3, strides=(1, 2, 1), output_padding=(0, 1, 0)).get_config()
    assert config['kernel_size'] == (3, 3, 3) and config['strides'] == (1, 2, 1)
    assert config['output_padding'] == (0, 1, 0) and config['dilation_rate'] == (1, 1, 1)
    assert layers.Cropping3D((1, 2, 3)).get_config()['cropping'] == ((1, 1), (2, 2), (3, 3))
    assert layers.AdaptiveAveragePooling3D(2).get_config()['output_size'] == (2, 2, 2)


# Central differences in float64 for the new ops, first and (through nested tapes) second derivatives.
_RNG = np.random.default_rng(7)
OP_CASES = [
    ('conv3d same strided', lambda x, f: convolution(x, f, (2, 1, 1), 'SAME'), [(1, 3, 2, 3, 2), (2, 1, 2, 2, 3)]),
    ('conv2d dilated grouped', lambda x, f: convolution(x, f, 1, 'VALID', (2, 1), groups=2),
     [(2, 4, 3, 4), (2, 2, 2, 4)]),
    ('depthwise', lambda x, f: depthwise_conv(x, f, 1, 'SAME'), [(1, 3, 3, 2), (2, 2, 2, 2)]),
    ('conv1d transpose', lambda x, f: conv_transpose(x, f, (1, 7, 2), 2, 'VALID'), [(1, 3, 3), (3, 2, 3)]),
    ('max_pool 3d', lambda x: max_pool(x, 2, 1, 'SAME'), [(1, 2, 3, 2, 2)]),
    ('avg_pool 3d', lambda x: avg_pool(x, (2, 1, 2), (1, 1, 2), 'SAME'), [(1, 2, 2, 3, 2)]),
]


@pytest.mark.parametrize('fn, shapes', [c[1:] for c in OP_CASES], ids=[c[0] for c in OP_CASES])
def test_op_gradients_match_central_differences(fn, shapes):
    inputs = [_RNG.standard_normal(s) for s in shapes]
    check_gradients(fn, inputs)

    def first_derivative_sum(*xs):      # d/dx of sum(fn(x)**2): a function the second derivative differentiates
        with tf.GradientTape() as tape:
            tape.watch(xs[0])
            y = tf.reduce_sum(fn(*xs) ** 2)
        return tape.gradient(y, xs[0])
    check_gradients(first_derivative_sum, inputs, atol=1e-5)


@pytest.mark.parametrize('layer, shape', [
    (layers.SeparableConv2D(2, 2, depth_multiplier=2, padding='same', activation='tanh', dtype='float64'),
     (1, 3, 3, 2)),
    (layers.Conv3DTranspose(2, 2, strides=2, dtype='float64'), (1, 1, 2, 1, 2)),
    (layers.DepthwiseConv1D(2, dilation_rate=2, dtype='float64'), (2, 4, 2)),
    (layers.AdaptiveMaxPooling2D((2, 2), dtype='float64'), (1, 5, 3, 2)),
    (layers.AdaptiveAveragePooling3D((1, 2, 3), dtype='float64'), (2, 2, 3, 5, 1)),
], ids=['separable', 'conv3d_transpose', 'depthwise', 'adaptive_max', 'adaptive_avg'])
def test_layer_input_gradients_match_central_differences(layer, shape):
    layer.build(shape)
    layer.set_weights([_RNG.standard_normal(tuple(w.shape)) for w in layer.weights])
    check_gradients(layer, [_RNG.standard_normal(shape)])


@pytest.mark.parametrize('make, match', [
    (lambda: layers.Conv3D(0, 2), 'filters'),
    (lambda: layers.Conv3D(2, (2, 2)), 'kernel_size'),
    (lambda: layers.Conv3D(2, 2, strides=2, dilation_rate=2), 'dilation_rate'),
    (lambda: layers.Conv3D(3, 2, groups=2), 'groups'),
    (lambda: layers.Conv3D(2, 2, padding='causal'), 'padding'),
    (lambda: layers.Conv3D(2, 2, data_format='channels_middle'), 'data_format'),
    (lambda: layers.Conv1DTranspose(2, 3, strides=2, output_padding=2), 'output_padding'),
    (lambda: layers.DepthwiseConv2D(2, depth_multiplier=0), 'depth_multiplier'),
    (lambda: layers.SeparableConv1D(-1, 2), 'filters'),
    (lambda: layers.MaxPooling3D((2, 2)), 'pool_size'),
    (lambda: layers.UpSampling3D((2, 0, 1)), 'size'),
    (lambda: layers.ZeroPadding3D(((1, -1), (0, 0), (0, 0))), 'padding'),     # (an int -1 is Keras's: layers8)
    # (AdaptiveAveragePooling2D((2, 2, 2)) is Keras 3's TypeError: tests/test_ctorsweep1_adaptive_output_size.py)
])
def test_bad_arguments_are_named(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize('layer, shape, match', [
    (layers.Conv3D(2, 2), (1, 4, 4, 2), 'rank|ndim'),
    (layers.Conv3D(2, 3), (1, 2, 4, 4, 1), 'Computed output size would be zero'),   # Keras 3's build text
    (layers.Conv3D(4, 1, groups=4), (1, 2, 2, 2, 6), 'groups'),
    (layers.DepthwiseConv1D(2), (2, 3, 4, 1), 'rank|ndim'),
    (layers.MaxPooling3D(), (1, 4, 4, 1), 'rank|ndim'),
    (layers.Cropping3D(2), (1, 4, 4, 4, 1), 'cropping'),
])
def test_bad_inputs_are_named(layer, shape, match):
    with pytest.raises(ValueError, match=match):
        layer(tf.zeros(shape))


@pytest.mark.parametrize('op, args, match', [
    (convolution, (np.zeros((1, 3, 3, 2)), np.zeros((2, 2, 3, 1))), 'channels'),
    (convolution, (np.zeros((1, 3, 3, 2)), np.zeros((2, 2, 2))), 'rank'),
    (depthwise_conv, (np.zeros((1, 3, 2)), np.zeros((2, 3, 1))), 'depthwise_conv'),
    (conv_transpose, (np.zeros((1, 3, 2)), np.zeros((2, 1, 2)), (1, 9, 1)), 'output_shape'),
    (max_pool, (np.zeros((1, 3, 2)), 2, 1, 'FULL'), 'padding'),
])
def test_bad_op_arguments_name_the_op(op, args, match):
    with pytest.raises(ValueError, match=match):
        op(*args)


def test_integer_input_to_an_op_names_the_dtype():
    with pytest.raises(TypeError, match='convolution.*int'):
        convolution(np.zeros((1, 3, 3, 1), 'int32'), np.zeros((1, 1, 1, 1), 'float32'))


def test_keras_second_names_are_the_same_classes():
    assert layers.Convolution1D is layers.Conv1D and layers.Convolution2D is layers.Conv2D
    assert layers.Convolution3D is layers.Conv3D and layers.Convolution2DTranspose is layers.Conv2DTranspose
    assert layers.Convolution1DTranspose is layers.Conv1DTranspose
    assert layers.Convolution3DTranspose is layers.Conv3DTranspose
    assert layers.SeparableConvolution1D is layers.SeparableConv1D
    assert layers.SeparableConvolution2D is layers.SeparableConv2D
    assert layers.GlobalAvgPool3D is layers.GlobalAveragePooling3D
    assert layers.GlobalMaxPool1D is layers.GlobalMaxPooling1D
    assert layers.MaxPool3D is layers.MaxPooling3D and layers.AvgPool3D is layers.AveragePooling3D
    assert tf.keras.layers.GlobalAvgPool2D is layers.GlobalAveragePooling2D


def test_dot_function_is_the_dot_layer_applied():
    x, y = _det((2, 3), 0.0), _det((2, 3), 1.0)
    np.testing.assert_allclose(layers.dot([x, y], axes=1).numpy(), (x * y).sum(1, keepdims=True), rtol=1e-6)
    norm = layers.dot([x, y], axes=-1, normalize=True).numpy()
    want = (x * y).sum(1) / np.linalg.norm(x, axis=1) / np.linalg.norm(y, axis=1)
    np.testing.assert_allclose(norm.ravel(), want, rtol=1e-5)


def test_regularizers_and_constraints_apply_to_their_own_weights():
    layer = layers.SeparableConv1D(2, 2, depthwise_regularizer=layers.regularizers.L2(0.5),
                                   pointwise_constraint='non_neg', bias_initializer='ones')
    layer.build((1, 4, 3))
    depthwise = layer.depthwise_kernel.numpy()
    layer(tf.zeros((1, 4, 3)))
    np.testing.assert_allclose(float(tf.add_n(layer.losses)), 0.5 * (depthwise ** 2).sum(), rtol=1e-5)
    assert list(layer.weight_constraints) == [layer.pointwise_kernel]
    layer.pointwise_kernel.assign(-tf.ones(layer.pointwise_kernel.shape))
    layer.apply_weight_constraints()
    assert layer.pointwise_kernel.numpy().max() == 0.0 and layer.bias.numpy().tolist() == [1.0, 1.0]


def test_conv3d_trains_in_a_model():
    tf.random.set_seed(1)
    model = layers.Sequential([layers.Input((4, 4, 4, 1)), layers.Conv3D(2, 2, activation='relu'),
                               layers.MaxPooling3D(), layers.GlobalAveragePooling3D(), layers.Dense(1)])
    model.compile(optimizer='adam', loss='mse')
    x = _det((8, 4, 4, 4, 1), 0.0)
    y = x.reshape(8, -1).mean(1, keepdims=True)
    history = model.fit(x, y, epochs=5, verbose=0)
    assert history.history['loss'][-1] < history.history['loss'][0]


def test_a_keras_saved_model_with_these_layers_loads_and_predicts_the_same():
    # tests/data/make_keras_conv_norm_files.py wrote the file with Keras 3.15 and printed these predictions.
    model = models.load_model(os.path.join(os.path.dirname(__file__), 'data', 'keras3_conv_norm.keras'))
    probe = np.sin(np.arange(2 * 48) * 0.3).reshape(2, 4, 4, 3).astype('float32')
    np.testing.assert_allclose(model(probe).numpy().ravel(), [
        -0.09036987274885178, -0.5466681122779846, -0.23524285852909088, -0.5077095627784729], atol=1e-5)
