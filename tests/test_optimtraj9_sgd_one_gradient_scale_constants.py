"""SGD on one variable in a tf.function that returns (or fit), with a gradient scaled by a constant 1 / n
(gradient_accumulation_steps, loss_scale_factor) and a rate that is a schedule's last product
(ExponentialDecay, CosineDecay, CosineDecayRestarts): grappler gathers the two constants,
g * ((1 / n * initial) * rest), as in a weight decay's chain; tapeflow computed g * (lr * (1 / n)). With two
or more gradients TF 2.21 keeps g * (lr * (1 / n)) (unchanged).

Golden values printed by TF 2.21 (Keras 3) on CPU with /work/notes/progs/optimtraj9/gold_onevar_ret.py:
the snippet below, then ``w.numpy().view(np.uint32).tolist()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules
_CASES = {
    'exp_accumulation': (
        lambda: keras.optimizers.SGD(S.ExponentialDecay(0.05, 7, 0.8), momentum=0.9, gradient_accumulation_steps=3),
        [3235263769, 3231964940, 3231684262, 3231452874, 3231218227, 3230947487, 3230771880, 3230453119,
         3230180590, 3229936452, 3229684834, 3229232901, 3228780838, 3228292015, 3227721770, 3227234768,
         3226711592, 3226178312, 3225718059, 3225664320, 3224692750, 3224338454, 3223673418, 3223358707,
         3222666988, 3222874381, 3221663651, 3221018658, 3220052945, 3219062034]),
    'cosine_loss_scale_factor': (
        lambda: keras.optimizers.SGD(S.CosineDecay(0.05, 40, alpha=0.1), momentum=0.9, loss_scale_factor=3.0),
        [3240344674, 3237388800, 3237132601, 3236880940, 3236626620, 3236375291, 3236121659, 3235868830,
         3235614514, 3235361825, 3235108635, 3234855287, 3234602780, 3234343337, 3234097056, 3233842567,
         3233590551, 3233335976, 3233086522, 3232859174, 3232579427, 3232323666, 3232071983, 3231817526,
         3231566698, 3231627036, 3231060056, 3230805460, 3230552913, 3230299557]),
    'restarts_accumulation': (
        lambda: keras.optimizers.SGD(S.CosineDecayRestarts(0.05, 6, t_mul=1.0, m_mul=0.7), momentum=0.9,
                                     gradient_accumulation_steps=2),
        [3233281692, 3230446363, 3230146556, 3229944841, 3229460978, 3228885880, 3229417754, 3228812399,
         3227776577, 3227189403, 3226650388, 3226190152, 3226234585, 3225739157, 3224571834, 3224062880,
         3223665442, 3223261099, 3223336358, 3223418621, 3219910244, 3219156404, 3220412263, 3217016357,
         3215563611, 3220058139, 3217401937, 3215167743, 3213958913, 3212572468]),
}


@pytest.mark.parametrize('name', sorted(_CASES))
def test_one_gradient_constant_scale_joins_the_rate_constant(name):
    make, expected = _CASES[name]
    keras.backend.clear_session()
    w = tf.Variable(np.linspace(-1.5, 2.0, 30, dtype=np.float32))
    opt = make()

    @tf.function
    def step(g):
        opt.apply_gradients([(g, w)])
        return opt.iterations

    for i in range(40):
        step(tf.constant(np.cos(np.arange(30, dtype=np.float32) * (i + 1)) * 0.7 + np.float32(i % 5)))
    assert w.numpy().view(np.uint32).tolist() == expected
