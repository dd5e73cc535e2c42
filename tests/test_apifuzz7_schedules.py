"""Learning-rate schedules given strings or no boundaries fail when called, as TF 2.21 / Keras 3 do.
Goldens: the same calls under TF 2.21 (/work/notes/progs/apifuzz7/p/s1.py)."""
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules
_CAST = '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast %s is not supported ' \
        '[Op:Cast] name: '


@pytest.mark.parametrize('schedule, cast', [
    (lambda: S.ExponentialDecay('a', 10, 0.9), 'int32 to string'),      # Keras casts decay_steps to the rate's dtype
    (lambda: S.InverseTimeDecay('a', 10, 0.5), 'int32 to string'),
    (lambda: S.CosineDecay('a', 10), 'int32 to string'),
    (lambda: S.CosineDecayRestarts('a', 10), 'int32 to string'),
    (lambda: S.PolynomialDecay('a', 10), 'float to string'),            # end_learning_rate first
    (lambda: S.PiecewiseConstantDecay(['a'], [0.1, 0.2]), 'string to int32'),
])
def test_a_string_is_made_and_refused_at_the_call_with_tf_cast_error(schedule, cast):
    made = schedule()
    with pytest.raises(tf.errors.UnimplementedError) as caught:
        made(3)
    assert str(caught.value) == _CAST % cast
    assert isinstance(caught.value, TypeError)        # what tapeflow raised before


def test_piecewise_constant_without_boundaries_fails_reading_the_first():
    schedule = S.PiecewiseConstantDecay([], [0.1])    # made, as in Keras 3
    with pytest.raises(IndexError, match='^list index out of range'):
        schedule(0)
