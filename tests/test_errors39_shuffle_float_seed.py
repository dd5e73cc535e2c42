"""Dataset.shuffle refuses a float seed as TF 2.21 does (it converts the seed to an int64 tensor).

Printed by TF 2.21:
    tf.data.Dataset.range(3).shuffle(3, seed=1.5)  -> TypeError: Cannot convert 1.5 to EagerTensor of dtype int64
    tf.data.Dataset.range(3).shuffle(3, seed=2.0)  -> TypeError: Cannot convert 2.0 to EagerTensor of dtype int64
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('seed, shown', [(1.5, '1.5'), (2.0, '2.0')])
def test_float_seed_is_refused_when_the_stage_is_made(seed, shown):
    with pytest.raises(TypeError) as info:
        tf.data.Dataset.range(3).shuffle(3, seed=seed)
    assert str(info.value) == 'Cannot convert %s to EagerTensor of dtype int64' % shown


def test_numpy_float_seeds_pass_truncated_as_in_tf():
    # TF 2.21: shuffle(5, seed=np.float64(1.5)) and seed=1 both give [0, 4, 3, 1, 2] with no global seed set
    # (one an earlier test set would change the order, in TF too)
    tf.random.set_seed(None)
    truncated = list(tf.data.Dataset.range(5).shuffle(5, seed=np.float64(1.5)).as_numpy_iterator())
    assert truncated == list(tf.data.Dataset.range(5).shuffle(5, seed=1).as_numpy_iterator())
    assert [int(v) for v in truncated] == [0, 4, 3, 1, 2]
