"""Dilated convolutions and pooling in the ops: ``tf.nn.conv1d`` / ``conv2d`` with ``dilations``
(strides too), ``tf.nn.atrous_conv2d`` and its transpose, ``tf.nn.pool`` over dilated windows,
``keras.ops.conv`` dilated, 3-D and grouped, and dilated ``keras.ops.conv_transpose`` /
``tf.nn.conv2d_transpose``.

Golden values come from TensorFlow 2.21 / Keras 3.15 (CPU) evaluating each expression below on the
same ``_det`` inputs, rounded to 6 decimals. TensorFlow's CPU kernels refuse dilated transposed
convolutions; their goldens are TF 2.21's gradient of the dilated ``tf.nn.convolution`` with respect
to its input, weighted by the transposed op's input (the transpose's definition).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import check_gradients


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


X1, F1 = _det((1, 7, 2), 0), _det((2, 2, 2), 1)
X2, F2 = _det((1, 5, 6, 2), 0), _det((2, 2, 2, 2), 1)
X3, F3 = _det((1, 3, 4, 3, 1), 0), _det((2, 2, 1, 1, 2), 1)

CASES = [
    ("tf.nn.conv1d(X1, F1, 1, 'SAME', dilations=2)", (1, 7, 2),
     [0.344108, -0.19447, 0.893001, 0.17986, 1.898644, 1.431161, 1.911176, 1.933875, 0.924043, 1.42505, -0.546422,
      0.170835, -1.235074, -1.206257]),
    ("tf.nn.conv1d(X1, F1, 2, 'VALID', dilations=[1, 2, 1])", (1, 3, 2),
     [0.893001, 0.17986, 1.911176, 1.933875, -0.546422, 0.170835]),
    ("tf.nn.conv2d(X2, F2, 2, 'SAME', dilations=2)", (1, 3, 3, 2),
     [1.962894, 1.989541, -0.521222, 0.17638, -1.652508, -1.767234, -4.052861, -3.606524, -0.418383, -1.693739,
      2.942391, 2.995584, 1.908757, 1.448754, 0.899121, 1.4071, -1.252735, -1.224478]),
    ("tf.nn.conv2d(X2, F2, 1, 'VALID', dilations=[1, 2, 3, 1])", (1, 3, 3, 2),
     [1.086905, -0.112873, 2.785014, 2.454853, 3.026387, 3.738536, -3.123966, -3.595124, -2.134408, -3.41105,
      -0.02842, -1.442783, 0.593996, 2.047288, -1.636562, -0.619482, -3.011095, -2.962224]),
    ("tf.nn.atrous_conv2d(X2, F2, 2, 'SAME')", (1, 5, 6, 2),
     [0.735532, 0.230349, 1.962894, 1.989541, 0.976123, 1.466495, -0.521222, 0.17638, -1.745935, -1.205992, -1.652508,
      -1.767234, 0.544137, -0.247284, 1.041124, -0.35151, 3.41015, 2.331555, 3.995452, 3.795069, 2.490882, 3.273524,
      0.801071, 0.959243, -1.339161, -0.168412, -4.052861, -3.606524, -3.027376, -3.588685, -0.418383, -1.693739,
      2.409451, 1.087139, 2.942391, 2.995584, 0.17642, 0.337901, 1.139583, 2.292058, -1.781221, -0.400605, -3.770334,
      -2.883726, -3.787326, -3.858477, -2.384273, -2.571066, 0.537553, -0.128453, 1.908757, 1.448754, 1.901149,
      1.933633, 0.899121, 1.4071, -0.573205, 0.144565, -1.252735, -1.224478]),
    ("tf.nn.pool(X2, [2, 2], 'MAX', padding='VALID', dilations=[2, 3])", (1, 3, 3, 2),
     [0.796565, 0.524044, 0.674288, 0.895699, 0.995881, 0.961275, 0.68429, 0.901676, 0.997024, 0.996476, 0.959375,
      0.792427, 0.904602, 0.997526, 0.955441, 0.78404, 0.506524, 0.689243]),
    ("tf.nn.pool(X1, [3], 'AVG', padding='VALID', dilations=[2])", (1, 3, 2),
     [0.392159, 0.378532, 0.313672, 0.206359, 0.071115, -0.073753]),
    ("keras.ops.conv(X1, F1, 1, 'same', dilation_rate=3)", (1, 7, 2),
     [0.53655, -0.130449, 0.804794, 0.312114, 1.575925, 1.562471, 1.522748, 1.995557, 0.673079, 1.384841, -0.032653,
      0.016247, -1.235074, -1.206257]),
    ("keras.ops.conv(X2, F2, 1, 'valid', dilation_rate=(2, 1))", (1, 3, 5, 2),
     [0.348375, -0.580664, 3.364369, 2.092918, 4.620587, 3.671772, 3.459947, 3.330058, 0.489537, 1.246515, -4.531813,
      -3.445724, -3.956271, -3.600084, -1.311351, -1.871373, 2.019488, 0.836183, 4.294008, 3.106364, 2.09004,
      2.434691, -1.235634, -0.155834, -3.914994, -2.664849, -4.546566, -3.77998, -2.799998, -2.917943]),
    ("keras.ops.conv(X3, F3, (1, 2, 1), 'same')", (1, 3, 2, 3, 2),
     [0.343604, 0.781872, 0.702324, 1.076837, 0.965988, 1.226057, 0.633681, 0.293618, 0.260901, -0.16178, -0.147191,
      -0.595281, -1.109791, -1.136887, -1.01778, -0.881228, -0.788018, -0.506299, 0.708172, 1.080997, 0.969702,
      1.227277, 1.099987, 1.20745, -0.091881, 0.048205, -0.646916, -0.520158, -1.114394, -1.018121, -1.18078,
      -1.273946, -0.735101, -0.859987, -0.189929, -0.329633]),
    ("keras.ops.conv(X2, F2[:, :, :1, :], 1, 'same')", (1, 5, 6, 2),
     [1.784005, 1.840192, 2.096213, 1.771847, 1.31197, 0.776715, -0.158516, -0.624688, -1.546089, -1.69934, -1.146241,
      -1.519775, -1.592342, -1.084879, -0.226831, 0.282833, 1.257328, 1.502604, 2.083825, 1.936419, 1.820351,
      1.357366, 0.797336, 0.42925, -0.92722, -1.256455, -1.974163, -1.924029, -1.988495, -1.585215, -0.962719,
      -0.417234, 0.566619, 0.968987, 0.717222, 1.28881, 2.091248, 1.760935, 1.289061, 0.752423, -0.187386, -0.649653,
      -1.565818, -1.71192, -2.125229, -1.878745, -1.183249, -1.122715, -0.956309, -0.639932, -0.054357, 0.218174,
      0.876027, 0.962162, 1.348194, 1.202878, 1.115171, 0.814414, 0.426225, 0.157228]),
]


@pytest.mark.parametrize('expression, shape, want', CASES, ids=[c[0].split('(')[0] for c in CASES])
def test_values_match_tensorflow(expression, shape, want):
    y = eval(expression)  # noqa: S307  (the expressions above, TensorFlow's spelling)
    assert tuple(y.shape) == shape
    np.testing.assert_allclose(np.asarray(y).ravel(), want, atol=3e-6)


T1, T2 = _det((2, 3, 2), 2), _det((2, 2, 3, 2), 2)
TRANSPOSE_1D = [0.252146, 0.011422, -0.235276, 1.237679, 0.291862, -0.806618, 1.216917, 0.124827, -1.032556,
                -0.393466, -1.056035, -1.166232, -1.798042, -1.684524, -0.689895, -2.262128, -1.431901, 0.1473,
                -1.54298, -0.430304, 0.907448, 1.261572, 1.166432, 0.461173, 1.836512, 1.74514, 0.740949]
TRANSPOSE_2D = [
    -1.278328, -0.370062, 0.73177, 1.518233, 1.606492, 0.854454, 2.25909, 1.576318, 0.069032, 1.818301, 0.72163,
    -0.752499, 0.426427, -0.510515, -1.180425, -1.780969, -1.683689, -0.705734, 0.005793, 1.288739, 1.897593,
    -1.255907, 0.583729, 2.118038, 0.377158, 1.043877, 1.164583, 1.812945, 0.958012, -0.398022, 2.300448, 0.371046,
    -1.752437, 0.984535, 0.996186, 0.486769, 1.098297, -0.916056, -2.451254, -1.525576, -1.032363, 0.000841,
    -2.293192, -0.548144, 1.483618, -1.861325, 0.222788, 2.190369, -0.455868, 0.877188, 1.75142, 2.285238, 0.869239,
    -1.001426, -0.59675, -0.79584, -0.578656, 2.076767, -0.02825, -2.11849, 0.856731, -0.748939, -1.962867,
    -0.811429, -1.077887, -0.780541, -2.055161, -0.843031, 0.810057, -2.214144, -1.463894, 0.052064, 0.637087,
    1.692552, 1.862705, 1.201297, 0.816613, 0.004789, 0.983764, -0.360142, -1.515672, 0.251661, -1.34852, -2.24334,
    -0.612077, -1.631537, -1.797601, -0.685866, 0.260276, 1.070277]


@pytest.mark.parametrize('expression, shape, want', [
    ("keras.ops.conv_transpose(X1, T1, 1, 'valid', dilation_rate=2)", (1, 9, 3), TRANSPOSE_1D),
    ("tf.nn.atrous_conv2d_transpose(X2, T2, (1, 5, 6, 3), 2, 'SAME')", (1, 5, 6, 3), TRANSPOSE_2D),
    ("tf.nn.conv2d_transpose(X2, T2, (1, 5, 6, 3), 1, 'SAME', dilations=2)", (1, 5, 6, 3), TRANSPOSE_2D),
    ("keras.ops.conv_transpose(X2, T2, 1, 'same', dilation_rate=2)", (1, 5, 6, 3), TRANSPOSE_2D),
], ids=['keras_1d', 'atrous', 'conv2d_transpose', 'keras_2d'])
@pytest.mark.usefixtures('xeon_cpu')      # TF 2.21 on the AVX-512 Xeon: oneDNN runs it
def test_dilated_transposes_are_the_dilated_convolutions_input_gradient(expression, shape, want):
    y = eval(expression)  # noqa: S307
    assert tuple(y.shape) == shape
    np.testing.assert_allclose(np.asarray(y).ravel(), want, atol=3e-6)


# (float64 tf.nn.conv2d / conv1d with dilations have no gradient in TF 2.21: its double backprop kernels refuse
# dilations, test_autodiff13_conv2d_dilated_float64.py; tf.nn.convolution, which TF dilates by space-to-batch, has)
@pytest.mark.parametrize('fn, shapes', [
    (lambda x, f: tf.nn.convolution(x, f, 1, 'SAME', dilations=2), [(1, 5, 6, 2), (2, 2, 2, 3)]),
    (lambda x, f: tf.nn.convolution(x, f, 1, 'VALID', dilations=2), [(2, 6, 2), (2, 2, 1)]),
    (lambda x: tf.nn.pool(x, [2, 2], 'MAX', padding='VALID', dilations=[2, 1]), [(1, 4, 3, 2)]),
    (lambda x: tf.nn.pool(x, [2], 'AVG', padding='VALID', dilations=[3]), [(2, 5, 2)]),
    (lambda x, f: keras.ops.conv(x, f, 1, 'same', dilation_rate=(1, 2, 1)), [(1, 2, 4, 3, 2), (1, 2, 2, 2, 2)]),
], ids=['conv2d', 'conv1d', 'max_pool', 'avg_pool', 'keras_conv_3d'])
def test_gradients_match_central_differences(fn, shapes):
    rng = np.random.default_rng(5)
    check_gradients(fn, [rng.standard_normal(s) for s in shapes])


@pytest.mark.parametrize('call, message', [
    (lambda: tf.nn.atrous_conv2d(X2, F2, 0, 'VALID'), 'atrous_conv2d: all values of `dilation_rate` must be positive'),
    (lambda: tf.nn.conv2d(X2, F2, 1, 'SAME', dilations=[2, 2, 1, 1]), 'dilations in the batch and depth'),
    (lambda: tf.nn.pool(X2, [2, 2], 'MAX', padding='SAME', dilations=[2, 2]), "'SAME' padding is not implemented"),
    (lambda: tf.nn.pool(X2, [2, 2], 'AVG', strides=[2, 2], dilations=[2, 2]), '^`strides > 1` not supported'),
    (lambda: keras.ops.conv(X2, F2, 2, 'same', dilation_rate=2), '^`strides > 1` not supported'),  # TF 2.21's
    (lambda: keras.ops.conv(X2, F2[:, :, :, :1][:, :, :1][..., :1].repeat(3, axis=2), 1, 'same'),
     "keras.ops.conv: the kernel's in_channels \\(3\\) must divide the input's channels \\(2\\)"),
])
def test_refusals_name_the_op(call, message):
    with pytest.raises((ValueError, tf.errors.InvalidArgumentError), match=message):
        call()
