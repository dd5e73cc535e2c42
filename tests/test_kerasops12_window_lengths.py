"""keras.ops' window functions check no length, as Keras 3.15 on TF 2.21: a negative one meets TF's Range.

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops12/g10.py (/opt/tfref; 11 of 11 lines equal after the
fix; tapeflow raised its own ValueError 'the window length must be >= 0').
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
RANGE = ('{{function_node __wrapped__Range_device_/job:localhost/replica:0/task:0/device:CPU:0}} Requires start <= '
         'limit when delta > 0: %s [Op:Range] name: ')


@pytest.mark.parametrize('name, args, bounds', [
    ('hamming', (-1,), '0/-1'), ('hanning', (-1,), '0/-1'), ('blackman', (-1,), '0/-1'), ('bartlett', (-1,), '0/-1'),
    ('kaiser', (-1, 2.0), '1/-0.9'), ('hamming', (-3,), '0/-3'), ('bartlett', (-2,), '0/-2'),
])
def test_negative_lengths_meet_tf_range(name, args, bounds):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        getattr(ops, name)(*args)
    assert str(caught.value) == RANGE % bounds


def test_empty_and_single_windows():
    for name, n, expected in (('bartlett', 0, []), ('bartlett', 1, [1.0]), ('blackman', 0, []), ('hamming', 0, [])):
        out = getattr(ops, name)(n)
        assert (out.dtype.name, np.asarray(out).tolist()) == ('float32', expected)
