"""tf.autograph.experimental.set_loop_options(maximum_iterations=...) and tf.while_loop(back_prop=False)
inside a tf.function, as TF 2.21 runs them.

Values printed by TF 2.21 (/work/notes/progs/autograph8/p6.py and p3.py), e.g.

    @tf.function
    def max_iter(n):
        s = tf.constant(0)
        for i in tf.range(n):
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
            s += i
        return s
    max_iter(tf.constant(10))   # tf.Tensor(3, ...); eagerly the option does nothing (45)
"""
import logging

import framework as tf


def _for_sum(n, limit=3):
    s = tf.constant(0)
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(maximum_iterations=limit)
        s += i
    return s


def _while_sum(n):
    i = tf.constant(0)
    s = tf.constant(0)
    while i < n:
        tf.autograph.experimental.set_loop_options(maximum_iterations=4)
        s += i
        i += 1
    return i, s


def _nested(n):
    s = tf.constant(0)
    for _ in tf.range(n):
        tf.autograph.experimental.set_loop_options(maximum_iterations=2)
        for _ in tf.range(n):
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
            s += 1
    return s


def _outer_only(n):
    s = tf.constant(0)
    for _ in tf.range(n):
        tf.autograph.experimental.set_loop_options(maximum_iterations=2)
        for _ in tf.range(n):
            s += 1
    return s


def _rows(x):
    s = tf.zeros([2])
    for row in x:
        tf.autograph.experimental.set_loop_options(maximum_iterations=1)
        s += row
    return s


def _python_loop(x):
    for _ in range(5):
        tf.autograph.experimental.set_loop_options(maximum_iterations=2)
        x += 1
    return x


def test_maximum_iterations_ends_a_for_over_tf_range_at_every_call():
    f = tf.function(_for_sum)
    assert int(f(tf.constant(10))) == 3         # TF 2.21: 3 (0 + 1 + 2)
    assert int(f(tf.constant(10))) == 3         # the replay too
    assert int(f(tf.constant(2))) == 1          # fewer turns than the limit: 1
    assert int(tf.function(_for_sum)(tf.constant(10), tf.constant(5))) == 10   # a tensor limit: 10
    assert int(_for_sum(tf.constant(10))) == 45     # eagerly the option does nothing: 45


def test_maximum_iterations_ends_a_while_loop():
    f = tf.function(_while_sum)
    for _ in range(2):
        i, s = f(tf.constant(10))
        assert (int(i), int(s)) == (4, 6)       # TF 2.21: (4, 6)
    i, s = f(tf.constant(2))
    assert (int(i), int(s)) == (2, 1)           # TF 2.21: (2, 1)


def test_maximum_iterations_binds_the_innermost_loop_that_sets_it():
    assert int(tf.function(_nested)(tf.constant(10))) == 6       # TF 2.21: 6 (2 x 3)
    assert int(tf.function(_outer_only)(tf.constant(5))) == 10   # TF 2.21: 10 (2 x 5)


def test_maximum_iterations_over_rows_and_python_loops():
    out = tf.function(_rows)(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    assert out.numpy().tolist() == [1.0, 2.0]       # TF 2.21: [1. 2.]
    assert int(tf.function(_python_loop)(tf.constant(0))) == 5   # unrolled: the option is ignored (5)


def test_maximum_iterations_gradient():
    x = tf.Variable(2.0)

    @tf.function
    def power(x):
        y = tf.constant(1.0)
        for _ in tf.range(10):
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
            y = y * x
        return y
    with tf.GradientTape() as tape:
        y = power(x)
    assert float(y) == 8.0 and float(tape.gradient(y, x)) == 12.0     # TF 2.21: 8.0, 12.0


def _loop_without_back_prop(x):
    return tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), (0, tf.constant(1.0)),
                         back_prop=False)[1]


def test_while_loop_back_prop_false_stops_gradients_in_a_function_only():
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = _loop_without_back_prop(x)
    assert float(y) == 8.0 and float(tape.gradient(y, x)) == 12.0      # TF 2.21 eagerly: 8.0, 12.0
    for autograph in (True, False):
        with tf.GradientTape() as tape:
            y = tf.function(_loop_without_back_prop, autograph=autograph)(x)
        assert float(y) == 8.0 and tape.gradient(y, x) is None      # TF 2.21 traced: 8.0, None


def test_while_loop_back_prop_false_logs_tf_deprecation_once(caplog):
    from framework import deprecation
    key = ('while_loop_v2', 'back_prop=False')
    warned_before = key in deprecation._warned
    deprecation._warned.discard(key)
    try:
        with caplog.at_level(logging.WARNING, logger='tensorflow'):
            _loop_without_back_prop(tf.constant(2.0))
            _loop_without_back_prop(tf.constant(2.0))
    finally:
        if not warned_before:       # (the program-wide once-only state as it was)
            deprecation._warned.discard(key)
    texts = [r.getMessage() for r in caplog.records if 'back_prop' in r.getMessage()]
    assert len(texts) == 1
    assert texts[0].startswith('From %s:' % __file__)
    assert texts[0].endswith(
        'calling while_loop_v2 (from tensorflow.python.ops.while_loop) with back_prop=False is deprecated and will '
        'be removed in a future version.\nInstructions for updating:\nback_prop=False is deprecated. Consider using '
        'tf.stop_gradient instead.\nInstead of:\nresults = tf.while_loop(c, b, vars, back_prop=False)\nUse:\n'
        'results = tf.nest.map_structure(tf.stop_gradient, tf.while_loop(c, b, vars))')
