"""tf.data performance guide details, as TF 2.21 runs them (golden values from
progs/tutorials6/probe_il2.py, probe_pyf.py, probe_genargs.py):

- interleave's unset cycle_length is what TF's kernels resolve it to: the schedulable cores for a
  plain interleave; with num_parallel_calls=AUTOTUNE ceil(cores / 3); with a number n, min(n, cores),
  and n above a fixed cycle_length is TF's InvalidArgumentError;
- tf.py_function whose func returns None returns no values (the guide's `tf.py_function(lambda:
  time.sleep(...), [], ())` in a map raised on tapeflow);
- from_generator hands the generator its args as TF's tensors read back (np.int32 scalars, bytes),
  so the guide's TimeMeasuredDataset can key a dict by one (a 0-d ndarray is unhashable).
"""
import numpy as np
import pytest

import framework as tf
from framework.data import combine


def _order(cores, monkeypatch, **kwargs):
    monkeypatch.setattr(combine, 'schedulable_cores', lambda: cores)
    inner = lambda x: tf.data.Dataset.range(3).map(lambda y: y + 10 * x)     # noqa: E731
    return [int(v) for v in tf.data.Dataset.range(3).interleave(inner, **kwargs)]


SEQUENTIAL = [0, 1, 2, 10, 11, 12, 20, 21, 22]
PAIRED = [0, 10, 1, 11, 2, 12, 20, 21, 22]


@pytest.mark.parametrize('kwargs, want', [
    ({}, PAIRED),                                              # TF 2.21 on 2 cores
    ({'cycle_length': tf.data.AUTOTUNE}, PAIRED),
    ({'num_parallel_calls': tf.data.AUTOTUNE}, SEQUENTIAL),    # ceil(2 / 3) = 1
    ({'cycle_length': tf.data.AUTOTUNE, 'num_parallel_calls': tf.data.AUTOTUNE}, SEQUENTIAL),
    ({'num_parallel_calls': 2}, PAIRED),
    ({'num_parallel_calls': 1}, SEQUENTIAL),
    ({'cycle_length': 3, 'num_parallel_calls': tf.data.AUTOTUNE}, [0, 10, 20, 1, 11, 21, 2, 12, 22]),
])
def test_interleave_cycle_length_on_two_cores(monkeypatch, kwargs, want):
    assert _order(2, monkeypatch, **kwargs) == want


def test_interleave_autotuned_parallel_cycle_on_more_cores(monkeypatch):
    assert _order(7, monkeypatch, num_parallel_calls=tf.data.AUTOTUNE) == [0, 10, 20, 1, 11, 21, 2, 12, 22]  # ceil(7/3)
    assert _order(1, monkeypatch) == SEQUENTIAL


def test_interleave_more_parallel_calls_than_cycle_raises(monkeypatch):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'`num_parallel_calls` is 3 and `cycle_length` is 2'):
        _order(2, monkeypatch, num_parallel_calls=3)


def test_py_function_returning_none():
    assert tf.py_function(lambda: None, [], ()) == []
    assert tf.py_function(lambda: None, [], []) == []
    assert tf.numpy_function(lambda: None, [], []) is None
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.py_function(lambda: None, [], [tf.int32])      # TF: 'pyfunc_N returns 0 values, but expects to see 1'

    def mapped(s):
        tf.py_function(lambda: None, [], ())
        return s
    assert list(tf.data.Dataset.range(3).map(mapped).as_numpy_iterator()) == [0, 1, 2]


def test_from_generator_args_are_tf_values():
    seen = []

    def gen(a, b, c, d):
        seen.extend([a, b, c, d])
        yield 1
    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec((), tf.int32), args=(3, 2.5, 'ab', [1, 2]))
    assert list(ds.as_numpy_iterator()) == [1]
    a, b, c, d = seen
    assert type(a) is np.int32 and a == 3 and {a: 0}       # hashable, as TF's np.int32(3)
    assert type(b) is np.float32 and b == 2.5
    assert c == b'ab'
    assert isinstance(d, np.ndarray) and d.dtype == np.int32 and d.tolist() == [1, 2]
