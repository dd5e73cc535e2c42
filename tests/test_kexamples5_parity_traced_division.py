"""A float ``x / c`` with a constant ``c`` in a traced step or tf.function is ``x * (1 / c)``, as TF 2.21's
Grappler constant folding rewrites it (ReduceDivToReciprocalMul; framework/ops/graph_rewrites.py). The
keras.io contrastive-learning example's ``logits / temperature`` (0.1) made the fit history differ in the
5th digit (25.3049 where TF prints 25.3050). The bits were printed by TF 2.21 for the same operands:
``tf.function(lambda x: x / 0.1)(x).numpy().reshape(-1).view(np.uint32)``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

TRACED = [
    3247964160, 3241870885, 3230406803, 1077655110, 1092872044, 1099722916, 3242337501, 3231340036,
    1075788644, 1092405428, 1099489608, 3242804118, 3232273268, 1073922179, 1091938812, 1099256299,
    3243270734, 3233206502, 1070369603, 1091472196, 1099022991, 3243737350, 3234139734, 1066636673,
    1091005580, 1098671718, 3244203966, 3235072967, 1060454269, 1090538963, 1098205102, 3244670582,
    3236006200, 1049012208, 1089625653, 1097738486, 3245137199, 3236939432, 3191496246, 1088692420,
    1097271870, 3245603815, 3237872664, 3206578963, 1087759188, 1096805253, 3246070431, 3238404292,
    3213440844, 1086825955, 1096338637, 3246464172, 3238870909, 3217173775, 1085892723, 1095872021,
    3246697480, 3239337525, 3220906705, 1084959490, 1095405404, 3246930789, 3239804142, 3222932554]

# the gradient of sum(w @ x / 0.3) in a tf.function (TF 2.21's bits; its g / 0.3 is rewritten too)
GRADIENT = [
    1065912456, 1065912456, 1065912456, 1065912456, 1065912456, 1065912456, 1065912456, 1065912456,
    1045220557, 1045220557, 1045220557, 1045220557, 1045220557, 1045220557, 1045220557, 1045220557,
    3207244457, 3207244457, 3207244457, 3207244457, 3207244457, 3207244457, 3207244457, 3207244457,
    1069267900, 1069267900, 1069267900, 1069267900, 1069267900, 1069267900, 1069267900, 1069267900,
    1058642329, 1058642329, 1058642329, 1058642329, 1058642329, 1058642329, 1058642329, 1058642329,
    1076817646, 1076817646, 1076817646, 1076817646, 1076817646, 1076817646, 1076817646, 1076817646,
    1072623342, 1072623342, 1072623342, 1072623342, 1072623342, 1072623342, 1072623342, 1072623342,
    1065353212, 1065353212, 1065353212, 1065353212, 1065353212, 1065353212, 1065353212, 1065353212]


def _operands():
    x = ((np.arange(64) * 0.7311) % 3.7 - 1.9).astype(np.float32).reshape(8, 8)
    w = ((np.arange(64) * 0.53) % 0.9 - 0.4).astype(np.float32).reshape(8, 8)
    return tf.constant(x), tf.constant(w)


def test_traced_division_by_a_number_multiplies_by_its_reciprocal():
    x, _ = _operands()
    traced = tf.function(lambda x: x / 0.1)(x).numpy().reshape(-1).view(np.uint32).tolist()
    assert traced == TRACED
    eager = (x / 0.1).numpy().reshape(-1).view(np.uint32).tolist()
    assert sum(a != b for a, b in zip(eager, TRACED)) == 9          # eager TF divides: the test can fail
    assert eager == (x.numpy() / np.float32(0.1)).reshape(-1).view(np.uint32).tolist()


@pytest.mark.skipif(not onednn_policy.enabled(), reason='the golden is of oneDNN matmul sums')
def test_traced_gradient_of_a_division():
    x, w = _operands()

    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.matmul(w, x) / 0.3)
        return tape.gradient(y, x)

    assert grad(x).numpy().reshape(-1).view(np.uint32).tolist() == GRADIENT


def test_division_kept_where_grappler_keeps_it():
    x, _ = _operands()
    ints = tf.function(lambda i: i / 2)(tf.constant([3, 4]))
    assert ints.dtype.name == 'float64' and ints.numpy().tolist() == [1.5, 2.0]     # integer truediv
    by_tensor = tf.function(lambda x, c: x / c)(x, tf.constant(0.1))                  # no constant in the graph
    assert np.array_equal(by_tensor.numpy(), x.numpy() / np.float32(0.1))
    assert np.isinf(tf.function(lambda x: x / 0.0)(x).numpy()).all()


def test_fit_history_uses_the_traced_quotient():
    # a Dense model whose loss divides by a temperature: the traced step multiplies, as TF's
    keras.utils.set_random_seed(3)
    try:
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
        model.compile(optimizer='sgd', loss=lambda y, p: tf.reduce_mean(tf.square(y - p) / 0.1))
        x = np.random.RandomState(0).rand(8, 4).astype(np.float32)
        y = np.random.RandomState(1).rand(8, 2).astype(np.float32)
        eager_loss = float(tf.reduce_mean(tf.square(y - model(x)) / 0.1))
        traced_loss = model.evaluate(x, y, verbose=0)
        assert traced_loss == float(tf.reduce_mean(tf.square(y - model(x)) * np.float32(10.0)))
        assert abs(traced_loss - eager_loss) < 1e-5
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()


# ``1 / x`` traced is Reciprocal(x) (Grappler; 14 of these 48 values differ from the eager quotient),
# its gradient the division's: TF 2.21's bits for tf.function of y = 1.0 / x, d sum(w * y) / dx
ONE_OVER = [
    1084227584, 1065973960, 1058669380, 1054207545, 1050926872, 1048890396, 1066426155, 1058947030,
    1054473169, 1051082042, 1048992018, 1066926142, 1059240388, 1054749051, 1051241761, 1049096042,
    1067481920, 1059550825, 1055035800, 1051406233, 1049202554, 1068103379, 1059879878, 1055334068,
    1051575674, 1049311643, 1068802892, 1060229272, 1055644565, 1051750310, 1049423404, 1069596151,
    1060600954, 1055968058, 1051930386, 1049537937, 1070503354, 1060997126, 1056305382, 1052116160,
    1049655347, 1071550954, 1061420293, 1056657440, 1052307906, 1049775743, 1072774272, 1061873308]

ONE_OVER_GRADIENT = [
    1092616192, 3189345503, 1035068996, 3176095970, 1007043824, 3170369137, 3184553625, 1038283633,
    3174182963, 1012959681, 3168902650, 3173861435, 1041017936, 3172110615, 1017121391, 3167361913,
    1023460735, 1042998318, 3168834917, 1020436609, 3165742825, 1039975604, 3193296134, 3163962323,
    1023679507, 3164041014, 1047837102, 3192556980, 3154842235, 1025540919, 3161998432, 1053121363,
    3191693509, 990966854, 1027514990, 3158235347, 1058190347, 3190685554, 1013109632, 3178450385,
    3154276944, 1062272100, 3189509093, 1020861244, 3177215853, 3146107136, 1066499271, 3188135361]


@pytest.mark.usefixtures('intel_reciprocal')      # goldens measured on the Xeon (Intel's VRCPPS)
def test_traced_one_over_is_reciprocal(exact_math):
    x = tf.constant(((np.arange(48) * 0.7311) % 3.7 + 0.2).astype(np.float32))
    w = tf.constant(((np.arange(48) * 0.53) % 0.9 - 0.4).astype(np.float32))

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = 1.0 / x
            s = tf.reduce_sum(w * y)
        return y, tape.gradient(s, x)

    y, g = f(x)
    assert y.numpy().view(np.uint32).tolist() == ONE_OVER
    assert g.numpy().view(np.uint32).tolist() == ONE_OVER_GRADIENT
    eager = (1.0 / x).numpy().view(np.uint32).tolist()
    assert sum(a != b for a, b in zip(eager, ONE_OVER)) == 14
