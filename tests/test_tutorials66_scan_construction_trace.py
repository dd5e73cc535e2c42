"""Dataset.scan traces scan_func when the stage is made, as TF 2.21 does: its trace error is raised by scan() itself
(tapeflow raised it at the first element read). Goldens: TF 2.21's texts from
/work/notes/progs/tutorials66/scan_time.py and the tf.data guide's probe data_guide.py."""
import sys

import pytest

import framework as tf


def _expected(line, source, text):
    return 'in user code:\n\n    File "%s", line %d, in None  *\n        %s\n\n    %s\n' % (__file__, line, source, text)


def test_scan_traces_its_function_when_the_stage_is_made():
    ds = tf.data.Dataset.range(5)
    here = sys._getframe().f_lineno
    with pytest.raises(TypeError) as caught:
        ds.scan(0, lambda s, x: (s + x, s))
    assert str(caught.value) == _expected(
        here + 2, 'lambda s, x: (s + x, s)',
        "TypeError: Input 'y' of 'AddV2' Op has type int64 that does not match type int32 of argument 'x'.")


def test_scan_that_traces_runs_as_before():
    ds = tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s * 10))
    assert list(ds.as_numpy_iterator()) == [0, 0, 10, 30, 60]
    assert ds.element_spec == tf.TensorSpec((), tf.int64)


def test_scan_pair_check_at_construction():
    with pytest.raises(TypeError, match='Invalid `scan_func`'):
        tf.data.Dataset.range(3).scan(tf.constant(0, tf.int64), lambda s, x: s + x)
