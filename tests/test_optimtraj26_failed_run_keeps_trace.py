"""A tf.function call whose graph run fails (a kernel's error, a failed Assert, a dataset's end) comes after a trace
that TF 2.21 made and cached: later calls of that signature run it without tracing, so the Python's prints show
once. tapeflow registered a trace only after a call succeeded, so the next call traced (and printed) again.
Values: TF 2.21 (notes progs/optimtraj26/p16_runfail.py, p17_eos.py)."""
import pytest

import framework as tf


def test_a_kernel_error_at_the_first_call_keeps_the_trace(capsys):
    @tf.function
    def r(x, i):
        print('PY r')
        return tf.gather(x, i)
    with pytest.raises(tf.errors.InvalidArgumentError):
        r(tf.constant([1., 2.]), tf.constant(5))
    assert float(r(tf.constant([1., 2.]), tf.constant(1))) == 2.0
    with pytest.raises(tf.errors.InvalidArgumentError):
        r(tf.constant([1., 2.]), tf.constant(7))
    assert capsys.readouterr().out == 'PY r\n'      # TF 2.21: printed once
    assert r.experimental_get_tracing_count() == 1


def test_a_failed_assert_at_the_first_call_keeps_the_trace(capsys):
    @tf.function
    def a(x):
        print('PY a')
        tf.debugging.assert_positive(x)
        return x
    with pytest.raises(tf.errors.InvalidArgumentError):
        a(tf.constant(-1.))
    assert float(a(tf.constant(1.))) == 1.0
    assert capsys.readouterr().out == 'PY a\n'
    assert a.experimental_get_tracing_count() == 1


def test_a_dataset_end_at_the_first_call_keeps_the_trace(capsys):
    ds = tf.data.Dataset.range(2)

    @tf.function
    def f(it):
        print('PY f')
        return next(it) + next(it) + next(it)
    it = iter(ds)
    for _ in range(2):
        with pytest.raises(tf.errors.OutOfRangeError):
            f(it)
    assert int(f(iter(ds.repeat()))) == 1
    assert capsys.readouterr().out == 'PY f\n'
    assert f.experimental_get_tracing_count() == 1


def test_a_trace_time_error_still_traces_again(capsys):
    @tf.function
    def q(x):
        print('PY q')
        if x.shape[0] == 2:
            raise ValueError('boom q')
        return x
    for _ in range(2):
        with pytest.raises(ValueError):
            q(tf.constant([1., 2.]))
    assert capsys.readouterr().out == 'PY q\nPY q\n'
    assert q.experimental_get_tracing_count() == 0
