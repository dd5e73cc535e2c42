"""silu and mish in a traced call no tape records (predict, evaluate, a tf.function) take oneDNN's values, as TF 2.21.

Grappler runs x * sigmoid(x) and x * tanh(softplus(x)) as oneDNN's swish / mish kernels in a graph, on any
tensor: tf.function(tf.nn.silu)(x) differs from the eager op in TF 2.21, and so does the predict of a
Conv2D(activation='swish') (EfficientNet's activation) or of an Activation('mish') after a rank-3 Dense.
tapeflow fused them only after a 2-D Dense. Values: TF 2.21 (notes progs/kerasguides29/t_swish.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers

pytestmark = pytest.mark.usefixtures('xeon_cpu')

_RNG = np.random.default_rng(12)
X = _RNG.normal(0, 2, (4, 8)).astype('float32')
IMG = _RNG.normal(0, 1, (1, 4, 4, 2)).astype('float32')
K = _RNG.normal(0, 0.5, (3, 3, 2, 4)).astype('float32')
SEQ = _RNG.normal(0, 1.5, (2, 2, 4)).astype('float32')
DK = _RNG.normal(0, 0.7, (4, 4)).astype('float32')

SILU_FN = [
    -0.006780175492167473, 1.862451434135437, 1.2088661193847656, 1.1723419427871704, 3.115248203277588,
    -0.19850465655326843, -0.27839815616607666, -0.1757158637046814, -0.09618663042783737, 1.7588971853256226,
    -0.02146625518798828, 0.7234249711036682, -0.08187657594680786, 0.1685374528169632, -0.25425082445144653,
    3.451707124710083, 1.516364574432373, 1.651382327079773, -0.05451149865984917, 0.9475701451301575,
    1.0374648571014404, -0.23026685416698456, -0.2685571014881134, -0.10165752470493317, -0.27795225381851196,
    -0.27755093574523926, -0.2051563411951065, -0.2752716839313507, 1.26044762134552, -0.12596742808818817,
    1.3811169862747192, -0.27838215231895447]

MISH_FN = [
    -0.008132441900670528, 2.0423943996429443, 1.3850663900375366, 1.3466848134994507, 3.2283248901367188,
    -0.20664598047733307, -0.30835458636283875, -0.18154677748680115, -0.11437929421663284, 1.9413148164749146,
    -0.025719692930579185, 0.8564607501029968, -0.08275336772203445, 0.20341460406780243, -0.2718685269355774,
    3.545254707336426, 1.7005680799484253, 1.835344910621643, -0.06512495130300522, 1.1056638956069946,
    1.2030832767486572, -0.26577529311180115, -0.3030853867530823, -0.12079862505197525, -0.30879831314086914,
    -0.3088414669036865, -0.2388303130865097, -0.30071818828582764, 1.4389210939407349, -0.12845078110694885,
    1.5633889436721802, -0.3083971440792084]

CONV_SWISH = [
    2.198561191558838, 2.6217732429504395, 1.3236161470413208, 1.3470431566238403, 3.336780071258545,
    -0.04967568814754486, -0.2587149441242218, -0.08090543746948242, 1.3950177431106567, 2.7187507152557373,
    3.1546177864074707, -0.13981622457504272, 0.023172659799456596, 4.194441318511963, 0.34191659092903137,
    2.485422134399414]

DENSE3_MISH = [
    -0.12407337874174118, 0.8959137797355652, -0.1169842854142189, -0.22305066883563995, 0.3533480763435364,
    1.5415796041488647, -0.23393085598945618, -0.24750632047653198, -0.07580718398094177, -0.11657805740833282,
    1.0015298128128052, 2.4231507778167725, -0.25294598937034607, -0.30291685461997986, -0.176095649600029,
    1.2872474193572998]


def test_traced_silu_is_onednn_swish():
    got = tf.function(lambda x: tf.nn.silu(x))(tf.constant(X)).numpy().ravel()
    np.testing.assert_array_equal(got, np.array(SILU_FN, np.float32))
    assert not np.array_equal(got, tf.nn.silu(X).numpy().ravel())    # eager keeps Eigen's, as TF


def test_traced_mish():
    got = tf.function(lambda x: keras.activations.mish(x))(tf.constant(X)).numpy().ravel()
    np.testing.assert_array_equal(got, np.array(MISH_FN, np.float32))


def test_conv_swish_predict():
    conv = keras.Sequential([keras.Input((4, 4, 2)), layers.Conv2D(
        4, 3, activation='swish', kernel_initializer=keras.initializers.Constant(K), bias_initializer='ones')])
    np.testing.assert_array_equal(conv.predict(IMG, verbose=0).ravel(), np.array(CONV_SWISH, np.float32))


def test_rank3_dense_then_mish_predict():
    model = keras.Sequential([keras.Input((2, 4)), layers.Dense(4, kernel_initializer=keras.initializers.Constant(DK)),
                              layers.Activation('mish')])
    np.testing.assert_array_equal(model.predict(SEQ, verbose=0).ravel(), np.array(DENSE3_MISH, np.float32))
