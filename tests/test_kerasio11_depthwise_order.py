"""A depthwise convolution sums in TensorFlow's order: one fused multiply-add chain per output over
the window (kernel rows, then columns), as TF 2.21's oneDNN DepthwiseConv2dNative does.

Found on keras.io's creating_tfrecords example: EfficientNetB0's block1a_dwconv differed from TF in the
last bit in 15,383 of 32,768 values, which BatchNormalization over a batch of 4 magnified to a 2%
different loss after two steps. Goldens: TF 2.21 (oneDNN on) outputs as float32 bit patterns, inputs
from np.random.RandomState(5) (progs/kerasio11/d11e.py); the grouped matmul tapeflow used before gave
31 of the 64 depthwise values and 9 of the 16 layer values otherwise.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

# tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], 'SAME'), x (1, 4, 4, 4), f (3, 3, 4, 1)
SAME_BITS = [
    1068530796, 1060170427, 1077621916, 1047119342, 3202339032, 3209564092, 3223169753, 3214452685, 1061791373,
    1052705152, 1045114004, 3196225992, 3215722704, 3189833809, 3211676912, 3209643135, 1048788687, 3219342735,
    3229665876, 1073777590, 1052796195, 1062780470, 1086828977, 1049282733, 3189035508, 3216453887, 1080047130,
    1053847585, 1074666583, 3196527807, 1071247788, 3214960604, 3230200909, 1080519234, 1076896138, 1074543771,
    1085856093, 3217205403, 1073293188, 1071608223, 3222872158, 3158413790, 3229284764, 3208611928, 1064831496,
    3219636834, 1049009302, 3215854344, 3218370290, 3216331371, 1070920886, 3220169660, 3230172023, 1079766025,
    3219206265, 1076687672, 3198857821, 1065718025, 3206347752, 3196560270, 3220791477, 1063578129, 3223708528,
    1032002415,]
# keras.layers.DepthwiseConv2D(3, strides=2, padding='same', use_bias=False) with kernel f
LAYER_BITS = [
    1052796195, 1062780470, 1086828977, 1049282733, 1074666583, 3196527807, 1071247788, 3214960604, 3230172023,
    1079766025, 3219206265, 1076687672, 3220791477, 1063578129, 3223708528, 1032002415,]


def _operands():
    rs = np.random.RandomState(5)
    return rs.randn(1, 4, 4, 4).astype('float32'), rs.randn(3, 3, 4, 1).astype('float32')


def _bits(values):
    return np.asarray(values, np.float32).ravel().view(np.uint32).tolist()


@onednn
def test_depthwise_conv2d_has_tensorflows_bits(exact_math):
    x, f = _operands()
    assert _bits(tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], 'SAME')) == SAME_BITS
    traced = tf.function(lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], 'SAME'))
    assert _bits(traced(x, f)) == SAME_BITS


@onednn
def test_a_small_depthwise_layer_has_them_by_default():
    x, f = _operands()      # 16 outputs: within the default mode's size
    layer = keras.layers.DepthwiseConv2D(3, strides=2, padding='same', use_bias=False)
    layer.build(x.shape)
    layer.kernel.assign(f)
    assert _bits(layer(x)) == LAYER_BITS


@pytest.mark.usefixtures('onednn_on')
@pytest.mark.parametrize('shape, kernel, multiplier, stride, dilation, padding', [
    ((2, 6, 7, 5), (3, 3), 1, 1, 1, 'SAME'), ((1, 9, 9, 3), (5, 5), 2, 2, 1, 'VALID'),
    ((2, 8, 8, 4), (3, 3), 1, 1, 2, 'SAME'), ((2, 5, 5, 1), (3, 3), 1, 2, 1, 'SAME')])
def test_each_output_is_one_fused_chain_over_the_window(exact_math, shape, kernel, multiplier, stride, dilation,
                                                        padding):
    rs = np.random.RandomState(1)
    x = rs.randn(*shape).astype('float32')
    f = rs.randn(*kernel, shape[-1], multiplier).astype('float32')
    y = tf.nn.depthwise_conv2d(x, f, [1, stride, stride, 1], padding, dilations=[dilation, dilation]).numpy()
    reference = np.zeros(y.shape, np.float32)     # the chain, computed from the definition
    n, oh, ow, _ = y.shape
    kh, kw = kernel
    eff = [(k - 1) * dilation + 1 for k in kernel]
    pads = [max((o - 1) * stride + e - s, 0) for o, e, s in zip((oh, ow), eff, shape[1:3])] \
        if padding == 'SAME' else [0, 0]
    xp = np.pad(x, ((0, 0), (pads[0] // 2, pads[0] - pads[0] // 2), (pads[1] // 2, pads[1] - pads[1] // 2), (0, 0)))
    for i in range(kh):
        for j in range(kw):
            window = xp[:, i * dilation:i * dilation + stride * (oh - 1) + 1:stride,
                        j * dilation:j * dilation + stride * (ow - 1) + 1:stride, :]
            window = np.repeat(window, multiplier, axis=-1).astype(np.float64)
            reference[...] = reference + window * f[i, j].reshape(-1).astype(np.float64)
    assert _bits(y) == _bits(reference)


def test_gradients_still_match_central_differences():
    rs = np.random.RandomState(2)
    x = tf.constant(rs.randn(1, 4, 4, 3))
    f = tf.constant(rs.randn(3, 3, 3, 2))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, f])
        y = tf.reduce_sum(tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], 'SAME') ** 2)
    gx, gf = tape.gradient(y, [x, f])
    eps = 1e-6
    for tensor, grad, index in ((x, gx, (0, 1, 2, 1)), (f, gf, (1, 0, 2, 1))):
        bump = np.zeros(tensor.shape)
        bump[index] = eps
        up = tf.reduce_sum(tf.nn.depthwise_conv2d(x + bump if tensor is x else x, f + bump if tensor is f else f,
                                                  [1, 1, 1, 1], 'SAME') ** 2)
        down = tf.reduce_sum(tf.nn.depthwise_conv2d(x - bump if tensor is x else x, f - bump if tensor is f else f,
                                                    [1, 1, 1, 1], 'SAME') ** 2)
        assert float(grad[index]) == pytest.approx((float(up) - float(down)) / (2 * eps), rel=1e-6)
