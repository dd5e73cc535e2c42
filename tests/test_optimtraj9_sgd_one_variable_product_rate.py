"""SGD on one variable in a tf.function that returns None, with a scaled gradient (global_clipnorm's
scale, gradient accumulation's 1 / n) and a schedule whose rate is a product (ExponentialDecay,
CosineDecay without warmup, CosineDecayRestarts): TF 2.21 keeps (g * s) * lr there, where with a
float rate it merges g * (lr * s). tapeflow merged in both (1 ulp in a few weights).

Golden values printed by TF 2.21 (Keras 3) on CPU with /work/notes/progs/optimtraj9/gold_onevar.py:
the snippet below, then ``w.numpy().view(np.uint32).tolist()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules
_CASES = {
    'exp_global_clipnorm': (
        lambda: keras.optimizers.SGD(S.ExponentialDecay(0.05, 7, 0.8), global_clipnorm=1.0),
        [3220304622, 3214251709, 3210263916, 3205067258, 3193815923, 1035714600, 1053348604, 1060851144,
         1065802005, 1068436479, 1071168335, 1073785306]),
    'cosine_accumulation': (
        lambda: keras.optimizers.SGD(S.CosineDecay(0.05, 40, alpha=0.1), momentum=0.9,
                                     gradient_accumulation_steps=3),
        [3223858482, 3214026356, 3209691835, 3204552599, 3191510828, 1040504906, 1054536361, 1061387659,
         1066088656, 1068730270, 1071394044, 1073916637]),
    'restarts_global_clipnorm': (
        lambda: keras.optimizers.SGD(S.CosineDecayRestarts(0.05, 8), momentum=0.9, global_clipnorm=1.0),
        [3229860237, 3212282937, 3211500203, 3203148881, 3186178722, 1018515413, 1059209362, 1058971982,
         1066925418, 1068326126, 1072048636, 1074681556]),
}


@pytest.mark.parametrize('name', sorted(_CASES))
def test_one_variable_unreturned_step_keeps_scaled_gradient_times_rate(name):
    make, expected = _CASES[name]
    keras.backend.clear_session()
    w = tf.Variable(np.linspace(-1.5, 2.0, 12, dtype=np.float32))
    opt = make()

    @tf.function
    def step(g):
        opt.apply_gradients([(g, w)])

    for i in range(30):
        step(tf.constant(np.cos(np.arange(12, dtype=np.float32) * (i + 1)) * 0.7))
    assert w.numpy().view(np.uint32).tolist() == expected


def test_schedules_say_whether_their_rate_is_a_product():
    assert S.ExponentialDecay(0.1, 5, 0.9).ends_in_product
    assert S.CosineDecay(0.1, 5).ends_in_product
    assert not S.CosineDecay(0.0, 5, warmup_target=0.1, warmup_steps=2).ends_in_product
    assert S.CosineDecayRestarts(0.1, 5).ends_in_product
    assert not S.PiecewiseConstantDecay([3], [0.1, 0.01]).ends_in_product
    assert not S.InverseTimeDecay(0.1, 5, 0.5).ends_in_product
    assert not S.PolynomialDecay(0.1, 5).ends_in_product
