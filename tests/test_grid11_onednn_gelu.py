"""A Dense layer's gelu in a traced predict / evaluate step is oneDNN's fused gelu_erf (its minimax
polynomials, framework/ops/onednn_gelu.py); eager calls and train steps keep the erfc composition.

Golden bits from TF 2.21 (tensorflow-cpu on an AVX-512 Xeon, oneDNN on), /work/notes/progs/grid11/
t_gelu_pred_gold.py: Dense(4, activation='gelu') with the weights below on a (6, 5) input; predict differs
from the eager call in 6 of 24 values, and Dense(4) + Activation('gelu') predicts the same bits.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy
from framework.ops import onednn_gelu

X = [3188641476, 3203141295, 1054496245, 1064512138, 1051609563, 1055986637, 3203590550, 1056117131,
    1068571198, 1067044277, 1064680935, 3197151102, 1067767527, 1067150966, 3190679313, 1061405001,
    3203073624, 3196614151, 1040706454, 3191642233, 1065503868, 1066498686, 1044499068, 1041032802,
    3196954798, 3198814256, 1064102506, 1060304730, 3200712059, 1055608827]
K = [1070750820, 3203252542, 1066096684, 1075099132, 1064432478, 1038206319, 1066178714, 3212230587,
    3196634763, 3210503687, 3197957586, 3208302698, 3197021418, 3205636160, 1040755566, 1036228975,
    1055103030, 1074178689, 3222568882, 1073267263]
B = [3186815432, 3206397317, 3182464719, 1027347906]
PREDICT = [3189867931, 3190662326, 3183693089, 1055027183, 1040853740, 1050155376, 3150956594, 1080946922,
    1049914317, 3136556873, 1059322103, 1067711920, 1056584147, 3188097961, 1058623514, 1074068723,
    1075409873, 3179757365, 1077377612, 1056473585, 1046045189, 1040787949, 3190686936, 3187964076]
EAGER = [3189867931, 3190662326, 3183693085, 1055027183, 1040853740, 1050155376, 3150956708, 1080946922,
    1049914317, 3136554413, 1059322103, 1067711920, 1056584147, 3188097966, 1058623514, 1074068723,
    1075409873, 3179757368, 1077377613, 1056473585, 1046045189, 1040787949, 3190686936, 3187964076]

pytestmark = pytest.mark.skipif(not onednn_policy.enabled() or onednn_policy.vector_lanes() != 16,
                                reason='the minimax gelu_erf is the AVX-512 kernel of oneDNN')


def _f32(bits, shape):
    return np.array(bits, np.uint32).view(np.float32).reshape(shape)


def _bits(a):
    return np.asarray(a, np.float32).ravel().view(np.uint32).tolist()


def _weights(dense):
    dense.set_weights([_f32(K, (5, 4)), _f32(B, (4,))])


def test_dense_gelu_predict_is_onednns_and_eager_is_erfc():
    keras.backend.clear_session()
    dense = keras.layers.Dense(4, activation='gelu')
    model = keras.Sequential([keras.Input((5,)), dense])
    _weights(dense)
    x = _f32(X, (6, 5))
    assert _bits(model.predict(x, verbose=0)) == PREDICT
    assert _bits(model(x)) == EAGER


def test_activation_layer_after_dense_predicts_the_same_bits():
    keras.backend.clear_session()
    dense = keras.layers.Dense(4)
    model = keras.Sequential([keras.Input((5,)), dense, keras.layers.Activation('gelu')])
    _weights(dense)
    assert _bits(model.predict(_f32(X, (6, 5)), verbose=0)) == PREDICT


def test_onednn_gelu_is_close_to_gelu_and_exact_at_the_ends():
    s = np.linspace(-8, 8, 2001).astype(np.float32)
    exact = np.asarray(tf.nn.gelu(s.astype(np.float64)))
    np.testing.assert_allclose(onednn_gelu.gelu_erf(s), exact, rtol=0, atol=2e-6)
    assert onednn_gelu.gelu_erf(np.float32([0.0, 10.0, -10.0])).tolist() == [0.0, 10.0, -0.0]
