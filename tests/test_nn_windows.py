"""tf.nn's convolution and pooling entry points (framework/ops/nn_windows.py) against TensorFlow 2.21.

Golden values: each case run with /opt/tfref's tensorflow 2.21 on the same inputs
(helpers_fingerprints.arr: sin(arange * 0.7 + seed)); the output's shape, its sum and its sum weighted
by cos(arange(size) * 0.37), printed with 8 significant digits. TensorFlow's CPU kernels
have no channels-first convolution, so NCHW is checked against NHWC here.
"""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from helpers_fingerprints import arr, check_fingerprint

nn = tf.nn


X1, X2, X3 = arr((2, 7, 3), 1), arr((2, 6, 5, 3), 2), arr((1, 5, 4, 6, 2), 3)
CASES = {
    'conv3d_same_s2': lambda: nn.conv3d(X3, arr((2, 3, 2, 2, 4), 4), [1, 2, 1, 2, 1], 'SAME'),
    'conv3d_valid_dil': lambda: nn.conv3d(X3, arr((2, 2, 2, 2, 3), 5), [1, 1, 1, 1, 1], 'VALID',
                                          dilations=[1, 2, 1, 2, 1]),
    'convolution_1d': lambda: nn.convolution(X1, arr((3, 3, 4), 6), strides=2, padding='SAME'),
    'convolution_2d_dil': lambda: nn.convolution(X2, arr((2, 3, 3, 2), 7), padding='VALID', dilations=[2, 1]),
    'convolution_2d_strides': lambda: nn.convolution(X2, arr((2, 2, 3, 2), 8), strides=[1, 2], padding='SAME'),
    'conv1d_transpose': lambda: nn.conv1d_transpose(X1, arr((3, 2, 3), 9), [2, 14, 2], 2, 'SAME'),
    'conv3d_transpose': lambda: nn.conv3d_transpose(X3, arr((2, 2, 3, 3, 2), 10), [1, 10, 4, 12, 3],
                                                    [1, 2, 1, 2, 1], 'SAME'),
    'conv_transpose_2d': lambda: nn.conv_transpose(X2, arr((3, 3, 2, 3), 11), [2, 13, 11, 2], 2, 'VALID'),
    'depthwise_conv2d': lambda: nn.depthwise_conv2d(X2, arr((2, 3, 3, 2), 12), [1, 1, 1, 1], 'SAME'),
    'depthwise_conv2d_s2_dil': lambda: nn.depthwise_conv2d(X2, arr((2, 2, 3, 1), 13), [1, 1, 1, 1], 'VALID',
                                                           dilations=[2, 2]),
    'separable_conv2d': lambda: nn.separable_conv2d(X2, arr((2, 2, 3, 2), 14), arr((1, 1, 6, 4), 15),
                                                    [1, 2, 2, 1], 'SAME'),
    'max_pool_2d': lambda: nn.max_pool(X2, 3, 2, 'SAME'),
    'avg_pool_2d': lambda: nn.avg_pool(X2, [1, 3, 2, 1], [1, 2, 2, 1], 'SAME'),
    'avg_pool_1d_generic': lambda: nn.avg_pool(X1, 2, 2, 'VALID'),
    'max_pool1d': lambda: nn.max_pool1d(X1, 3, 2, 'SAME'),
    'avg_pool1d': lambda: nn.avg_pool1d(X1, [1, 3, 1], [1, 1, 1], 'SAME'),
    'max_pool3d': lambda: nn.max_pool3d(X3, 2, 2, 'SAME'),
    'avg_pool3d': lambda: nn.avg_pool3d(X3, [1, 2, 3, 2, 1], [1, 1, 2, 2, 1], 'VALID'),
    'pool_max': lambda: nn.pool(X2, [2, 3], 'MAX', strides=[2, 1], padding='SAME'),
    'pool_avg': lambda: nn.pool(X3, [3, 2, 2], 'AVG', strides=[1, 2, 2], padding='SAME'),
}
GOLDEN = {
    'conv3d_same_s2': ([1, 3, 4, 3, 4], 0.20310349, 1.8660499),
    'conv3d_valid_dil': ([1, 3, 3, 4, 3], -0.025052423, -20.996241),
    'convolution_1d': ([2, 4, 4], -0.66353507, 0.41678262),
    'convolution_2d_dil': ([2, 4, 3, 2], 0.00034931922, -0.0045352685),
    'convolution_2d_strides': ([2, 6, 3, 2], -4.1504583, 16.210978),
    'conv1d_transpose': ([2, 14, 2], 0.53216642, -0.30240576),
    'conv3d_transpose': ([1, 10, 4, 12, 3], 3.2468012, -0.06447274),
    'conv_transpose_2d': ([2, 13, 11, 2], -0.021909118, 3.06355),
    'depthwise_conv2d': ([2, 6, 5, 6], 0.87473878, -16.843066),
    'depthwise_conv2d_s2_dil': ([2, 4, 3, 3], 0.072316006, -21.742387),
    'separable_conv2d': ([2, 3, 3, 4], 0.16261139, -16.349358),
    'max_pool_2d': ([2, 3, 3, 3], 45.718291, 2.3191173),
    'avg_pool_2d': ([2, 3, 3, 3], 2.1520311, -0.15180985),
    'avg_pool_1d_generic': ([2, 3, 3], 0.023366451, 3.0460813),
    'max_pool1d': ([2, 4, 3], 17.470163, 2.0156983),
    'avg_pool1d': ([2, 7, 3], 0.43897211, 1.1913746),
    'max_pool3d': ([1, 3, 2, 3, 2], 32.239052, 1.4338004),
    'avg_pool3d': ([1, 4, 1, 3, 2], -0.0055502858, -0.0026048305),
    'pool_max': ([2, 3, 5, 3], 75.692758, 2.7268932),
    'pool_avg': ([1, 5, 2, 3, 2], -0.56678156, 0.060528051),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_matches_tensorflow(name, onednn_on):      # (measured with oneDNN: its float32 Conv3D takes dilations)
    check_fingerprint(CASES[name]().numpy(), GOLDEN[name], rtol=1e-5, atol=2e-5)


def nchw(x):
    return tf.transpose(x, [0, x.ndim - 1] + list(range(1, x.ndim - 1)))


def nhwc(x):
    return tf.transpose(x, [0] + list(range(2, x.ndim)) + [1])


@pytest.mark.parametrize('op', [
    lambda x, fmt: nn.convolution(x, arr((2, 2, 3, 2), 8), strides=[1, 2], padding='SAME', data_format=fmt),
    lambda x, fmt: nn.depthwise_conv2d(x, arr((2, 3, 3, 2), 12), [1, 1, 1, 1], 'SAME', data_format=fmt),
    lambda x, fmt: nn.max_pool(x, [1, 1, 3, 2] if fmt == 'NCHW' else [1, 3, 2, 1], 2, 'SAME', data_format=fmt),
    lambda x, fmt: nn.conv_transpose(x, arr((3, 3, 2, 3), 11), [2, 2, 13, 11] if fmt == 'NCHW' else [2, 13, 11, 2],
                                     2, 'VALID', data_format=fmt),
])
def test_channels_first_is_channels_last_transposed(op, onednn_on):
    # (oneDNN's kernels take NCHW; where TF runs its own, the convolution is refused: test_layers20_channels_first_refusals.py)
    np.testing.assert_allclose(nhwc(op(nchw(tf.constant(X2)), 'NCHW')).numpy(), op(tf.constant(X2), 'NHWC').numpy(),
                               rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize('f, inputs', [
    (lambda x, w: nn.conv3d(x, w, [1, 2, 1, 1, 1], 'SAME'), [arr((1, 3, 2, 3, 2), 1), arr((2, 1, 2, 2, 2), 2)]),
    (lambda x, d, p: nn.separable_conv2d(x, d, p, [1, 1, 1, 1], 'VALID'),
     [arr((1, 3, 3, 2), 3), arr((2, 2, 2, 1), 4), arr((1, 1, 2, 2), 5)]),
    (lambda x, w: nn.conv1d_transpose(x, w, [1, 6, 2], 2, 'SAME'), [arr((1, 3, 2), 6), arr((2, 2, 2), 7)]),
    (lambda x: nn.avg_pool(x, 2, 1, 'SAME'), [arr((1, 3, 3, 2), 8)]),
    (lambda x: nn.pool(x, [2], 'MAX', padding='VALID'), [arr((1, 5, 2), 9)]),
    (lambda x, w: nn.atrous_conv2d(x, w, 2, 'SAME'), [arr((1, 4, 3, 2), 10), arr((2, 2, 2, 2), 11)]),
    (lambda x, w: nn.atrous_conv2d_transpose(x, w, [1, 5, 4, 2], 2, 'VALID'),
     [arr((1, 3, 2, 3), 12), arr((2, 2, 2, 3), 13)]),
])
def test_gradients_match_central_differences(f, inputs):
    check_gradients(f, inputs)


@pytest.mark.parametrize('call, error, message', [
    (lambda: nn.conv3d(X2, arr((2, 2, 2, 3, 2), 1), 1, 'SAME'), ValueError, 'conv3d: expected an input of rank 5'),
    # TF 2.21's padding attr refusal (an InvalidArgumentError, so a ValueError; fuzz6 out_tf.txt)
    (lambda: nn.convolution(X2, arr((2, 2, 3, 2), 1), padding='FULL'), ValueError,
     'Value for attr \'padding\' of "FULL" is not in the list of allowed values: "SAME", "VALID", "EXPLICIT"'),
    (lambda: nn.max_pool(X2, 2, 2, 'SAME', data_format='NDHWC'), ValueError, "data_format must be 'NHWC' or 'NCHW'"),
    (lambda: nn.pool(X2, [2, 2], 'MIN'), ValueError, '^2-D MIN pooling is not supported.$'),
    (lambda: nn.pool(X2, [2, 2], 'MAX', padding='SAME', dilations=[2, 2]), ValueError, "'SAME' padding is not implemented"),
    (lambda: nn.conv1d_transpose(X1, arr((3, 2, 3), 9), [2, 14], 2), ValueError, 'output_shape must have 3 entries'),
    (lambda: nn.depthwise_conv2d(X2, arr((2, 2, 2, 1), 1), 1, 'SAME'), ValueError, 'C = the input channels 3'),
])
def test_bad_input_names_the_op(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---- for tests/test_op_gradients.py and tests/test_bad_input_sweep.py -------------------------
# Gradients: the ops are compositions of convolution_nd / pooling_nd, whose rules are checked in
# tests/test_layers_conv_more.py; the cases above check each entry point's gradient too.
COVERED_HERE = {'conv3d', 'convolution', 'conv1d_transpose', 'conv3d_transpose', 'conv_transpose', 'depthwise_conv2d',
                'separable_conv2d', 'max_pool', 'avg_pool', 'max_pool1d', 'avg_pool1d', 'max_pool3d', 'avg_pool3d',
                'pool', 'atrous_conv2d', 'atrous_conv2d_transpose'}
_I1, _I2, _I3 = arr((1, 4, 2), 1), arr((1, 4, 4, 2), 2), arr((1, 3, 4, 4, 2), 3)
SWEEP_CALLS = {
    'conv3d': ((_I3, arr((2, 2, 2, 2, 3), 4), [1, 1, 1, 1, 1], 'SAME'), {}),
    'convolution': ((_I2, arr((2, 2, 2, 3), 5)), {'padding': 'SAME'}),
    'conv1d_transpose': ((_I1, arr((2, 3, 2), 6), [1, 8, 3], 2), {}),
    'conv3d_transpose': ((_I3, arr((2, 2, 2, 3, 2), 7), [1, 3, 4, 4, 3], 1), {}),
    'conv_transpose': ((_I2, arr((2, 2, 3, 2), 8), [1, 4, 4, 3], 1), {}),
    'depthwise_conv2d': ((_I2, arr((2, 2, 2, 2), 9), [1, 1, 1, 1], 'SAME'), {}),
    'separable_conv2d': ((_I2, arr((2, 2, 2, 2), 10), arr((1, 1, 4, 3), 11), [1, 1, 1, 1], 'VALID'), {}),
    'max_pool': ((_I2, 2, 2, 'SAME'), {}),
    'avg_pool': ((_I2, 2, 2, 'VALID'), {}),
    'max_pool1d': ((_I1, 2, 1, 'SAME'), {}),
    'avg_pool1d': ((_I1, 2, 2, 'VALID'), {}),
    'max_pool3d': ((_I3, 2, 2, 'SAME'), {}),
    'avg_pool3d': ((_I3, 2, 1, 'VALID'), {}),
    'pool': ((_I2, [2, 2], 'MAX'), {'strides': [2, 2], 'padding': 'SAME'}),
    'atrous_conv2d': ((_I2, arr((2, 2, 2, 3), 12), 2, 'SAME'), {}),
    'atrous_conv2d_transpose': ((_I2, arr((2, 2, 3, 2), 13), [1, 4, 4, 3], 2, 'SAME'), {}),
}
SWEEP_ANY_DTYPE = set()
SWEEP_NONE_IS_VALID = set()
