"""Schedules in a traced step (a returning tf.function, Keras's compiled train step) as TF 2.21's graphs.

- PolynomialDecay(power=3): grappler's ConvertPow makes ``x ** 3`` ``Mul(Square(x), x)`` and
  ConstantPushDown moves ``(initial - end)`` next to ``x``: ``Square(x) * ((initial - end) * x)``
  (eager keeps TF's Pow: 1 ulp apart at ~1 step in 3).
- CosineDecayRestarts: grappler drops ``(1 - alpha) * ... + alpha`` where alpha = 0 and gathers the
  constants of the Mul chain next to ``m_mul ** i``: ``(m_fac * (initial * 0.5)) * (1 + cos)``,
  with alpha ``initial * ((m_fac * ((1 - alpha) * 0.5)) * (1 + cos) + alpha)``.

A tf.function that returns None has no outputs, and grappler then leaves out ConstantPushDown
(framework/function_returns.py): its PolynomialDecay(power=3) is ``(initial - end) * (Square(x) *
x)``, its CosineDecayRestarts keeps eager order and its CosineDecay's angle is ``pi * (step * (1 /
decay_steps))`` (a returning one folds pi into the constant).

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref) calling each schedule inside
``tf.function(lambda t: schedule(t))``, inside a tf.function that assigns it to a variable and
returns None, and eagerly on int64 steps, float32 results as int32 bit patterns
(/work/notes/progs/optim5/gold4.py, gold7.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules


def bits(x):
    return int(np.float32(x.numpy()).view(np.int32))


POLY3_TRACED = [
    1036831949, 1035663806, 1034573512, 1033558378, 1032615723, 1031686936, 1030075426, 1028592768,
    1027233592, 1025992525, 1024864200, 1023843252, 1022438438, 1020793823, 1019331746, 1018041467,
    1016912248, 1015933352, 1015094045, 1013745602, 1012560909, 1011590962, 1010814289, 1010209414,
    1009754863, 1009429162, 1009210835, 1009078407, 1009010403, 1008985349, 1008981770, 1008981770,
]
POLY3_EAGER = [
    1036831949, 1035663807, 1034573512, 1033558377, 1032615723, 1031686934, 1030075430, 1028592770,
    1027233592, 1025992525, 1024864200, 1023843252, 1022438441, 1020793825, 1019331745, 1018041467,
    1016912248, 1015933354, 1015094045, 1013745605, 1012560909, 1011590963, 1010814289, 1010209415,
    1009754864, 1009429163, 1009210835, 1009078407, 1009010403, 1008985349, 1008981770, 1008981770,
]
POLY3_CYCLE_TRACED = [
    1036831949, 1032836716, 1027651659, 1022540243, 1015838567, 1007670890, 997374419, 982505066,
    957339242, 0, 1007670890, 1002485835, 997374419, 990672743, 982505066, 972208604, 957339242,
    932173434, 0, 992639332, 988047529, 982505066, 975600269, 967473501, 957339242, 942307691,
    917141840, 0, 982505066, 977320005,
]
POLY3_CYCLE_EAGER = [
    1036831949, 1032836716, 1027651659, 1022540243, 1015838567, 1007670891, 997374419, 982505067,
    957339243, 0, 1007670891, 1002485835, 997374419, 990672743, 982505067, 972208603, 957339243,
    932173434, 0, 992639332, 988047528, 982505067, 975600269, 967473501, 957339243, 942307691,
    917141839, 0, 982505067, 977320006,
]
RESTARTS_TRACED = [
    1036831949, 1034866376, 1028443340, 1013968938, 1032805417, 1032176055, 1029114430, 1024416808,
    1016028200, 999925534, 1028174905, 1027778283, 1026636256, 1024886571, 1022070349, 1017502242,
    1011397687, 1002164920, 985770409, 1024228904, 1024104812, 1023739224, 1022893524, 1021338537,
    1019487136, 1017439133, 1015304937, 1011377636, 1007451687, 1001411257,
]
RESTARTS_EAGER = [
    1036831949, 1034866376, 1028443340, 1013968938, 1032805417, 1032176055, 1029114429, 1024416808,
    1016028200, 999925534, 1028174905, 1027778283, 1026636256, 1024886571, 1022070349, 1017502243,
    1011397687, 1002164920, 985770409, 1024228904, 1024104811, 1023739224, 1022893523, 1021338536,
    1019487136, 1017439133, 1015304938, 1011377636, 1007451687, 1001411257,
]
RESTARTS_ALPHA_TRACED = [
    1028443341, 1027289842, 1024269943, 1017664107, 1008227055, 1026027422, 1025104623, 1021967232,
    1015994749, 1007304253, 1024094687, 1023302720, 1019437245, 1014296952, 1006499080, 1021686821,
    1020505639, 1017413259, 1012160173, 1005317896, 1019212919, 1018267971, 1015794071, 1010450759,
    1004372938, 1017233799, 1016477839, 1013975871, 1009083219, 1003616983,
]
RESTARTS_ALPHA_EAGER = [
    1028443341, 1027289842, 1024269943, 1017664107, 1008227055, 1026027422, 1025104623, 1021967232,
    1015994750, 1007304259, 1024094687, 1023302719, 1019437246, 1014296963, 1006499080, 1021686821,
    1020505639, 1017413259, 1012160183, 1005317896, 1019212919, 1018267975, 1015794071, 1010450759,
    1004372938, 1017233799, 1016477843, 1013975871, 1009083219, 1003616983,
]


CASES = {
    'poly3': (lambda: S.PolynomialDecay(0.1, 30, 0.01, power=3.0), POLY3_TRACED, POLY3_EAGER),
    'poly3_cycle': (lambda: S.PolynomialDecay(0.1, 9, 0.0, power=3.0, cycle=True), POLY3_CYCLE_TRACED,
                    POLY3_CYCLE_EAGER),
    'restarts': (lambda: S.CosineDecayRestarts(0.1, 4, t_mul=1.5, m_mul=0.7), RESTARTS_TRACED, RESTARTS_EAGER),
    'restarts_alpha': (lambda: S.CosineDecayRestarts(0.05, 5, t_mul=1.0, m_mul=0.8, alpha=0.1),
                       RESTARTS_ALPHA_TRACED, RESTARTS_ALPHA_EAGER),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_schedule_traced_and_eager_bits(name):
    make, traced, eager = CASES[name]
    schedule = make()
    call = tf.function(lambda t: schedule(t))
    assert [bits(call(tf.constant(t, 'int64'))) for t in range(len(traced))] == traced
    assert [bits(schedule(tf.constant(t, 'int64'))) for t in range(len(eager))] == eager


POLY3_NO_RETURN = [
    1036831949, 1035663806, 1034573512, 1033558377, 1032615723, 1031686934, 1030075426, 1028592770,
    1027233592, 1025992525, 1024864200, 1023843252, 1022438438, 1020793823, 1019331746, 1018041467,
    1016912248, 1015933352, 1015094045, 1013745602, 1012560909, 1011590962, 1010814289, 1010209414,
    1009754863,
]

RESTARTS_NO_RETURN = [
    1036831949, 1034866376, 1028443340, 1013968938, 1032805417, 1032176055, 1029114429, 1024416808,
    1016028200, 999925534, 1028174905, 1027778283, 1026636256, 1024886571, 1022070349, 1017502243,
    1011397687, 1002164920, 985770409, 1024228904, 1024104811, 1023739224, 1022893523, 1021338536,
    1019487136,
]

COSINE_NO_RETURN = [
    1036831949, 1036749327, 1036503495, 1036100506, 1035550283, 1034866376, 1034065623, 1033167741,
    1032194840, 1030542968, 1028443340, 1026343712, 1024295783, 1021289789, 1017698267, 1013968938,
    1008497671, 1001558823, 991977651, 975265536, 0,
]

NO_RETURN = {
    'poly3': (lambda: S.PolynomialDecay(0.1, 30, 0.01, power=3.0), POLY3_NO_RETURN),
    'restarts': (lambda: S.CosineDecayRestarts(0.1, 4, t_mul=1.5, m_mul=0.7), RESTARTS_NO_RETURN),
    'cosine': (lambda: S.CosineDecay(0.1, 20), COSINE_NO_RETURN),
}


@pytest.mark.parametrize('name', sorted(NO_RETURN))
def test_schedule_in_a_tf_function_that_returns_none(name):
    make, golden = NO_RETURN[name]
    schedule = make()
    out = tf.Variable(0.0)

    @tf.function
    def assign(t):
        out.assign(schedule(t))
    values = []
    for t in range(len(golden)):
        assign(tf.constant(t, 'int64'))
        values.append(bits(out))
    assert values == golden


def test_returns_value_reads_a_functions_code():
    from framework.function_returns import returns_value

    def no_return(x):
        x + 1

    def bare_returns(x):
        if x:
            return None
        return

    def some_return(x):
        if x:
            return 1

    class Step:
        def method(self):
            pass
    assert not returns_value(no_return) and not returns_value(bare_returns)
    assert not returns_value(Step().method)
    assert returns_value(some_return) and returns_value(lambda x: x) and returns_value(print)
