"""The exact gelu's gradient in a traced step takes grappler's folded constants:
g * (exp(-v * v) * (k * -c)) through its erfc term (framework/ops/gelu_folded_constants.py), where an
eager tape computes -(((g * k) * exp(-v * v)) * c).

Golden bits from TF 2.21 (tensorflow-cpu), /work/notes/progs/grid11/t_gelu_gold.py: tf.nn.gelu of the
(4, 8) input below, the gradient of sum(gelu(z) * R) with R a captured tensor (a numpy R is a Const
that grappler folds further), eagerly and in a tf.function (10 of 32 differ).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('intel_reciprocal')     # erfc's packets refine Intel's VRCPPS estimate

Z = [1076606293, 1059561130, 1041512537, 3224560946, 3201632445, 3204987450, 3187551884, 3211838637,
    3179715587, 3208069233, 3220980501, 1068095734, 1068054155, 1076108920, 1033483279, 3206243689,
    3209784080, 3222566458, 1069325651, 3218302893, 3219359592, 3198021738, 1074703253, 1052101712,
    3217330454, 3213419787, 1064310805, 3195440236, 3214122456, 3199248865, 1066339585, 1077785830]
R = [3214884719, 3206569180, 3209544605, 3222983234, 3211558306, 3213037148, 1066393218, 3188135046,
    3218065361, 1059425414, 3199625503, 3219070783, 3206069768, 3205934623, 3210720960, 1022585443,
    3222266741, 3196655637, 1065463807, 1062883574, 1066260759, 1066354737, 1069443024, 3213829242,
    1062766730, 3220058529, 3206174382, 3220508011, 1065757107, 1068152812, 3192530707, 1071851410]
OUT = [1076565232, 1056526463, 1034241872, 3152904888, 3188739187, 3189899912, 3177517899, 3190231807,
    3170835525, 3190669876, 3175399599, 1067068717, 1067021852, 1076053331, 1025697299, 3190359414,
    3190627991, 3166792320, 1068456654, 3181824112, 3179897233, 3186579708, 1074582641, 1047018925,
    3183736600, 3189504558, 1061570490, 3183977336, 3188910426, 3187734936, 1064853355, 1077766963]
EAGER_DZ = [3215152137, 3206091049, 3204249121, 1027898005, 3190841111, 3186429304, 1055328965, 1007821834,
    3208250571, 1009367792, 1023474174, 3220931143, 3207341288, 3206260704, 3204084945, 990464600,
    1031243112, 1013369278, 1066553439, 3184531467, 3187009251, 1050010028, 1070207021, 3210538884,
    3185209902, 1044087964, 3206850673, 3206066721, 3186678888, 1050719142, 3193946880, 1072046438]
GRAPH_DZ = [3215152137, 3206091049, 3204249121, 1027898004, 3190841112, 3186429302, 1055328965, 1007821830,
    3208250571, 1009367776, 1023474174, 3220931144, 3207341288, 3206260704, 3204084945, 990464600,
    1031243112, 1013369276, 1066553439, 3184531467, 3187009251, 1050010028, 1070207021, 3210538884,
    3185209902, 1044087968, 3206850673, 3206066721, 3186678890, 1050719143, 3193946880, 1072046438]


def _f32(bits, shape):
    return np.array(bits, np.uint32).view(np.float32).reshape(shape)


def _bits(t):
    return np.asarray(t, np.float32).ravel().view(np.uint32).tolist()


def _gelu_and_gradient(traced):
    z, r = tf.constant(_f32(Z, (4, 8))), tf.constant(_f32(R, (4, 8)))

    def f(a):
        with tf.GradientTape() as tape:
            tape.watch(a)
            out = tf.nn.gelu(a, approximate=False)
            loss = tf.reduce_sum(out * r)
        return out, tape.gradient(loss, a)
    out, dz = (tf.function(f) if traced else f)(z)
    return _bits(out), _bits(dz)


def test_eager_gelu_gradient():
    assert _gelu_and_gradient(False) == (OUT, EAGER_DZ)


def test_traced_gelu_gradient_folds_the_constants():
    assert _gelu_and_gradient(True) == (OUT, GRAPH_DZ)


def test_traced_gelu_gradient_of_gradient_is_central_differences_in_float64():
    """float32 only takes the folded op; float64 and the second derivative stay the composite's."""
    x = tf.constant(np.linspace(-3.0, 3.0, 13))

    @tf.function
    def second(a):
        with tf.GradientTape() as outer:
            outer.watch(a)
            with tf.GradientTape() as inner:
                inner.watch(a)
                y = tf.nn.gelu(a)
            dy = inner.gradient(y, a)
        return dy, outer.gradient(dy, a)
    dy, d2y = second(x)
    h = 1e-5
    numeric = (np.asarray(tf.nn.gelu(x + h)) - np.asarray(tf.nn.gelu(x - h))) / (2 * h)
    np.testing.assert_allclose(np.asarray(dy), numeric, rtol=1e-7, atol=1e-9)
    assert np.all(np.isfinite(np.asarray(d2y)))


def test_traced_dense_gelu_keeps_eager_kernel_gradient_values_up_to_rounding():
    keras.backend.clear_session()
    rng = np.random.RandomState(3)
    x = tf.constant(rng.rand(6, 5).astype('float32'))
    layer = keras.layers.Dense(4, activation='gelu')
    layer(x)
    layer.set_weights([rng.randn(5, 4).astype('float32'), rng.randn(4).astype('float32') * 0.1])

    def f(a):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(a))
        return tape.gradient(loss, layer.trainable_weights)
    eager, traced = f(x), tf.function(f)(x)
    for e, g in zip(eager, traced):
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=1e-6, atol=1e-6)
