"""CosineDecay in a traced step (Keras's train step, a tf.function) takes the value of TensorFlow's optimized
graph: without warmup, grappler folds pi into 1 / decay_steps, (pi * (1 / decay_steps)) * step, where
eager computes pi * (step / decay_steps); with warmup nothing is folded (optim/schedules/cosine_decay.py).
The expected bits were printed by TF 2.21 (/work/notes/progs/classify4/cos3.py, cosd2.py).
"""
import numpy as np

import framework as tf
from framework import keras

TRACED = [1008981770, 1008966875, 1008922282, 1008848266, 1008745283, 1008613968, 1008455131, 1008269751,
    1008058971, 1007824091, 1007566558, 1007287959, 1006990015, 1006674560, 1006054121, 1005365033, 1004653144,
    1003922844, 1003178635, 1002425107, 1001666903, 1000908700, 1000155172, 999410962, 998680663, 997693196,
    996315019, 994990940, 993729124, 992537345, 991422954, 990392820, 989050851, 987364612, 985881570,
    984610873, 983560355, 982736495, 982144365, 981787621, 981668463, 981668463]
EAGER = [1008981770, 1008966875, 1008922282, 1008848266, 1008745283, 1008613968, 1008455131, 1008269751,
    1008058971, 1007824091, 1007566558, 1007287959, 1006990015, 1006674560, 1006054121, 1005365033, 1004653144,
    1003922844, 1003178637, 1002425107, 1001666903, 1000908701, 1000155171, 999410962, 998680662, 997693196,
    996315023, 994990940, 993729124, 992537341, 991422954, 990392820, 989050851, 987364612, 985881570,
    984610873, 983560359, 982736493, 982144365, 981787621, 981668463, 981668463]
WARMUP_TRACED = [981668463, 997419872, 1003660997, 1008061420, 1010975863, 1013890304, 1015913157, 1017370378,
    1017332278, 1017218576, 1017031069, 1016772712, 1016447579, 1016060799, 1015618470, 1015127568, 1014170104,
    1013041752, 1011866304, 1010662299, 1009448726, 1008244719, 1007069270, 1005248875, 1003121948, 1001158342,
    999389030, 997439459, 994838400, 992771538, 991271476, 990361874, 990057071, 990057071]


def _rates(schedule, steps, traced):
    step = tf.Variable(0, dtype='int64')
    call = tf.function(lambda: schedule(step)) if traced else (lambda: schedule(step))
    out = []
    for i in range(steps):
        step.assign(i)
        out.append(int(np.float32(call()).view(np.uint32)))
    return out


def test_traced_cosine_decay_folds_pi_into_the_reciprocal_of_decay_steps():
    assert TRACED != EAGER
    schedule = keras.optimizers.schedules.CosineDecay(0.01, 40, alpha=0.1)
    assert _rates(schedule, 42, traced=True) == TRACED
    assert _rates(schedule, 42, traced=False) == EAGER


def test_traced_cosine_decay_with_warmup_folds_nothing():
    schedule = keras.optimizers.schedules.CosineDecay(0.001, 25, alpha=0.1, warmup_target=0.02, warmup_steps=7)
    assert _rates(schedule, 34, traced=True) == WARMUP_TRACED
    assert _rates(schedule, 34, traced=False) == WARMUP_TRACED
