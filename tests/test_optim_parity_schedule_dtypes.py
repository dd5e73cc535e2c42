"""Schedules with an integer or float64 initial rate give Keras 3's dtypes and values.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref), printing
``(dtype, value)`` of ``schedule(step)``. Keras computes with an integer initial
rate as its ops dictate: ExponentialDecay and InverseTimeDecay in float64
(TensorFlow's int32 / int32), PolynomialDecay and CosineDecay in float32
(ops.divide; float64 when cycling), hyper-parameters cast to int32 first (so
decay_rate 0.5 becomes 0 and CosineDecay's pi becomes 3). tapeflow returned
int32 rates (0 after the first step). A float64 rate sees Python floats cast
through float32 (end_learning_rate 0.0001 -> 9.999999747378752e-05).
"""
import numpy as np
import pytest

from optim.schedules import (CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay,
                             PolynomialDecay)

STEPS = (0, 1, 2, 3, 5, 7, 11)
CASES = [
    (lambda: ExponentialDecay(1, 4, 0.5), 'float64', [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    (lambda: ExponentialDecay(2, 3, 3, staircase=True), 'float64', [2.0, 2.0, 2.0, 6.0, 6.0, 18.0, 54.0]),
    (lambda: PolynomialDecay(1, 4, 0), 'float32', [1.0, 0.75, 0.5, 0.25, 0.0, 0.0, 0.0]),
    (lambda: PolynomialDecay(3, 5, 0.5, power=2.7), 'float32',
     [3.0, 1.9200000762939453, 1.0800000429153442, 0.47999995946884155, 0.0, 0.0, 0.0]),
    (lambda: PolynomialDecay(3, 3, 1, power=2, cycle=True), 'float64',
     [3.0, 1.888888888888889, 1.2222222222222223, 1.0, 1.0555555555555556, 1.0987654320987654, 1.0138888888888888]),
    (lambda: InverseTimeDecay(1, 4, 1), 'float64',
     [1.0, 0.8, 0.6666666666666666, 0.5714285714285714, 0.4444444444444444, 0.36363636363636365, 0.26666666666666666]),
    (lambda: InverseTimeDecay(2, 3, 2.5, staircase=True), 'float64',
     [2.0, 2.0, 2.0, 0.6666666666666666, 0.6666666666666666, 0.4, 0.2857142857142857]),
    (lambda: CosineDecay(1, 4), 'float32',
     [1.0, 0.8658444285392761, 0.5353686213493347, 0.18591317534446716, 0.005003750324249268, 0.005003750324249268,
      0.005003750324249268]),
    (lambda: CosineDecay(2, 5, alpha=0.3), 'float32',
     [2.0, 1.877734899520874, 1.5536503791809082, 1.140958547592163, 0.6070052981376648, 0.6070052981376648,
      0.6070052981376648]),
]


@pytest.mark.parametrize('make, dtype, expected', CASES)
def test_an_integer_initial_rate_computes_as_keras(make, dtype, expected):
    schedule = make()
    got = [schedule(step).numpy() for step in STEPS]
    assert all(str(v.dtype) == dtype for v in got)
    assert [v.item() for v in got] == expected


@pytest.mark.parametrize('make', [lambda: CosineDecayRestarts(1, 4),
                                  lambda: CosineDecay(1, 4, warmup_target=2, warmup_steps=2)])
def test_schedules_tensorflow_cannot_run_on_an_integer_rate_say_so(make):
    # TensorFlow raises TypeError (InvalidArgumentError with warmup) at the first step.
    with pytest.raises(TypeError, match=r'initial_learning_rate must be a float \(got the integer 1\); write 1.0'):
        make()(0)


def test_a_float64_rate_sees_python_floats_through_float32():
    schedule = PolynomialDecay(np.float64(0.1), 4, power=0.5)
    got = [schedule(step).numpy() for step in (0, 1, 3, 5)]
    assert [str(v.dtype) for v in got] == ['float64'] * 4
    assert [v.item() for v in got] == [0.1, 0.08661593783772698, 0.0500499999987369, 9.999999747378752e-05]
