"""A traced ``x / None`` after a trace whose noted sqrt output has died raises TF's error: the dead weak
reference read as None matched the None divisor, and the division silently became x * rsqrt(<the old
trace's tensor>) (a (2, 2) result of ones; found by the errors39 tests run after seedvariants4's)."""
import pytest

import framework as tf


def test_division_by_none_after_a_trace_with_sqrt():
    @tf.function
    def with_sqrt(a):
        tf.sqrt(a)
        return a
    with_sqrt(tf.ones([2, 1]))
    with pytest.raises(ValueError, match='None values not supported'):
        tf.function(lambda a: a / None)(tf.ones([2]))
