"""A variable only one branch of a tensor ``if`` defines, read afterwards: TF 2.21's ValueError.

tensorflow.org's "Better performance with tf.function" tutorial (site/en/tutorials/customization/
performance.ipynb; helper tutorials16's p03_performance.py, probe_undef.py, probe_undef2.py) shows
``if tf.constant(True): x = tf.ones([3, 3])`` then ``return x`` raising ValueError. TF 2.21 prints
"'x' must also be initialized in the else branch" (or "main branch" when only the else assigns it),
framed 'in user code:' at the ``if`` line; tapeflow returned the ones. A variable defined before the
``if``, one nothing reads afterwards, or one overwritten first raise nothing (TF: 2.0, 0., 2.0 ...).
"""
import pytest

import framework as tf


def test_only_the_main_branch_defines_it():
    @tf.function
    def f():
        if tf.constant(True):
            x = tf.ones([3, 3])
        return x

    with pytest.raises(ValueError) as info:
        f()
    text = str(info.value)
    assert text.startswith('in user code:')
    assert '        if tf.constant(True):\n\n' in text
    assert text.endswith("    ValueError: 'x' must also be initialized in the else branch\n")


def test_only_the_else_branch_defines_it():
    @tf.function
    def b():
        if tf.constant(True):
            pass
        else:
            x = tf.ones([3])
        return x

    with pytest.raises(ValueError, match="'x' must also be initialized in the main branch"):
        b()


def test_each_branch_defines_another_name_and_only_x_is_read():
    @tf.function
    def e(t):
        if t > 0:
            x = t + 1
        else:
            z = t       # noqa: F841  (never read: no output, no error)
        return x

    with pytest.raises(ValueError, match="'x' must also be initialized in the else branch"):
        e(tf.constant(1.0))


def test_cases_tensorflow_accepts_still_run():
    @tf.function
    def unread():
        if tf.constant(True):
            x = tf.ones([3])        # noqa: F841
        return tf.zeros([1])

    @tf.function
    def read_inside_only(t):
        y = t
        if t > 0:
            x = t + 1
            y = x
        return y

    @tf.function
    def overwritten(t):
        if t > 0:
            x = t + 1               # noqa: F841
        x = t * 2
        return x

    @tf.function
    def loop_target(t):
        if t > 0:
            x = t + 1               # noqa: F841
        for x in range(2):
            t = t + x
        return t

    @tf.function
    def defined_before(t):
        x = t
        if t > 0:
            x = t + 1
        return x

    one = tf.constant(1.0)
    # TF 2.21: [0.], 2.0, 2.0, 2.0, 2.0
    assert unread().numpy().tolist() == [0.0]
    assert float(read_inside_only(one)) == 2.0
    assert float(overwritten(one)) == 2.0
    assert float(loop_target(one)) == 2.0
    assert float(defined_before(one)) == 2.0


def test_python_condition_is_plain_python():
    @tf.function
    def f(flag, t):
        if flag:
            x = t
        return x

    assert float(f(True, tf.constant(3.0))) == 3.0
