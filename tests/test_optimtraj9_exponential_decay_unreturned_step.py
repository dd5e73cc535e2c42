"""AdamW on an ExponentialDecay rate in a tf.function: the weight decay's ``var * wd * lr`` rounds as
TF 2.21's graph does. Where the function returns something (fit's train step), grappler splits the
rate's product into the chain, ``var * ((wd * initial) * decay_rate ** p)``; where it returns None
it keeps ``var * (wd * lr)``, as with the cosine schedules. tapeflow split it in both.

Golden values printed by TF 2.21 (Keras 3) on CPU with
/work/notes/progs/optimtraj9/gold_expdecay2.py: the snippet below, then
``w.numpy().reshape(-1).view(np.uint32).tolist()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_NONE = {
    False: [3217710894, 3215207857, 3214077020, 3213205897, 3211568096, 3209976900, 3208725578, 3206380980,
            3203522393, 3199949469, 3196133888, 3189649219, 3178258300, 1027562608, 1044113995, 1050644701,
            1054307000, 1057639332, 1059094680, 1060072621, 1062974248, 1065199251, 1066137231, 1067166024,
            1067939434, 1068323714, 1069783005, 1070937894, 1071823888, 1072799297],
    True: [3217728180, 3215185468, 3214053824, 3213188706, 3211528788, 3209943051, 3208713889, 3206361638,
           3203474908, 3199913909, 3196102522, 3189595868, 3178262567, 1027453399, 1044125009, 1050643678,
           1054290777, 1057632610, 1059077702, 1060029286, 1062955565, 1065180353, 1066118303, 1067153136,
           1067923068, 1068290331, 1069760837, 1070917217, 1071798928, 1072774852],
}
# the returning step differs from the None-returning one in one weight each
_RETURNING = {False: {**dict(enumerate(_NONE[False])), 28: 1071823887},
              True: {**dict(enumerate(_NONE[True])), 16: 1054290776}}


def _train(staircase, returns):
    keras.backend.clear_session()
    w = tf.Variable(np.linspace(-1.5, 2.0, 30, dtype=np.float32).reshape(6, 5))
    schedule = keras.optimizers.schedules.ExponentialDecay(0.011, 2, 0.9, staircase=staircase)
    opt = keras.optimizers.AdamW(schedule, weight_decay=0.37)

    @tf.function
    def step(g):
        opt.apply_gradients([(g, w)])
        if returns:
            return opt.iterations

    for i in range(40):
        step(tf.constant(np.cos(np.arange(30, dtype=np.float32) * (i + 1)).reshape(6, 5)))
    return w.numpy().reshape(-1).view(np.uint32).tolist()


@pytest.mark.parametrize('staircase', [False, True])
def test_function_returning_none_keeps_weight_decay_times_rate(staircase):
    assert _train(staircase, returns=False) == _NONE[staircase]


@pytest.mark.parametrize('staircase', [False, True])
def test_returning_function_splits_the_rate_product(staircase):
    expected = _RETURNING[staircase]
    assert _train(staircase, returns=True) == [expected[i] for i in range(30)]
