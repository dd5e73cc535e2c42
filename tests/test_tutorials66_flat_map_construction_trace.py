"""Dataset.flat_map and Dataset.interleave trace map_func when the stage is made, as TF 2.21 does (the tf.data
guide's flat_map / interleave): a print in map_func shows before what the program prints next, and its trace
errors are raised by flat_map() / interleave() themselves; tapeflow traced at the first element read.
Goldens: TF 2.21's output of /work/notes/progs/tutorials66/flat_print.py."""
import sys

import pytest

import framework as tf


def _repeated(x):
    print('tracing', x)
    return tf.data.Dataset.from_tensors(x).repeat(2)


def test_flat_map_prints_its_trace_when_made(capsys):
    ds = tf.data.Dataset.range(3).flat_map(_repeated)
    print('made')
    assert list(ds.as_numpy_iterator()) == [0, 0, 1, 1, 2, 2]
    assert capsys.readouterr().out == 'tracing Tensor("args_0:0", shape=(), dtype=int64)\nmade\n'


def test_interleave_prints_its_trace_when_made(capsys):
    ds = tf.data.Dataset.range(3).interleave(_repeated, cycle_length=2)
    print('made')
    assert list(ds.as_numpy_iterator()) == [0, 1, 0, 1, 2, 2]
    assert capsys.readouterr().out == 'tracing Tensor("args_0:0", shape=(), dtype=int64)\nmade\n'


def test_flat_map_after_a_map_prints_its_trace_when_made(capsys):
    ds = tf.data.Dataset.range(3).map(lambda x: x * 2).flat_map(_repeated)
    print('made')
    assert list(ds.as_numpy_iterator()) == [0, 0, 2, 2, 4, 4]
    assert capsys.readouterr().out == 'tracing Tensor("args_0:0", shape=(), dtype=int64)\nmade\n'


def test_flat_map_returning_no_dataset_fails_when_made():
    with pytest.raises(AttributeError) as caught:
        tf.data.Dataset.range(3).flat_map(lambda x: x)
    assert str(caught.value) == "'Tensor' object has no attribute '_name'"


def test_interleave_trace_error_is_raised_when_made():
    here = sys._getframe().f_lineno
    with pytest.raises(AttributeError) as caught:
        tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.from_tensors(x.numpy()))
    assert str(caught.value) == (
        'in user code:\n\n    File "%s", line %d, in None  *\n'
        '        lambda x: tf.data.Dataset.from_tensors(x.numpy())\n\n'
        "    AttributeError: 'SymbolicTensor' object has no attribute 'numpy'\n" % (__file__, here + 2))
