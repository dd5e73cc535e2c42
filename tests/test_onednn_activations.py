"""A Dense layer's elu and tanh in a traced step (Keras's fit / predict / evaluate, a tf.function) carry
oneDNN's bits: TensorFlow fuses MatMul + bias Add + Elu / Tanh into one oneDNN kernel there, while an eager
call, and a Dense layer without a bias, keep Eigen's (framework/ops/onednn_activations.py). The expected
bits were printed by TF 2.21 (oneDNN on, AVX-512 Xeon) for the same models and programs
(/work/notes/progs/classify4/gold_act.py, wide_check.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy
from framework.ops import onednn_activations

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

X = {'tanh': np.linspace(-6, 6, 25, dtype=np.float32)[:, None] * np.float32(0.93),
     'elu': np.linspace(-4, 0.8, 25, dtype=np.float32)[:, None] * np.float32(0.93)}
TANH_TRACED = [3212836280, 3212835386, 3212833117, 3212827369, 3212812812, 3212775972, 3212682960, 3212449520,
    3211872224, 3210495275, 3207476141, 3199402024, 1036787388, 1057160529, 1061560027, 1063746640, 1064700412,
    1065092579, 1065249895, 1065312374, 1065337090, 1065346852, 1065350704, 1065352226, 1065352824]
TANH_EAGER = [3212836280, 3212835385, 3212833117, 3212827371, 3212812811, 3212775974, 3212682962, 3212449520,
    3211872224, 3210495275, 3207476141, 3199402024, 1036787389, 1057160529, 1061560027, 1063746640, 1064700412,
    1065092579, 1065249896, 1065312373, 1065337090, 1065346851, 1065350704, 1065352227, 1065352825]
TANH_FIT_LOSS = [1.5974794626235962, 0.3589246869087219, 0.3155187964439392]
TANH_FIT_WEIGHTS = [[1044283032, 3205052049, 3185461857, 1035699316, 1063719748, 1063733174, 1064444509,
    3207008778, 3209012811, 1015435780, 3196735230, 3212830110], [3198532392, 1051153605, 3198645890,
    3198465944], [1061934355, 3208169155, 1060814903, 1053059961], [3198534752]]
ELU_TRACED = [3212387525, 3212295670, 3212185038, 3212051791, 3211891304, 3211698011, 3211465204, 3211184806,
    3210847089, 3210440334, 3209950430, 3209360379, 3208649708, 3207793760, 3206762837, 3205521172, 3203603106,
    3200000702, 3195264120, 3181954144, 1036831949, 1049783960, 1056025084, 1059615409, 1062735971]
ELU_EAGER = [3212387525, 3212295670, 3212185038, 3212051791, 3211891304, 3211698011, 3211465204, 3211184806,
    3210847089, 3210440334, 3209950430, 3209360379, 3208649708, 3207793760, 3206762838, 3205521171, 3203603106,
    3200000702, 3195264124, 3181954144, 1036831949, 1049783960, 1056025084, 1059615409, 1062735971]
ELU_FIT_LOSS = [2.9452016353607178, 0.7920311093330383, 0.6156179904937744]
ELU_FIT_WEIGHTS = [[1044360167, 3205134608, 3183316721, 1032207010, 1059394623, 1063220958, 1060505978,
    3206270578, 3203623277, 3195052446, 1008414673, 3208767779], [3198663729, 1050067096, 3198801757,
    3199125152], [1058500884, 3207814540, 1059618517, 1053018795], [3199265377]]
EXPECTED = {'tanh': (TANH_TRACED, TANH_EAGER, TANH_FIT_LOSS, TANH_FIT_WEIGHTS),
            'elu': (ELU_TRACED, ELU_EAGER, ELU_FIT_LOSS, ELU_FIT_WEIGHTS)}


def _bits(values):
    return np.asarray(values, np.float32).reshape(-1).view(np.uint32).tolist()


def _model(activation, use_bias=True):
    # kernel 1, bias 0.1: the pre-activations are x + 0.1, the same bits in both paths
    return keras.Sequential([keras.Input((1,)), keras.layers.Dense(
        1, activation=activation, use_bias=use_bias, kernel_initializer='ones',
        bias_initializer=keras.initializers.Constant(0.1))])


@pytest.mark.parametrize('activation', ['tanh', 'elu'])
def test_predict_and_tf_function_use_onednns_activation_and_a_call_eigens(activation):
    traced, eager = EXPECTED[activation][:2]
    assert traced != eager
    model = _model(activation)
    x = X[activation]
    assert _bits(model.predict(x, verbose=0)) == traced
    assert _bits(model(x)) == eager
    assert _bits(tf.function(lambda v: model(v))(x)) == traced


@pytest.mark.parametrize('activation', ['tanh', 'elu'])
def test_without_a_bias_nothing_fuses(activation):
    model = _model(activation, use_bias=False)
    x = X[activation] + np.float32(0.1)
    assert _bits(model.predict(x, verbose=0)) == EXPECTED[activation][1]


@pytest.mark.parametrize('activation', ['tanh', 'elu'])
def test_a_small_fit_trains_through_tensorflows_bits(activation):
    # every array of the step holds at most 32 values, so the default exact-math mode covers it
    keras.utils.set_random_seed(2)
    rng = np.random.RandomState(0)
    x, y = rng.randn(10, 3).astype('float32'), rng.randn(10, 1).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation=activation), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.05), 'mse')
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0)
    loss, weights = EXPECTED[activation][2:]
    assert history.history['loss'] == loss
    assert [_bits(w) for w in model.get_weights()] == weights


def test_tanh_is_odd_linear_near_zero_and_saturates():
    a = np.array([0.0, 1e-5, 2.4e-4, 0.5, 3.0, 9.0, 9.02, 40.0, np.inf], np.float32)
    y = onednn_activations.tanh(a)
    assert _bits(onednn_activations.tanh(-a)) == _bits(-y)
    assert _bits(y[:3]) == _bits(a[:3])                 # below 0x1.bb67aep-12 tanh(a) rounds to a
    assert y[6:].tolist() == [1.0, 1.0, 1.0]            # from 0x1.205966p3 on
    assert np.all(np.abs(y[3:6] - np.tanh(a[3:6].astype(np.float64))) <= 2 ** -23)
    assert np.all(np.diff(y) >= 0)


def test_elu_is_x_above_zero_and_exp_minus_one_below():
    a = np.array([-100.0, -3.0, -0.5, -1e-30, 0.0, 0.25, 7.0], np.float32)
    y = onednn_activations.elu(a)
    assert y[5:].tolist() == a[5:].tolist()
    assert y[0] == -1.0 and y[4] == 0.0
    assert np.all(np.abs(y[1:4] - np.expm1(a[1:4].astype(np.float64))) <= 2 ** -23)


# One value in each of tanh's half binades (indices 0-30; both signs), as float32 bits, and TF 2.21's traced
# Dense tanh of it (x @ [[1]] + 0: the values themselves), from 20000 such values that all agree.
TANH_HALF_BINADES_X = [
    968189039, 970248514, 976352699, 3125720192, 982953630, 3136560479, 3138735754, 3145621346, 1002191072,
    1006627773, 3154949828, 1011124210, 3164891360, 3168461572, 3172105617, 1027991390, 1033951940, 1036919014,
    1040423338, 1045205208, 3197730532, 1054756899, 3207835166, 1061743639, 1067371402, 3220398956, 1076163115,
    3227099835, 3230247682, 3237750590, 1091578102]
TANH_HALF_BINADES = [
    968189039, 970248514, 976352697, 3125720189, 982953626, 3136560460, 3138735737, 3145621262, 1002190936,
    1006627432, 3154949601, 1011123592, 3164889914, 3168458159, 3172101526, 1027981307, 1033930316, 1036873583,
    1040376168, 1045029666, 3197439612, 1053905437, 3206219207, 1059573181, 1062763196, 3212104761, 1065160618,
    3212799575, 3212830714, 3212836859, 1065353215]


def test_tanh_takes_each_half_binades_polynomial():
    x = np.array(TANH_HALF_BINADES_X, np.uint32).view(np.float32)
    assert _bits(onednn_activations.tanh(x)) == TANH_HALF_BINADES


def _dense_then_activation(activation):
    return keras.Sequential([keras.Input((1,)), keras.layers.Dense(
        1, kernel_initializer='ones', bias_initializer=keras.initializers.Constant(0.1)),
        keras.layers.Activation(activation)])


@pytest.mark.parametrize('activation', ['tanh', 'elu', 'sigmoid'])
def test_an_activation_layer_after_a_dense_layer_fuses_as_well(activation):
    # TF 2.21: Dense(1) + Activation(a) predicts the bits of Dense(1, activation=a) (the same graph)
    if activation == 'sigmoid':
        from test_tftutorials_fused_sigmoid import EAGER as eager, TRACED as traced, X as x
    else:
        (traced, eager), x = EXPECTED[activation][:2], X[activation]
    model = _dense_then_activation(activation)
    assert _bits(model.predict(x, verbose=0)) == traced
    assert _bits(model(x)) == eager
    assert _bits(tf.function(lambda v: model(v))(x)) == traced


def test_an_activation_layer_on_other_inputs_keeps_eigens():
    x = X['tanh'] + np.float32(0.1)
    layer = keras.layers.Activation('tanh')
    assert _bits(tf.function(lambda v: layer(v))(x)) == TANH_EAGER


# silu and mish fuse only where no gradient reads the pre-activation: predict / evaluate (TF 2.21,
# /work/notes/progs/classify4/gold_act2.py: x * 0.93 over [-6, 6] plus 0.1, as X['tanh'])
SILU_PREDICT = [3166332064, 3171381899, 3175276841, 3179964998, 3183567244, 3187941007, 3190757550, 3193845016,
    3196339861, 3197013767, 3196127609, 3189319143, 1029113872, 1052275339, 1061310300, 1067208418, 1071376276,
    1074697627, 1076836554, 1078950436, 1081031663, 1082606028, 1083617852, 1084619359, 1085613124]
SILU_EAGER = [3166332064, 3171381902, 3175276838, 3179964999, 3183567246, 3187941004, 3190757551, 3193845020,
    3196339860, 3197013767, 3196127610, 3189319142, 1029113871, 1052275340, 1061310298, 1067208418, 1071376276,
    1074697627, 1076836553, 1078950436, 1081031663, 1082606028, 1083617852, 1084619359, 1085613124]
MISH_PREDICT = [3166357499, 3171411122, 3175343615, 3180040043, 3183732448, 3188117906, 3191121467, 3194551423,
    3196968177, 3197989420, 3197331786, 3191119379, 1031889973, 1054744197, 1063619295, 1068691343, 1072912530,
    1075390875, 1077407737, 1079393119, 1081360710, 1082724803, 1083701830, 1084677833, 1085653372]
MISH_EAGER = [3166357424, 3171411163, 3175343610, 3180040029, 3183732475, 3188117897, 3191121479, 3194551421,
    3196968177, 3197989421, 3197331789, 3191119377, 1031889975, 1054744199, 1063619295, 1068691343, 1072912530,
    1075390876, 1077407738, 1079393120, 1081360710, 1082724803, 1083701831, 1084677833, 1085653371]
WITHOUT_TAPE = {'silu': (SILU_PREDICT, SILU_EAGER), 'mish': (MISH_PREDICT, MISH_EAGER)}


@pytest.mark.parametrize('activation', ['silu', 'mish'])
@pytest.mark.parametrize('separate', [False, True], ids=['dense', 'activation_layer'])
def test_silu_and_mish_predict_with_onednns_bits(activation, separate):
    predicted, eager = WITHOUT_TAPE[activation]
    assert predicted != eager
    model = _dense_then_activation(activation) if separate else _model(activation)
    x = X['tanh']
    assert _bits(model.predict(x, verbose=0)) == predicted
    assert _bits(model(x)) == eager


def test_silu_and_mish_under_a_tape_keep_eigens():
    # a train step reads the pre-activation in its gradient: TF does not fuse there
    model = _model('silu')
    x = tf.constant(X['tanh'])

    @tf.function
    def taped(v):
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = model(v)
        return y, tape.gradient(y, v)

    assert _bits(taped(x)[0]) == SILU_EAGER
    assert onednn_activations.mish(np.float32([100.0]))[0] == 100.0       # the exp is capped: no inf / inf
