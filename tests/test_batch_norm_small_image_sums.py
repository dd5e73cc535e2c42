"""A BatchNormalization over images (or steps) of fewer than 4096 values sums its moments and its
gamma / beta / input gradients in TensorFlow's order in the default mode too, not only in the
exact-math mode: sums over two or more leading axes take Eigen's InnerMostDimPreserver order at
every size (framework/eigen_outer_sum.py). numpy's order gave 7 of 8 gamma gradients a different
last bit at (2, 6, 6, 8). One leading axis (a hand-written bias, a 2-D BatchNormalization) keeps
numpy's order below 4096 values (tests/test_kerasio_exact_mode_small_outer_sums.py pins that).
A channels-first BatchNormalization (axis=1) sums over the axes either side of its features, which
TF adds with the last reduced axis as the outer loop (numpy's order differed in both modes).

Golden values: this file's program under /opt/tfref/bin/python (TF 2.21 / Keras 3, oneDNN on),
printed as ``.view(np.uint32)`` of the gradients (/work/notes/progs/bn8/gold.py, gold2.py for axis=1);
the third item is the sum of all of x's gradient's bit patterns modulo 1000003, the fourth its first
8 values.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

GOLD = {
    ((2, 6, 6, 8), False): (
        [1090722276, 1080220117, 1085273587, 1058673450, 1068824958, 1086887413, 1073740319, 1081591454],
        [3249373042, 3237965856, 1093866661, 1087092067, 1071477472, 1068989902, 3221019838, 3232758356],
        520392, [1061152534, 3204180057, 3190611561, 1061252341, 3219549914, 3224267998, 1045964777, 3204162468]),
    ((2, 6, 6, 8), True): (
        [1090722276, 1080220117, 1085273587, 1058673450, 1068824958, 1086887413, 1073740319, 1081591454],
        [3249373042, 3237965856, 1093866661, 1087092067, 1071477472, 1068989902, 3221019838, 3232758356],
        520520, [1061152534, 3204180057, 3190611562, 1061252341, 3219549914, 3224267998, 1045964777, 3204162468]),
    ((3, 7, 9, 16), False): (
        [3233956837, 3246337397, 3219340043, 1094276785, 3239138466, 1103318231, 1081043890, 1101559790,
         1107331735, 3230686049, 1088196683, 3239029092, 3195980372, 3251872344, 1088427564, 1027000148],
        [3255580038, 3246778202, 3247840861, 3236874802, 1084345386, 3248712982, 1065413266, 1083956055,
         3216857452, 1099939734, 3242083034, 1097427682, 3221443444, 1093480367, 3221150730, 1090824487],
        875379, [1065569792, 3208812185, 1061367354, 1057474063, 3218708330, 1051337647, 1055950469, 1076145137]),
    ((3, 7, 9, 16), True): (
        [3233956837, 3246337397, 3219340043, 1094276785, 3239138466, 1103318231, 1081043890, 1101559790,
         1107331735, 3230686049, 1088196683, 3239029092, 3195980372, 3251872344, 1088427564, 1027000148],
        [3255580038, 3246778202, 3247840861, 3236874802, 1084345386, 3248712982, 1065413266, 1083956055,
         3216857452, 1099939734, 3242083034, 1097427682, 3221443444, 1093480367, 3221150730, 1090824487],
        875574, [1065569793, 3208812185, 1061367354, 1057474063, 3218708330, 1051337646, 1055950469, 1076145137]),
}
CHANNELS_FIRST = {
    False: ([3238749562, 1049776232, 1100480912, 1091824186, 3230458973, 3229889779, 1097348497, 1096734728],
            [3226270056, 3241312413, 3220971690, 1070603764, 3239019799, 3216274892, 1089957352, 3241184420],
            34725, [3196703064, 3185537166, 1039982178, 3211163142, 1058805970, 3198703272, 3199019028, 1050508626]),
    True: ([3238749562, 1049776232, 1100480912, 1091824186, 3230458973, 3229889779, 1097348497, 1096734728],
           [3226270056, 3241312413, 3220971690, 1070603764, 3239019799, 3216274892, 1089957352, 3241184420],
           34760, [3196703064, 3185537166, 1039982178, 3211163142, 1058805970, 3198703272, 3199019028, 1050508626]),
}
# tf.reduce_sum(np.random.RandomState(5).randn(6, 7, 2, 9).astype('float32'), [0, 1, 3])
FIRST_AND_LAST_SUM = [3229741436, 1075656165]


def _bits(a):
    return np.asarray(a, np.float32).reshape(-1).view(np.uint32)


def _gradients(shape, traced, axis=-1):
    rng = np.random.RandomState(sum(shape))
    x = tf.constant(rng.randn(*shape).astype(np.float32))
    w = tf.constant(rng.randn(*shape).astype(np.float32))
    bn = keras.layers.BatchNormalization(axis=axis)
    bn.build(shape)
    bn.gamma.assign(rng.uniform(0.5, 1.5, shape[axis]).astype(np.float32))
    bn.beta.assign(rng.randn(shape[axis]).astype(np.float32))

    def step(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(bn(x, training=True) * w)
        return tape.gradient(loss, [bn.gamma, bn.beta, x])
    return (tf.function(step) if traced else step)(x)


def _mode(value):
    before = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = value
    yield
    eigen_math.ENABLED[0] = before


@pytest.fixture
def default_mode():
    yield from _mode('small')


@pytest.fixture(params=['small', True], ids=['default', 'exact'])
def either_mode(request):
    yield from _mode(request.param)


@pytest.mark.parametrize('shape, traced', sorted(GOLD), ids=lambda v: str(v))
def test_small_image_batch_norm_gradients_have_tf_bits_in_the_default_mode(default_mode, shape, traced):
    assert np.prod(shape) < 4096
    _check(_gradients(shape, traced), GOLD[shape, traced])


@pytest.mark.parametrize('traced', [False, True], ids=['eager', 'traced'])
def test_channels_first_batch_norm_gradients_have_tf_bits(either_mode, traced):
    _check(_gradients((4, 8, 5, 5), traced, axis=1), CHANNELS_FIRST[traced])


def test_a_sum_either_side_of_the_kept_axis_has_tf_bits():
    w = np.random.RandomState(5).randn(6, 7, 2, 9).astype(np.float32)
    assert _bits(tf.reduce_sum(w, [0, 1, 3])).tolist() == FIRST_AND_LAST_SUM


def _check(gradients, gold):
    gamma, beta, dx_sum, dx_head = gold
    dgamma, dbeta, dx = gradients
    assert _bits(dgamma).tolist() == gamma
    assert _bits(dbeta).tolist() == beta
    assert _bits(dx)[:8].tolist() == dx_head
    assert int(_bits(dx).astype(np.int64).sum() % 1000003) == dx_sum

