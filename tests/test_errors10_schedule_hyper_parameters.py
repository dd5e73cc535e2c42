"""Learning-rate schedules whose hyper-parameters TF cannot cast fail when called, as Keras 3 on TF 2.21.

ExponentialDecay / InverseTimeDecay decay_rate, PolynomialDecay end_learning_rate / power,
CosineDecayRestarts t_mul / m_mul and CosineDecay warmup_target go through Keras's ops.cast: None or an
object is TF's conversion ValueError, a string the Cast kernel's UnimplementedError. tapeflow let numpy
make None a NaN rate and raised numpy's ValueError for a string (errors10 fuzzer A/C rows sch.*).
Texts printed by /work/notes/progs/errors10/p/s2.py under /opt/tfref; the numbers are unchanged.
"""
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules
MAKERS = [
    lambda v: S.ExponentialDecay(0.1, 10, v),
    lambda v: S.InverseTimeDecay(0.1, 10, v),
    lambda v: S.PolynomialDecay(0.1, 10, end_learning_rate=v),
    lambda v: S.PolynomialDecay(0.1, 10, power=v),
    lambda v: S.CosineDecayRestarts(0.1, 10, t_mul=v),
    lambda v: S.CosineDecayRestarts(0.1, 10, m_mul=v),
    lambda v: S.CosineDecay(0.1, 10, warmup_target=v, warmup_steps=5),
]


@pytest.mark.parametrize('make', MAKERS[:-1])     # CosineDecay's warmup_target=None means no warmup
def test_none_is_the_conversion_error(make):
    with pytest.raises(ValueError) as info:
        make(None)(3)
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


@pytest.mark.parametrize('make', MAKERS)
def test_a_string_is_the_cast_kernels_error(make):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        make('a')(3)
    assert str(info.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Cast string to float is not supported [Op:Cast] name: ')


@pytest.mark.parametrize('make, expected', [
    (MAKERS[0], 0.08122523874044418), (MAKERS[1], 0.08695652335882187), (MAKERS[3], 0.0836823359131813),
    (MAKERS[5], 0.07938926666975021),
])
def test_numbers_still_give_tensorflows_rates(make, expected):
    assert float(make(0.5)(3)) == expected
