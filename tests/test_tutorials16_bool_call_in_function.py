"""``bool(x)`` on a tensor inside a tf.function raises TF 2.21's OperatorNotAllowedInGraphError.

tensorflow.org's "Better performance with tf.function" tutorial (site/en/tutorials/customization/
performance.ipynb, run by helper tutorials16 as /work/notes/progs/tutorials16/p03_performance.py) shows
that converting the condition to a Python bool keeps AutoGraph away: ``if bool(x):`` traces normally for
``f(True, 0)`` / ``f(False, 0)`` (1.0 / -1.0) and ``f(tf.constant(True), 0.0)`` raises TypeError; TF 2.21
raises OperatorNotAllowedInGraphError (a TypeError) framed "in user code:" with the line ``if bool(x):``.
tapeflow took the tensor's value and returned 1.0. A plain ``if x:`` is still converted (runs), and
bool(x) outside a tf.function or inside a py_function's eager Python still works, as in TF.
"""
import pytest

import framework as tf


@tf.function
def f(x, y):
    if bool(x):
        y = y + 1.
    else:
        y = y - 1.
    return y


def test_python_bools_trace_as_in_the_tutorial():
    assert f(True, 0).numpy() == 1.0
    assert f(False, 0).numpy() == -1.0


def test_bool_of_a_tensor_argument_is_tensorflows_refusal():
    with pytest.raises(TypeError) as info:
        f(tf.constant(True), 0.0)
    assert type(info.value) is tf.errors.OperatorNotAllowedInGraphError
    text = str(info.value)
    assert text.startswith('in user code:')
    assert 'if bool(x):' in text
    assert 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.' in text


def test_explicit_dunder_bool_call_is_refused_too():
    @tf.function
    def g(x):
        return tf.constant(1) if x.__bool__() else tf.constant(0)

    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError):
        g(tf.constant(True))


def test_if_on_a_tensor_still_runs_and_eager_bool_still_works():
    @tf.function
    def h(x):
        if x > 0:
            return x + 1.
        return x - 1.

    assert h(tf.constant(2.0)).numpy() == 3.0
    assert h(tf.constant(-2.0)).numpy() == -3.0
    assert bool(tf.constant(True)) is True      # eager: TF gives the value

    seen = []

    def side(x):
        seen.append(bool(x))     # py_function's Python runs eagerly in TF too
        return x

    @tf.function
    def p(x):
        return tf.py_function(side, [x], tf.bool)

    assert p(tf.constant(True)).numpy()
    assert seen == [True]


def test_library_truth_tests_inside_a_traced_step_are_untouched():
    # Keras fit traces its step; layer / optimizer / loss code tests tensors' truth internally.
    from framework import keras
    import numpy as np
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer='adam', loss='mse', metrics=['mae'])
    history = model.fit(np.ones((4, 2), 'float32'), np.ones((4, 1), 'float32'), epochs=1, verbose=0)
    assert len(history.history['loss']) == 1


@pytest.mark.parametrize('name', ['max', 'min', 'any', 'all', 'sorted', 'filter'])
def test_builtins_that_truth_test_tensors_are_refused_as_in_tensorflow(name):
    # TF 2.21 (progs/tutorials16/probe_builtins*.py): each raises OperatorNotAllowedInGraphError in a
    # tf.function; `not (x > 0)`, `1.0 if x > 0 else 2.0` and int(x > 0) run (False, 1.0, 1).
    bodies = {
        'max': lambda x: max(x, tf.constant(0.5)),
        'min': lambda x: min(x, tf.constant(0.5)),
        'any': lambda x: any([x > 0, x < 0]),
        'all': lambda x: all([x > 0, x < 0]),
        'sorted': lambda x: sorted([x, tf.constant(0.5)])[0],
        'filter': lambda x: list(filter(None, [x > 0])),
    }
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError):
        tf.function(bodies[name])(tf.constant(1.0))


def test_not_conditional_expression_and_int_still_run():
    assert tf.function(lambda x: not (x > 0))(tf.constant(1.0)).numpy() == False      # noqa: E712
    assert tf.function(lambda x: 1.0 if x > 0 else 2.0)(tf.constant(1.0)).numpy() == 1.0
    assert tf.function(lambda x: int(x > 0))(tf.constant(1.0)).numpy() == 1
