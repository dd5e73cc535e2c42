"""Dataset.map traces its function as the stage is made, as TF 2.21 does, where the upstream elements come
from memory (framework/data/construction_trace.py): the trace's prints come before the program's next line,
and a trace error is raised by map itself. Outputs below are TF 2.21's for the same programs (lead51/mt1.py,
mt2.py, mt6.py, mt8.py under /opt/tfref)."""
import random

import numpy as np
import pytest

import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_the_trace_prints_when_the_stage_is_made(capsys):
    tf.random.set_seed(7)

    def f(x):
        print('tracing f', x)
        return x * 2 + tf.random.uniform((), seed=1, maxval=10, dtype=tf.int64)
    ds = tf.data.Dataset.range(3).map(f)
    print('after map')
    print(list(ds.as_numpy_iterator()))
    print(list(ds.as_numpy_iterator()))
    assert _lines(capsys) == ['tracing f Tensor("args_0:0", shape=(), dtype=int64)', 'after map',
                              '[np.int64(4), np.int64(10), np.int64(5)]', '[np.int64(4), np.int64(10), np.int64(5)]']


def test_through_shuffle_batch_and_zip(capsys):
    tf.random.set_seed(7)
    ds = tf.data.Dataset.from_tensor_slices(np.arange(4.)).shuffle(4, seed=2).batch(2)
    ds = ds.map(lambda x: (print('lam', x), x + 1)[1])
    print('after map')
    zipped = tf.data.Dataset.zip((tf.data.Dataset.range(2), tf.data.Dataset.range(2)))
    zipped = zipped.map(lambda a, b: (print('zip', a, b), a + b)[1])
    print('after zip')
    assert [v.numpy().tolist() for v in ds] == [[3., 2.], [1., 4.]]
    assert list(zipped.as_numpy_iterator()) == [0, 2]
    assert _lines(capsys) == ['lam Tensor("args_0:0", shape=(None,), dtype=float64)', 'after map',
                              'zip Tensor("args_0:0", shape=(), dtype=int64) Tensor("args_1:0", shape=(), '
                              'dtype=int64)', 'after zip']


def test_a_generator_or_a_mapped_upstream_waits_for_the_first_read(capsys):
    # TF traces these at map() too; tapeflow's trace runs on an element, which would run the generator's
    # Python (or the upstream map's py_functions) before TF does: it waits for the first read
    source = tf.data.Dataset.from_generator(lambda: iter([0, 1]), output_signature=tf.TensorSpec((), tf.int64))
    ds = source.map(lambda x: (print('traced'), x)[1])
    print('after map')
    assert list(ds.as_numpy_iterator()) == [0, 1]
    assert _lines(capsys) == ['after map', 'traced']


def test_a_trace_error_comes_from_map():
    with pytest.raises(TypeError, match='in user code:'):
        tf.data.Dataset.range(3).map(lambda x: x + 1.5)
    with pytest.raises(ValueError, match='in user code:'):
        tf.data.Dataset.from_tensor_slices(np.zeros((2, 6))).map(lambda x: tf.reshape(x, (4, 4)))
    with pytest.raises(tf.errors.InvalidArgumentError, match="^Length for attr 'output_(types|shapes)' of 0"):
        tf.data.Dataset.range(3).map(lambda x: None)


def test_an_error_of_the_values_comes_at_the_read(capsys):
    # TF's trace builds the GatherV2 and its kernel refuses the index when the element is read; the trace
    # given up at map() runs again at the read, where its print shows once
    ds = tf.data.Dataset.range(3).map(lambda x: (print('t3'), tf.gather([1, 2], x + 5))[1])
    print('made')
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices = 5 is not in \[0, 2\)'):
        list(ds)
    assert _lines(capsys) == ['made', 't3']


def test_a_py_function_runs_only_for_the_elements_read(capsys):
    calls = []

    def py(x):
        calls.append(int(x))
        print('py', int(x))
        return x * 2

    def f(x):
        np.random.uniform()       # a host draw of the trace: the given-up trace's is undone
        return tf.py_function(py, [x], tf.int64)
    np.random.seed(3)
    random.seed(3)
    ds = tf.data.Dataset.range(2).map(f)
    print('made')
    assert calls == []
    assert np.random.uniform() == np.random.RandomState(3).uniform()
    assert random.random() == random.Random(3).random()
    assert list(ds.as_numpy_iterator()) == [0, 2]
    assert calls == [0, 1]
    assert _lines(capsys) == ['made', 'py 0', 'py 1']


def test_a_map_functions_own_except_does_not_catch_the_given_up_read():
    # the py_function's Python must not be reached at map(), nor its refusal there taken for the function's own
    # error: TF's spec is the py_function's (int64, unknown shape), not the except branch's float32 (2,)
    def f(x):
        try:
            return tf.py_function(lambda v: v * 2, [x], tf.int64)
        except Exception:       # noqa: BLE001
            return tf.constant([1.0, 2.0])
    ds = tf.data.Dataset.range(2).map(f)
    assert ds.element_spec.dtype == tf.int64 and ds.element_spec.shape.rank is None
    assert list(ds.as_numpy_iterator()) == [0, 2]
