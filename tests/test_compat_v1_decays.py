"""tf.compat.v1.train's learning-rate decays, run eagerly: functions of no arguments that read the global step
when called, against TF 2.21's float32 bits at steps 0..12 (/work/notes/progs/me23/v1opt/probe4.py, tf4.out)."""
import functools

import numpy as np
import pytest

import framework as tf

v1 = tf.compat.v1

_TF = {   # decay: (how it is made from the step variable, the rate's float32 bits at steps 0..12)
    'exp': (lambda step: v1.train.exponential_decay(0.1, step, 5, 0.96),
        [1036831949, 1036722815, 1036614567, 1036507200, 1036400706, 1036295078, 1036190308, 1036086391, 1035983319, 1035881084, 1035779682, 1035679103, 1035579343]),
    'exp_stair': (lambda step: v1.train.exponential_decay(0.1, step, 3, 0.5, staircase=True),
        [1036831949, 1036831949, 1036831949, 1028443341, 1028443341, 1028443341, 1020054733, 1020054733, 1020054733, 1011666125, 1011666125, 1011666125, 1003277517]),
    'piecewise': (lambda step: v1.train.piecewise_constant(step, [3, 7], [1.0, 0.5, 0.1]),
        [1065353216, 1065353216, 1065353216, 1065353216, 1056964608, 1056964608, 1056964608, 1056964608, 1036831949, 1036831949, 1036831949, 1036831949, 1036831949]),
    'poly': (lambda step: v1.train.polynomial_decay(0.1, step, 10, 0.001, power=0.5),
        [1036831949, 1036150075, 1035429144, 1034661560, 1033836890, 1032940114, 1031948182, 1029845791, 1027174753, 1023693791, 981668463, 981668463, 981668463]),
    'poly_cycle': (lambda step: v1.train.polynomial_decay(0.1, step, 4, 0.01, power=2.0, cycle=True),
        [1036831949, 1031295468, 1023745720, 1015021568, 1008981770, 1018796442, 1015021568, 1010491720, 1008981770, 1015021568, 1011666125, 1009652858, 1008981770]),
    'natural': (lambda step: v1.train.natural_exp_decay(0.1, step, 5, 0.3),
        [1036831949, 1036050326, 1035314221, 1034620983, 1033968116, 1033353270, 1032774229, 1032228909, 1031631907, 1030664597, 1029753618, 1028895690, 1028087723]),
    'natural_stair': (lambda step: v1.train.natural_exp_decay(0.1, step, 4, 0.3, staircase=True),
        [1036831949, 1036831949, 1036831949, 1036831949, 1033353270, 1033353270, 1033353270, 1033353270, 1029753618, 1029753618, 1029753618, 1029753618, 1025935339]),
    'inverse': (lambda step: v1.train.inverse_time_decay(0.1, step, 5, 0.5),
        [1036831949, 1035611788, 1034594986, 1033734617, 1032997157, 1032358025, 1031798784, 1030811889, 1029934650, 1029149750, 1028443341, 1027804210, 1027223180]),
    'inverse_stair': (lambda step: v1.train.inverse_time_decay(0.1, step, 5, 0.5, staircase=True),
        [1036831949, 1036831949, 1036831949, 1036831949, 1036831949, 1032358025, 1032358025, 1032358025, 1032358025, 1032358025, 1028443341, 1028443341, 1028443341]),
    'cosine': (lambda step: v1.train.cosine_decay(0.1, step, 10, alpha=0.1),
        [1036831949, 1036536340, 1035678450, 1034342255, 1032658551, 1029785517, 1026052715, 1021960445, 1016615663, 1011346642, 1008981771, 1008981771, 1008981771]),
    'cosine_restarts': (lambda step: v1.train.cosine_decay_restarts(0.1, step, 3, t_mul=2.0, m_mul=0.8, alpha=0.05),
        [1036831949, 1033644278, 1022067997, 1034281812, 1033598506, 1031664567, 1026564292, 1019517864, 1009079514, 1032241703, 1032102674, 1031591331, 1030294487]),
    'linear_cosine': (lambda step: v1.train.linear_cosine_decay(0.1, step, 10),
        [1036845371, 1035207584, 1033135683, 1029966035, 1025590009, 1020108419, 1013190471, 1003348861, 990099288, 968145719, 953267992, 953267992, 953267992]),
}


@pytest.mark.parametrize('name', sorted(_TF))
def test_decay_follows_the_global_step_with_tfs_bits(name):
    step = tf.Variable(0, dtype=tf.int64, trainable=False)
    make, expected = _TF[name]
    rate = make(step)
    assert isinstance(rate, functools.partial)
    bits = []
    for i in range(13):
        step.assign(i)
        value = rate().numpy()
        assert value.dtype == np.float32
        bits.append(int(value.view(np.int32)))
    assert bits == expected


def test_an_optimizer_takes_a_decayed_rate_and_advances_the_step():
    step = tf.Variable(0, dtype=tf.int64, trainable=False)
    w = tf.Variable([1.0, -2.0])
    optimizer = v1.train.GradientDescentOptimizer(v1.train.exponential_decay(0.1, step, 2, 0.5, staircase=True))
    seen = []
    for _ in range(4):
        optimizer.minimize(lambda: tf.reduce_sum(w * w), global_step=step)
        seen.append((int(step.numpy()), w.numpy().tolist()))
    # TF 2.21 (probe5.py): the rate is 0.1 for the first two steps, then 0.05
    assert seen == [(1, [0.800000011920929, -1.600000023841858]), (2, [0.6399999856948853, -1.2799999713897705]),
                    (3, [0.5759999752044678, -1.1519999504089355]), (4, [0.5183999538421631, -1.0367999076843262])]


def test_piecewise_constant_needs_one_value_more_than_boundaries():
    with pytest.raises(ValueError, match='The length of boundaries should be 1 less than the length of values'):
        v1.train.piecewise_constant(tf.Variable(0), [1, 2], [1.0, 0.5])
