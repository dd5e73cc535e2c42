"""A BatchNormalization layer's input gradient in a traced step (Keras's train step, a tf.function) adds
its three terms in the order of TensorFlow's optimized graph, whose AddN grappler sorts by input name;
eager, in the tape's order (layers/traced_moments.py). The expected bits were printed by TF 2.21 for the
same programs (/work/notes/progs/classify4/gold_bn.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = [1086474844, 3201019399, 1066179162, 1074675262, 3215913546, 1065405198, 1065308401, 3230168091, 1082241527,
    1077103540, 3210761303, 1056473211, 1075905658, 1046289652, 1049305902, 3226928569, 1076525755, 1068470781,
    1072260226, 3227850684, 1086224280, 1069237197, 3190115133, 1088604795]
G = [3174688436, 3216617431, 3201268231, 3222434753, 1065767584, 3201645599, 3208517629, 1065961140, 3218298482,
    1057559014, 3221495647, 3207168838, 3214549984, 1069228548, 1071780239, 3198724331, 1062681163, 3191361115,
    1058106497, 3208690160, 3218778844, 3219573744, 1053042828, 1074780313]
FULL_EAGER = [1050154641, 3200425488, 3192941919, 3212920386, 1048323764, 3193466950, 3171203872, 1050126688,
    3214869345, 1060655707, 3204832692, 3201153145, 3199320964, 1051023642, 1069970605, 1050544816, 1040760280,
    3168229547, 1061318353, 3190069365, 3215463048, 3207731155, 1032111046, 1072466037]
FULL_TRACED = [1050154641, 3200425488, 3192941920, 3212920386, 1048323763, 3193466950, 3171203872, 1050126687,
    3214869345, 1060655707, 3204832692, 3201153145, 3199320964, 1051023643, 1069970605, 1050544816, 1040760280,
    3168229548, 1061318353, 3190069365, 3215463048, 3207731155, 1032111046, 1072466037]
BARE_EAGER = [1045088449, 3208814096, 3184553311, 3207355821, 1056712372, 3185078342, 3165714826, 1058515296,
    3206480737, 1056293668, 3213221300, 3192764537, 3194815663, 1059412250, 1061581997, 1045608682, 1049148888,
    3159840939, 1057070901, 3198457973, 3207074440, 3203233049, 1040499654, 1064077429]
BARE_TRACED = [1045088448, 3208814096, 3184553312, 3207355820, 1056712371, 3185078342, 3165714832, 1058515295,
    3206480737, 1056293668, 3213221300, 3192764537, 3194815662, 1059412251, 1061581997, 1045608682, 1049148888,
    3159840940, 1057070902, 3198457973, 3207074440, 3203233049, 1040499654, 1064077429]
FIT_LOSS = [1.0804659128189087, 0.9761962890625, 0.8990678191184998]
FIT_WEIGHTS = [[3212378148, 3212085530, 3188114667, 3209185750, 1061781064, 3183919630, 3208742440, 1062808700,
    1061902812, 1051312890, 1055954341, 1052007057], [3096957764, 3113552902, 3099968550, 3092876487],
    [1065639160, 1062664104, 1062546410, 1064068611], [1023746546, 3188740717, 3188218127, 3176263009],
    [3130413248, 1000576932, 1017382488, 3157358958], [1066027307, 1064578374, 1064544098, 1065475303],
    [1051021467, 3210815146, 3206382903, 3205819478], [1038754398]]
# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order) prints other last bits from the second epoch
# (notes/progs/epyc3/bn.py)
FIT_LOSS_AVX2 = [1.0804659128189087, 0.9761962294578552, 0.8990676999092102]
FIT_WEIGHTS_AVX2 = [[3212378149, 3212085530, 3188114668, 3209185750, 1061781064, 3183919628, 3208742440, 1062808699,
    1061902812, 1051312891, 1055954340, 1052007057], [927335367, 3129399561, 3129214591, 3106844269],
    [1065639160, 1062664104, 1062546410, 1064068611], [1023746546, 3188740717, 3188218127, 3176263009],
    [3130407420, 1000530391, 1017369417, 3157358982], [1066027307, 1064578374, 1064544098, 1065475303],
    [1051021467, 3210815146, 3206382903, 3205819478], [1038754398]]


def _floats(bits, shape):
    return np.array(bits, np.uint32).view(np.float32).reshape(shape)


def _bits(values):
    return np.asarray(values, np.float32).reshape(-1).view(np.uint32).tolist()


@pytest.mark.parametrize('center_and_scale, eager, traced', [(True, FULL_EAGER, FULL_TRACED),
                                                              (False, BARE_EAGER, BARE_TRACED)], ids=['full', 'bare'])
def test_input_gradient_adds_in_the_graphs_order_when_traced(center_and_scale, eager, traced):
    assert eager != traced
    layer = keras.layers.BatchNormalization(center=center_and_scale, scale=center_and_scale)
    layer.build((None, 3))
    if center_and_scale:
        layer.gamma.assign([1.5, 0.5, 2.0])
    x, g = tf.constant(_floats(X, (8, 3))), _floats(G, (8, 3))

    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x, training=True) * g)
        return tape.gradient(loss, x)

    assert _bits(grad(x)) == eager
    assert _bits(tf.function(grad)(x)) == traced


def test_traced_moments_keep_the_values_and_the_moving_statistics():
    x = tf.constant(_floats(X, (8, 3)))
    eager, traced = keras.layers.BatchNormalization(), keras.layers.BatchNormalization()
    out = eager(x, training=True)
    assert _bits(tf.function(lambda v: traced(v, training=True))(x)) == _bits(out)
    for a, b in zip(eager.get_weights(), traced.get_weights()):
        assert _bits(a) == _bits(b)


def test_a_dense_batchnorm_classifier_fits_through_tensorflows_bits(exact_math, cpu_kind):
    # the Dense bias before the layer has a gradient of rounding noise only (its exact value is 0),
    # which Adam scales up to steps of the learning rate: it follows TF only with the same bits
    rng = np.random.RandomState(7)
    rng.randn(8, 3), rng.randn(8, 3)                    # the draws of X and G
    keras.utils.set_random_seed(8)
    x = rng.randn(12, 3).astype('float32')
    y = (x[:, 0] * x[:, 1] > 0).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.BatchNormalization(),
                              keras.layers.Activation('relu'), keras.layers.Dense(1, activation='sigmoid')])
    model.compile(keras.optimizers.Adam(0.02), 'binary_crossentropy')
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0)
    avx2 = cpu_kind == 'avx2'
    assert history.history['loss'] == (FIT_LOSS_AVX2 if avx2 else FIT_LOSS)
    assert [_bits(w) for w in model.get_weights()] == (FIT_WEIGHTS_AVX2 if avx2 else FIT_WEIGHTS)
