"""A tf.function's later calls see the global and closure values its trace read, as TF 2.21's graph does
(the tf.function guide's "Depending on Python global and free variables" and the variable rebound after
get_concrete_function). Values printed by TF 2.21 running notes/progs/autograph7/g3.py and v1.py.
"""
import framework as tf

foo = 1
external_var = None
calls = 0


def test_a_global_python_number_is_the_traces_constant():
    # TF 2.21: foo = 1; Buggy: 2, Correct: 2; foo = 100; Buggy: tf.Tensor(2, ...), Correct: tf.Tensor(101, ...)
    global foo
    foo = 1

    @tf.function
    def buggy_add():
        return 1 + foo

    @tf.function
    def recommended_add(foo):
        return 1 + foo

    try:
        assert int(buggy_add()) == 2 and int(recommended_add(foo)) == 2
        foo = 100
        assert int(buggy_add()) == 2
        assert int(recommended_add(foo)) == 101
    finally:
        foo = 1


def test_a_closure_variable_is_the_traces_constant():
    # TF 2.21: foo = 100; inner() -> 100; foo = 200; inner() -> tf.Tensor(100, shape=(), dtype=int32)
    def outer():
        foo = 100

        @tf.function
        def inner():
            return foo

        first = int(inner())
        foo = 200
        return first, int(inner())

    assert outer() == (100, 100)


def test_a_variable_rebound_after_tracing_is_not_the_one_the_trace_captured():
    # TF 2.21: external_var = tf.Variable(3); traced_f = f.get_concrete_function(4); traced_f(4) -> 12;
    # external_var = tf.Variable(4); traced_f(4) -> 12; f(4) -> 12; f(5) (a new trace) -> 20
    global external_var
    external_var = tf.Variable(3)

    @tf.function
    def f(x):
        return x * external_var

    traced_f = f.get_concrete_function(4)
    try:
        assert int(traced_f(4)) == 12
        external_var = tf.Variable(4)
        assert (int(traced_f(4)), int(f(4)), int(f(5))) == (12, 12, 20)
    finally:
        external_var = None


def test_a_global_written_by_the_function_is_written_once_per_trace():
    # TF 2.21 runs the Python once per trace: calls += 1 in the function happens on the tracing calls only
    # (f(tf.constant(1)) three times, then f(tf.constant(1.0)): calls == 2)
    global calls
    calls = 0

    @tf.function
    def f(x):
        global calls
        calls += 1
        return x + 1

    try:
        for _ in range(3):
            f(tf.constant(1))
        f(tf.constant(1.0))
        assert calls == 2
    finally:
        calls = 0


def test_mutable_objects_stay_shared_and_variables_stay_live():
    # TF 2.21: a captured tf.Variable's assign_add shows in the next call (BetterModel: 20.0, then 25.0)
    class BetterModel:
        def __init__(self):
            self.bias = tf.Variable(0.)
            self.weight = tf.Variable(2.)

    @tf.function
    def evaluate(model, x):
        return model.weight * x + model.bias

    better_model = BetterModel()
    x = tf.constant(10.)
    assert float(evaluate(better_model, x)) == 20.0
    better_model.bias.assign_add(5.0)
    assert float(evaluate(better_model, x)) == 25.0
