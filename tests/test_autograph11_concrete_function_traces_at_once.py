"""get_concrete_function traces at once, as TF 2.21 does: the trace's prints show there, and calling the
concrete function replays it (outputs printed by TF 2.21: /work/notes/progs/autograph11/p9.py, p2.py).

The tf.function guide's "Obtaining concrete functions":

    print("Obtaining concrete trace")
    double_strings = double.get_concrete_function(tf.constant("a"))
    print("Executing traced function")
    print(double_strings(tf.constant("a")))

prints, in TF 2.21, 'Obtaining concrete trace', 'Tracing with Tensor("a:0", shape=(), dtype=string)',
'Executing traced function', "tf.Tensor(b'aa', shape=(), dtype=string)".
"""
import numpy as np

import framework as tf


def test_the_guides_double_traces_at_get_concrete_function(capsys):
    @tf.function
    def double(a):
        print('Tracing with', a)
        return a + a
    print('Obtaining concrete trace')
    double_strings = double.get_concrete_function(tf.constant('a'))
    print('Executing traced function')
    print(double_strings(tf.constant('a')))
    print(double_strings(a=tf.constant('b')))
    assert capsys.readouterr().out.splitlines() == [
        'Obtaining concrete trace', 'Tracing with Tensor("a:0", shape=(), dtype=string)',
        'Executing traced function', "tf.Tensor(b'aa', shape=(), dtype=string)",
        "tf.Tensor(b'bb', shape=(), dtype=string)"]
    assert double.experimental_get_tracing_count() == 1


def test_specs_python_values_and_tf_print(capsys):
    @tf.function
    def f(x, y=2.0, *, scale=1):
        print('tracing f', x, y, scale)
        tf.print('running f')
        return {'sum': x + y, 'parts': (x * scale, [y])}
    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.float32), scale=3)
    # TF 2.21: the trace's print now, tf.print only when the graph runs
    assert capsys.readouterr() == ('tracing f Tensor("x:0", shape=(None, 2), dtype=float32) '
                                   'Tensor("y:0", shape=(), dtype=float32) 3\n', '')
    out = cf(tf.ones([1, 2]), tf.constant(1.0))
    assert out['sum'].numpy().tolist() == [[2.0, 2.0]] and out['parts'][0].numpy().tolist() == [[3.0, 3.0]]
    assert capsys.readouterr() == ('', 'running f\n')
    f.get_concrete_function(tf.constant([1.0]), 5.0)
    assert capsys.readouterr().out == 'tracing f Tensor("x:0", shape=(1,), dtype=float32) 5.0 1\n'
    assert f.experimental_get_tracing_count() == 2


def test_random_ops_and_numpy_draws_run_as_the_traced_graph(capsys):
    tf.random.set_seed(1)

    @tf.function
    def rnd(x):
        return x + tf.random.uniform([2])
    cf = rnd.get_concrete_function(tf.TensorSpec([2]))
    first, second = cf(tf.zeros([2])), cf(tf.zeros([2]))
    tf.random.set_seed(1)

    @tf.function
    def rnd2(x):
        return x + tf.random.uniform([2])
    # (the trace's run draws nothing the calls then skip: the same values as a trace made by a call)
    assert rnd2(tf.zeros([2])).numpy().tolist() == first.numpy().tolist()
    assert rnd2(tf.zeros([2])).numpy().tolist() == second.numpy().tolist()

    np.random.seed(0)

    @tf.function
    def nprnd(x):
        return x + np.random.rand()
    cf = nprnd.get_concrete_function(tf.TensorSpec([]))
    expected = np.random.RandomState(0)
    traced = np.float32(expected.rand())
    # TF 2.21 (p9.py): the trace drew numpy's first value (a graph constant); numpy's stream went on
    assert np.random.rand() == expected.rand()
    assert float(cf(tf.constant(0.0))) == traced and float(cf(tf.constant(0.0))) == traced


def test_a_trace_that_reaches_a_variable_still_prints_at_the_first_call(capsys):
    v = tf.Variable(0.0)

    @tf.function
    def step(x):
        print('tracing step')
        v.assign_add(x)
        return v.read_value()
    cf = step.get_concrete_function(tf.TensorSpec([], tf.float32))
    assert capsys.readouterr().out == ''        # (TF prints it here: left, see the module's doc)
    assert float(cf(tf.constant(2.0))) == 2.0 and float(v.numpy()) == 2.0
    assert capsys.readouterr().out == 'tracing step\n'


def test_a_trace_that_fails_on_stand_ins_traces_at_the_first_call(capsys):
    @tf.function
    def fails_on_zero(x):
        print('tracing fz')
        return tf.reshape(x, [3])
    cf = fails_on_zero.get_concrete_function(tf.TensorSpec([None]))
    assert capsys.readouterr().out == ''
    assert cf(tf.ones([3])).numpy().tolist() == [1.0, 1.0, 1.0]
    assert capsys.readouterr().out == 'tracing fz\n'


def test_nested_function_traced_by_the_outer_trace(capsys):
    @tf.function
    def inner(a):
        print('tracing inner')
        return a + a

    @tf.function
    def outer(x):
        print('tracing outer')
        return inner(x)
    cf = outer.get_concrete_function(tf.constant(1.0))
    assert capsys.readouterr().out == 'tracing outer\ntracing inner\n'
    assert inner.experimental_get_tracing_count() == 1       # TF 2.21: 1
    assert float(cf(tf.constant(2.0))) == 4.0 and float(inner(tf.constant(3.0))) == 6.0
    assert capsys.readouterr().out == ''


def test_a_name_error_raises_at_get_concrete_function_uncounted(capsys):
    import pytest

    @tf.function
    def bad(x):
        print('tracing bad')
        return x + undefined_name       # noqa: F821
    # TF 2.21 (chk7.py): the trace's print, then NameError 'in user code' at get_concrete_function; count 0
    with pytest.raises(NameError, match="name 'undefined_name' is not defined"):
        bad.get_concrete_function(tf.TensorSpec([]))
    assert capsys.readouterr().out == 'tracing bad\n'
    assert bad.experimental_get_tracing_count() == 0
    with pytest.raises(NameError):
        bad(tf.constant(1.0))
    assert bad.experimental_get_tracing_count() == 0


K = 2.0


def test_globals_freeze_at_get_concrete_function():
    global K

    @tf.function
    def clo(x):
        return x * K
    cf = clo.get_concrete_function(tf.TensorSpec([]))
    K = 3.0
    try:
        # TF 2.21 (chk8.py): 2.0 2.0 (the trace read K at get_concrete_function; the call replays it)
        assert float(cf(tf.constant(1.0))) == 2.0 and float(clo(tf.constant(1.0))) == 2.0
    finally:
        K = 2.0


def test_errors_of_any_values_raise_at_get_concrete_function(capsys):
    import pytest

    @tf.function(autograph=False)
    def f(x):
        print('tracing f')
        if x > 0:
            return x
        return -x
    # TF 2.21 (chk10.py): 'tracing f', then OperatorNotAllowedInGraphError at get_concrete_function; count 0
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError, match='^Using a symbolic `tf.Tensor` as a Python'):
        f.get_concrete_function(tf.TensorSpec([]))
    assert capsys.readouterr().out == 'tracing f\n' and f.experimental_get_tracing_count() == 0

    @tf.function
    def g(x):
        if x > 0:
            y = x
        return y
    with pytest.raises(ValueError, match="'y' must also be initialized in the else branch"):
        g.get_concrete_function(tf.TensorSpec([]))
    assert g.experimental_get_tracing_count() == 0


def test_a_string_spec_stands_in_as_empty_strings(capsys):
    @tf.function
    def f(s):
        print('tracing', s)
        return tf.strings.length(s), tf.strings.upper(s), s + s
    cf = f.get_concrete_function(tf.TensorSpec([None], tf.string))
    # TF 2.21 (chk11.py): the trace's print at get_concrete_function, and print(cf) knows the output type
    assert capsys.readouterr().out == 'tracing Tensor("s:0", shape=(None,), dtype=string)\n'
    assert str(cf).endswith(
        'Output Type:\n  Tuple[TensorSpec(shape=(None,), dtype=tf.int32, name=None), TensorSpec(shape=(None,), '
        'dtype=tf.string, name=None), TensorSpec(shape=(None,), dtype=tf.string, name=None)]\nCaptures:\n  None')
    assert cf(tf.constant(['ab', 'c']))[0].numpy().tolist() == [2, 1]
