"""GroupNormalization takes axis=0 (the batch axis) as Keras 3 does on TF 2.21.

Keras's build only reads input_shape[axis], and its call groups that axis and keeps the axis found by
pop(axis - 1) out of the reduction: for axis=0 the last one. So GroupNormalization(2, axis=0) of a (4, 3, 2)
batch normalizes over (batch // 2, 3) per group and per last channel; axis=-rank fails in that pop
(IndexError 'pop index out of range'); a symbolic batch of None is Keras's 'defined dimension' error.
tapeflow refused both axes in build ("axis 0 is not a channel axis of an input of shape ...").
Values: TF 2.21 (probes /work/notes/progs/layers24/g1.py, g2.py); float32 sums, so compared within rounding.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _layer(groups, axis, x):
    layer = L.GroupNormalization(groups, axis=axis, epsilon=0.5)
    layer.build(x.shape)
    layer.set_weights([np.arange(1, n + 1, dtype='float32') * s
                       for n, s in [(layer.gamma.shape[0], 0.5), (layer.beta.shape[0], 0.25)]])
    return layer


X = (np.arange(24, dtype='float32').reshape(4, 3, 2) ** 1.5 / 7).astype('float32')

# TF 2.21 gives these
AXIS0_GROUPS2 = [-0.29698002338409424, -0.3362996280193329, -0.18062160909175873, -0.1782221645116806,
                 0.03213128447532654, 0.04721418023109436, 0.615272045135498, 0.6474473476409912,
                 1.2677745819091797, 1.2863448858261108, 2.0078933238983154, 2.0008225440979004,
                 -1.2995812892913818, -1.307751178741455, -0.5505251884460449, -0.5513548851013184,
                 0.25414037704467773, 0.2573075294494629, 1.4810748100280762, 1.4867362976074219,
                 2.6886539459228516, 2.6922898292541504, 3.958226203918457, 3.9567065238952637]
AXIS0_GROUPS4 = [-0.05302131175994873, -0.11994006484746933, 0.18442972004413605, 0.20398977398872375,
                 0.6185916662216187, 0.665950357913971, -0.47435057163238525, -0.49588632583618164,
                 0.45825767517089844, 0.4622197151184082, 1.5160934925079346, 1.5336668491363525,
                 -0.8465914726257324, -0.8601317405700684, 0.7114443778991699, 0.7137479782104492,
                 2.3851470947265625, 2.396381378173828, -1.213226318359375, -1.2231454849243164,
                 0.9627647399902344, 0.9643955230712891, 3.2504634857177734, 3.2587480545043945]


@pytest.mark.parametrize('groups, expected', [(2, AXIS0_GROUPS2), (4, AXIS0_GROUPS4)])
def test_axis0_groups_the_batch(groups, expected):
    layer = _layer(groups, 0, X)
    assert [tuple(w.shape) for w in layer.weights] == [(4,), (4,)]
    out = np.asarray(layer(X))
    assert out.shape == (4, 3, 2) and out.dtype == np.float32
    np.testing.assert_allclose(out.ravel(), expected, rtol=2e-6, atol=2e-6)


def test_axis0_gradient_and_function_run():
    layer = _layer(2, 0, X)
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    grads = tape.gradient(loss, [x] + layer.trainable_weights)
    assert [tuple(g.shape) for g in grads] == [(4, 3, 2), (4,), (4,)]
    traced = tf.function(lambda a: layer(a))(x)
    np.testing.assert_allclose(np.asarray(traced).ravel(), AXIS0_GROUPS2, rtol=2e-6, atol=2e-6)


def test_negative_rank_axis_fails_in_keras_pop():
    # TF 2.21: IndexError 'Exception encountered when calling GroupNormalization.call(). ... pop index out of range'
    layer = L.GroupNormalization(2, axis=-3)
    with pytest.raises(IndexError, match='pop index out of range'):
        layer(X)


def test_symbolic_axis0_needs_a_known_batch():
    # TF 2.21's text
    with pytest.raises(ValueError) as info:
        L.GroupNormalization(2, axis=0)(keras.Input((5, 6)))
    assert str(info.value).startswith('Axis 0 of input tensor should have a defined dimension but the layer received '
                                      'an input with shape (None, 5, 6).')


def test_channel_axis_unchanged():
    # the recipe gives the channel axes what it gave before: TF 2.21's GroupNormalization(3, axis=-2)
    out = np.asarray(_layer(3, -2, X)(X))
    np.testing.assert_allclose(out.ravel(), [
        0.19974809885025024, 0.30025190114974976, 0.26738452911376953, 0.7326154708862305, 0.2912008762359619,
        1.208799123764038, 0.06986117362976074, 0.4301389455795288, 0.09596061706542969, 0.9040389060974121,
        0.08895301818847656, 1.4110479354858398, 0.013901710510253906, 0.4860985279083252, 0.00025844573974609375,
        0.9997425079345703, -0.036220550537109375, 1.5362224578857422, -0.02299642562866211, 0.5229959487915039,
        -0.06570720672607422, 1.0657072067260742, -0.1254291534423828, 1.6254310607910156], rtol=2e-6, atol=2e-6)
