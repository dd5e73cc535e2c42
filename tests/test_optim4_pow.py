"""tf.pow / ** on float32 with TensorFlow's bits: Eigen's vectorized generic_pow (framework/ops/eigen_pow.py).

Golden values: TensorFlow 2.21 (tensorflow-cpu, x86-64) run on the inputs below, written as the
int32 bit patterns of its float32 results (/work/notes/progs/optim4/gold_pow.py):
tf.pow(x, 2.0), tf.pow(x, 0.5), tf.pow(x, y), a grid of special values, a 13-element tensor (its
last 5 through C's powf), sha256 digests of 10**5 results, a gradient and a traced 1.5 power.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math, eigen_pow


def floats(bits):
    return np.array(bits, np.int32).view(np.float32)


def bits_of(t):
    return np.asarray(t.numpy() if hasattr(t, 'numpy') else t, np.float32).view(np.int32).ravel().tolist()


X = [1080535546, 1095569263, 1091957691, 1089347750, 1088695778, 1098719784, 1100012648,
    1080403202, 1095838526, 1086327127, 1100659240, 1100166469, 1095484700, 1097929332, 1092959408,
    1099183744, 1091562574, 1088021979, 1085473480, 1083316045, 1093182471, 1091197149, 1096055997,
    1050460673, 1091548378, 1089125183, 1081913092, 1094626914, 1091289216, 1086397781, 1082608271,
    1099693425, 1098865048, 1094874676, 1088285063, 1100448559, 1093968203, 1091235864, 1099963548,
    1087207362]
Y = [1070117601, -1078024734, -1074517136, 1070442812, -1073000002, -1117666611, 1059317237,
    -1071691862, 1072482906, 1053201966, 1064883891, -1081938790, -1088196169, -1121358898,
    -1099563120, 1068751557, 1058934589, -1087669684, -1065413693, 1075219261, 1042205608,
    -1078878649, -1178818991, -1068488741, 1078932831, 1081786035, -1067324043, -1081005098,
    1072403980, -1078052772, 1057575266, -1087709992, 1074554249, 1080736729, 1078385604,
    1064807683, -1070731130, 1080354130, -1066146189, -1076943551]
X_SQUARED = [1095869490, 1126449593, 1118808895, 1113424057, 1112236483, 1132088456, 1134817637,
    1095631008, 1126885283, 1108348418, 1136331007, 1135168625, 1126314546, 1130562496, 1121275539,
    1133023359, 1117901746, 1111062396, 1106926023, 1101446444, 1121857380, 1117095899, 1127243478,
    1035991560, 1117869847, 1113012952, 1098475784, 1124992848, 1117295928, 1108454718, 1099890545,
    1134107239, 1132376989, 1125365598, 1111514376, 1135826954, 1124001390, 1117179766, 1134706790,
    1109715205]
X_HALF = [1072924471, 1080368747, 1078193545, 1076794894, 1076553344, 1082036235, 1082665845,
    1072854758, 1080518428, 1075628097, 1082964739, 1082737850, 1080321430, 1081633927, 1078832091,
    1082267363, 1077932766, 1076298106, 1075273512, 1074315045, 1078970208, 1077686678, 1080638249,
    1057859239, 1077923296, 1076713012, 1073632800, 1079832725, 1077749139, 1075656898, 1073977435,
    1082514527, 1082109119, 1079975560, 1076398465, 1082868425, 1079445939, 1077712981, 1082642739,
    1075981344]
X_POW_Y = [1089503954, 1018653623, 1013277707, 1103704312, 1013164055, 1062984590, 1087136972,
    1026187431, 1122527110, 1073757664, 1099852845, 1028670613, 1045020123, 1063572630, 1058150739,
    1112404325, 1081634365, 1049470822, 982070473, 1108235583, 1069051258, 1028474798, 1065337610,
    1111222316, 1150850854, 1159308259, 1006668914, 1031175608, 1113062453, 1032692730, 1074442074,
    1041733531, 1138346050, 1175760185, 1137521897, 1099542918, 984909968, 1158563668, 931765021,
    1028261664]
SPECIAL = [0, -2147483648, 1065353216, -1082130432, 1073741824, -1071644672, 1056964608,
    2139095040, -8388608, 2143289344, 71362, 2137108966]
SPECIAL_POW = [1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216,
    1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216,
    1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216,
    1065353216, 0, -2147483648, 1065353216, -1082130432, 1073741824, -1071644672, 1056964608,
    2139095040, -8388608, 2143289344, 71362, 2137108966, 2139095040, -8388608, 1065353216,
    -1082130432, 1056964608, -1093874484, 1073741824, 0, -2147483648, 2143289344, 2139095040, 0, 0,
    0, 1065353216, 1065353216, 1082130432, 1086849024, 1048576000, 2139095040, 2139095040,
    2143289344, 0, 2139095040, 2139095040, 2139095040, 1065353216, 2143289344, 1043662067,
    2143289344, 1085605107, 0, 0, 2143289344, 2139095040, 0, 0, 0, 1065353216, 2143289344,
    1068827891, 2143289344, 1060439283, 2139095040, 2139095040, 2143289344, 0, 1601199823, 0, 0,
    1065353216, 1065353216, 2139095040, 2139095040, 0, 2139095040, 2139095040, 2143289344, 0,
    2139095040, 2139095040, 2139095040, 1065353216, 1065353216, 0, 0, 2139095040, 0, 0, 2143289344,
    2139095040, 0, 2143289344, 2143289344, 1065353216, 2143289344, 2143289344, 2143289344,
    2143289344, 2143289344, 2143289344, 2143289344, 2143289344, 2143289344, 1065353216, 1065353216,
    1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216,
    1065353216, 1065353216, 0, 0, 1065353216, 1065353216, 2139095040, 2139095040, 0, 2139095040,
    2139095040, 2143289344, 0, 2139095040]
TAIL_SQUARED = [1095869490, 1126449593, 1118808895, 1113424057, 1112236483, 1132088456, 1134817637,
    1095631008, 1126885283, 1108348419, 1136331007, 1135168625, 1126314546]
GRAD_CUBE = [1109211942, 1140220566, 1132707951, 1126572171, 1125681490, 1144764774, 1148578328,
    1109033080, 1140862394, 1121457411, 1150043839, 1149104810, 1140017995, 1143620304, 1134557934,
    1145886910]
TRACED_ONE_AND_HALF = [1088184501, 1110935339, 1105561493, 1101161925, 1100501995, 1115403858,
    1117395806, 1087996068, 1111298627, 1097545682, 1118444972, 1117642255, 1110821994, 1114238996,
    1107607686, 1116102398]
DIGEST = 'fbafc4b53597224c2d2b664949ed418070f0cc7f7b1343eb6e3e380b224c3fe0'
DIGEST_SQUARED = 'd48ffd704c147452f78a51083c2fc5351e08205c8407718a4512fbb9bf6dd7e7'


# every size (the default, 'small', covers up to 32 elements): the conftest fixture
pytestmark = pytest.mark.usefixtures('exact_math')


def test_square_and_root_are_not_numpys():
    x = tf.constant(floats(X))
    assert bits_of(x ** 2) == X_SQUARED
    assert bits_of(tf.pow(x, 0.5)) == X_HALF
    assert bits_of(tf.math.pow(x, tf.constant(floats(Y)))) == X_POW_Y
    # numpy's correctly rounded square differs from TensorFlow's pow somewhere in these 40
    assert bits_of(np.square(floats(X))) != X_SQUARED


def test_special_values_follow_c_pow_rules():
    special = floats(SPECIAL)
    x, y = [a.ravel() for a in np.meshgrid(special, special)]
    got = np.asarray(eigen_pow.pow(x, y))
    want = floats(SPECIAL_POW)
    same = (got.view(np.int32) == want.view(np.int32)) | (np.isnan(got) & np.isnan(want))
    assert same.all(), [(x[i], y[i], got[i], want[i]) for i in np.nonzero(~same)[0][:5]]


def test_the_last_size_mod_8_elements_take_powf():
    assert bits_of(tf.constant(floats(X)[:13]) ** 2.0) == TAIL_SQUARED
    # fewer than 8 elements: all through powf, which is numpy's square on these
    assert bits_of(tf.constant(floats(X)[:5]) ** 2.0) == bits_of(np.square(floats(X)[:5]))
    assert bits_of(tf.constant(floats(X)[3]) ** 2.0) == bits_of(floats(X)[3] * floats(X)[3])


def test_hundred_thousand_values_match():
    rng = np.random.default_rng(7)
    x = rng.uniform(0, 4, 100000).astype(np.float32)
    y = rng.uniform(-3, 3, 100000).astype(np.float32)
    assert hashlib.sha256(eigen_pow.pow(x, y).tobytes()).hexdigest() == DIGEST
    assert hashlib.sha256((tf.constant(x) ** 2).numpy().tobytes()).hexdigest() == DIGEST_SQUARED


def test_gradient_takes_pow_again():
    v = tf.Variable(floats(X)[:16])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v ** 3.0)
    assert bits_of(tape.gradient(loss, v)) == GRAD_CUBE


def test_traced_constant_exponents_become_cheaper_ops():
    x = floats(X)[:16]
    f = tf.function(lambda a: (a ** 2, a ** 3, a ** 0.5, a ** 1.5, a ** 1, a ** 0))
    square, cube, root, other, one, zero = [r.numpy() for r in f(tf.constant(x))]
    assert bits_of(square) == bits_of(x * x)                  # grappler's Square
    assert bits_of(cube) == bits_of(x * (x * x))              # Mul(x, Square(x))
    assert bits_of(root) == bits_of(np.sqrt(x))               # Sqrt
    assert bits_of(other) == TRACED_ONE_AND_HALF              # still a Pow
    assert bits_of(one) == bits_of(x) and (zero == 1).all()
    # a tensor exponent is no constant of the graph: the Pow stays
    g = tf.function(lambda a, e: a ** e)
    assert bits_of(g(tf.constant(floats(X)), tf.constant(2.0))) == X_SQUARED


def test_by_default_only_small_tensors_take_tensorflows_pow():
    # the default mode keeps numpy's (100-800x cheaper) pow above 256 elements, as for exp or tanh
    eigen_math.ENABLED[0] = 'small'
    x = floats(X)
    assert len(x) <= eigen_math.SMALL_ELEMENTWISE
    assert bits_of(tf.constant(x) ** 2) == X_SQUARED
    big = np.tile(x, eigen_math.SMALL_ELEMENTWISE // len(x) + 1)
    assert bits_of(tf.constant(big) ** 2) == bits_of(big ** np.float32(2))
    assert bits_of(tf.constant(x[:13]) ** 2.0) == TAIL_SQUARED


def test_exact_math_off_gives_numpy():
    eigen_math.ENABLED[0] = False
    x = floats(X)
    assert bits_of(tf.constant(x) ** 2) == bits_of(x ** np.float32(2))


# Six eager steps on a 13-element float32 variable, gradients 0.7 * sin(3 w + step), as
# /work/notes/progs/optim4/gold_fl.py ran them on TensorFlow 2.21 (Keras 3.15): the final weights' bits.
FTRL_WEIGHTS = [-1082625270, -1089348295, -1096537087, -1094082508, -1102503275, -1111911961, -1117409619,
                1046422855, 1047615665, 1038463992, 1063779093, 1065773229, 1052099353]
LAMB_WEIGHTS = [-1077550637, -1080974791, -1086085539, -1089845456, -1093153456, -1095568017, -1106798598,
                1055600404, 1063480175, 1067697121, 1069724295, 1070911039, 1071278962]


@pytest.mark.parametrize('make, want', [
    (lambda: tf.keras.optimizers.Ftrl(0.1, l1_regularization_strength=0.01), FTRL_WEIGHTS),
    (lambda: tf.keras.optimizers.Lamb(0.05), LAMB_WEIGHTS)], ids=['ftrl', 'lamb'])
def test_ftrl_and_lamb_take_tensorflows_pow(make, want):
    opt = make()
    w = tf.Variable(np.linspace(-1.5, 2.0, 13).astype('float32'))
    for step in range(6):
        g = np.sin(w.numpy() * 3 + step).astype('float32') * np.float32(0.7)
        opt.apply_gradients([(tf.constant(g), w)])
    assert bits_of(w) == want


def test_keras_ops_power_keeps_a_python_exponent_a_graph_constant():
    x = floats(X)
    f = tf.function(lambda a: tf.keras.ops.power(a, 2))
    assert bits_of(f(tf.constant(x))) == bits_of(x * x)             # Square in the trace, as on TF
    assert bits_of(tf.keras.ops.power(tf.constant(x), 2)) == X_SQUARED
    assert tf.keras.ops.power(tf.constant([1, 2, 3]), 2).dtype == tf.int32
