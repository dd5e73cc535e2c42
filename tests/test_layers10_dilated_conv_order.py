"""A dilated float32 Conv2D sums as TF 2.21's oneDNN kernel: one chain over kernel rows, columns, then channels
(framework/ops/conv_forward_order.py applies_dilated). Golden values printed by TF 2.21 (tensorflow-cpu, oneDNN on)
with notes progs/layers10/small_try.py and gold_dil.py:

    def data(shape, a):
        n = int(np.prod(shape)); return ((np.arange(n) * a % 101) / 17.0 - 2.9).astype('float32').reshape(shape)
    y = tf.nn.conv2d(data((1, 4, 4, 8), 37), data((3, 3, 8, 2), 53) / 3, 1, 'SAME', dilations=2)
    print([hex(v) for v in y.numpy().view('uint32').ravel()])
"""
import hashlib

import numpy as np

import framework as tf
from framework import keras
from framework.ops import eigen_math


def _data(shape, a):
    n = int(np.prod(shape))
    return ((np.arange(n) * a % 101) / 17.0 - 2.9).astype('float32').reshape(shape)


TF_SMALL_BITS = [
    0x40f23991, 0xc04d2d8f, 0xbf321d0c, 0xbae5bfdc, 0x3d9a33fe, 0x402b17e5, 0x40d247bd, 0x3ffff7b5,
    0x40a50d55, 0xc03d5fa2, 0xc0f76e37, 0x3f9b25ad, 0xc09999c9, 0xc060446c, 0x3fdd8dbf, 0xc1251258,
    0x40202b16, 0xc08bd938, 0xc08ee1e5, 0x4086ae05, 0x400b0e74, 0x401ff267, 0x4011c61a, 0xc10a487e,
    0xc0306eef, 0xc01b6168, 0x4136554c, 0xc01bcd1e, 0xbf80e74e, 0x40a7ac2f, 0x3fac5138, 0x3ff80de3]


def test_small_dilated_conv2d_has_tf_bits_by_default(onednn_on):
    # 32 outputs: inside the default exact-math size, so no mode switch is needed (the BLAS product was
    # 1-4 ulps off in most of them, e.g. 0x40f23990 for TF's 0x40f23991). oneDNN's bits: TF 2.21 with oneDNN off
    # on an AMD EPYC gives 0x40f23990, 0xc04d2d8e, ... (its Eigen contraction, eigen_avx2_conv.groups_wanted; notes
    # progs/kerasexamples10/l10.py), as tapeflow does there
    y = tf.nn.conv2d(_data((1, 4, 4, 8), 37), _data((3, 3, 8, 2), 53) / 3, 1, 'SAME', dilations=2)
    assert [int(v) for v in y.numpy().view('uint32').ravel()] == TF_SMALL_BITS


def test_keras_conv2d_dilation_rate_has_tf_bits_in_exact_mode():
    # TF 2.21: sha256 of the (2, 12, 12, 6) output's bytes and its first pixel, printed by gold_dil.py
    previous = eigen_math.ENABLED[0]
    tf.config.set_tf_exact_math(True)
    try:
        layer = keras.layers.Conv2D(6, 3, dilation_rate=2, padding='same', use_bias=False)
        layer.build((2, 12, 12, 8))
        layer.kernel.assign(_data((3, 3, 8, 6), 41) / 5)
        y = layer(_data((2, 12, 12, 8), 29)).numpy()
    finally:
        tf.config.set_tf_exact_math(previous)
    assert y[0, 0, 0].tolist() == [-0.08056750893592834, -1.120498776435852, 0.07624909281730652,
                                   -0.8937854766845703, 0.46372297406196594, 3.1073215007781982]
    assert hashlib.sha256(y.tobytes()).hexdigest() == \
        '7fa7be6c8abe0c3b772437ad439f99f420977b03ab4cc7a5ecf8abeb3ccb7cb1'


def test_wide_column_dilation_with_same_padding_keeps_its_values():
    # oneDNN sums these (column dilation >= 3, kernel wider than one column, SAME) in another order: tapeflow
    # keeps the BLAS product there; the values stay within float32 rounding of the float64 convolution
    x, f = _data((1, 6, 9, 4), 37), _data((2, 3, 4, 2), 53) / 3
    y = tf.nn.conv2d(x, f, 1, 'SAME', dilations=3).numpy()
    exact = tf.nn.conv2d(x.astype('float64'), f.astype('float64'), 1, 'SAME', dilations=3).numpy()
    assert y.shape == (1, 6, 9, 2)
    np.testing.assert_allclose(y, exact, rtol=0, atol=1e-5)


# TF 2.21, notes progs/layers10/gold_ctd.py: Conv2DTranspose(3, 3, dilation_rate=2, padding=..., use_bias=False)
# with kernel _data((3, 3, 3, 8), 41) / 5 on _data((2, 6, 6, 8), 29): sha256 of the output's bytes, [0, 0, 0], [1, -1, -1]
TF_TRANSPOSED = {
    'valid': ('5363d6235b51a625877896aba547516d04be5ef13430e8bbe6f9875ed013c918',
              [-0.15237347781658173, 1.1034048795700073, 1.9887334108352661],
              [-2.9854533672332764, 0.8160691857337952, 2.318006992340088]),
    'same': ('f30f572b260ae8b4d53f641e4c8549d395427857e65ff198fcf8e85578d2ff41',
             [-1.9670730829238892, 3.5010244846343994, 3.566145181655884],
             [-1.3560693264007568, -1.4898406267166138, 3.7374253273010254]),
}


def test_dilated_conv2d_transpose_has_tf_bits_in_exact_mode(xeon_cpu):
    # Conv2DBackpropInput with dilations sums as the undilated kernel (VALID: one chain per kernel column,
    # SAME: one chain), the taps dilation apart; the BLAS product differed in most values
    previous = eigen_math.ENABLED[0]
    tf.config.set_tf_exact_math(True)
    try:
        for padding, (digest, first, last) in TF_TRANSPOSED.items():
            layer = keras.layers.Conv2DTranspose(3, 3, dilation_rate=2, padding=padding, use_bias=False)
            layer.build((2, 6, 6, 8))
            layer.kernel.assign(_data((3, 3, 3, 8), 41) / 5)
            y = layer(_data((2, 6, 6, 8), 29)).numpy()
            assert y[0, 0, 0].tolist() == first and y[1, -1, -1].tolist() == last, padding
            assert hashlib.sha256(y.tobytes()).hexdigest() == digest, padding
    finally:
        tf.config.set_tf_exact_math(previous)


# TF 2.21, notes progs/layers10/gold_grp.py: Conv2D(6, 3, groups=3, dilation_rate=d, padding='same', use_bias=False)
# with kernel _data((3, 3, 4, 6), 43) / 5 on _data((2, 8, 8, 12), 31): sha256 of the output's bytes and [0, 0, 0]
TF_GROUPED = {
    1: ('31620a8870118cb35337105dac9469db5ebeede0491e616ed6bd334069a56af8',
        [-0.7024639844894409, 0.0744912326335907, 0.5459099411964417, -3.662602186203003, -3.029038429260254,
         0.19753652811050415]),
    2: ('6f514b3f77aa25421b4acea39e03ed95d54dfffa5e6057b8728d2ee5e4b53b5e',
        [-0.6304916739463806, 2.8087472915649414, 2.0702004432678223, 1.5724152326583862, 1.2336609363555908,
         -0.0767890214920044]),
}


def test_grouped_conv2d_has_tf_bits_in_exact_mode():
    # each group's outputs chain over kernel rows, columns, then that group's channels (the BLAS product of
    # the grouped columns differed in most values)
    previous = eigen_math.ENABLED[0]
    tf.config.set_tf_exact_math(True)
    try:
        for dilation, (digest, first) in TF_GROUPED.items():
            layer = keras.layers.Conv2D(6, 3, groups=3, dilation_rate=dilation, padding='same', use_bias=False)
            layer.build((2, 8, 8, 12))
            layer.kernel.assign(_data((3, 3, 4, 6), 43) / 5)
            y = layer(_data((2, 8, 8, 12), 31)).numpy()
            assert y[0, 0, 0].tolist() == first, dilation
            assert hashlib.sha256(y.tobytes()).hexdigest() == digest, dilation
    finally:
        tf.config.set_tf_exact_math(previous)
