"""framework.quiet_floats: numpy's warnings off inside, the caller's error state back after."""
import numpy as np
import pytest

import framework as tf
from framework import quiet_floats


def test_inside_everything_is_ignored_and_the_state_before_comes_back():
    with np.errstate(all='raise'):
        token = quiet_floats.begin()
        try:
            assert np.geterr() == {'divide': 'ignore', 'over': 'ignore', 'under': 'ignore', 'invalid': 'ignore'}
            assert np.isinf(np.float32(1) / np.float32(0))
        finally:
            quiet_floats.end(token)
        assert np.geterr() == {'divide': 'raise', 'over': 'raise', 'under': 'raise', 'invalid': 'raise'}


def test_kernels_keep_the_callers_state_even_when_it_raises():
    # exp / softmax / reciprocal overflow and divide by zero as TF's kernels do, whatever numpy's state;
    # the user's state is as it was afterwards
    with np.errstate(all='raise'):
        assert tf.exp(tf.constant([1000., -1000., 0.] * 4)).numpy().tolist()[:3] == [np.inf, 0.0, 1.0]
        assert tf.math.reciprocal(tf.constant([0.] * 16)).numpy().tolist() == [np.inf] * 16
        assert tf.nn.softmax(tf.constant([[1000., -1000., 0.] * 4])).numpy()[0, 0] == np.float32(0.25)
        assert np.geterr()['over'] == 'raise'
        with pytest.raises(FloatingPointError):
            np.float32(1) / np.float32(0)
