"""A break under a tensor ``if`` inside a Python loop of a tf.function: TF 2.21's NotImplementedError.

tensorflow.org's "Better performance with tf.function" tutorial (site/en/tutorials/customization/
performance.ipynb; helper tutorials16's p03_performance.py and probe_break.py) traces
``while True: if tf.equal(x, 0): break`` and ``for i in range(5): if tf.equal(i, 3): break``. TF 2.21 raises
NotImplementedError framed 'in user code:' at the loop's line (messages below printed by
/opt/tfref/bin/python); tapeflow ran both loops eagerly (0 and 3). TF loops with Python breaks
(``for i in tf.range(5): if i == 3: break``, ``while tf.constant(True)``) still run, as in TF.
"""
import pytest

import framework as tf

TF_WHILE = ('NotImplementedError: The condition of while loop started as non-Tensor, then changed to Tensor. '
            'This may happen either because variables changed type, or when a break or return statement inside '
            'the loop depends on a Tensor condition. In both cases, changing to a TF loop should remove the error.\n'
            '    See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/'
            'reference/limitations.md#consistency-of-control-flow-types for more info.\n')
TF_FOR = ('NotImplementedError: break and return statements which depend on a TF condition are not supported in '
          'Python for loops. Did you intend to make it a TF loop?\n'
          '    See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/'
          'reference/limitations.md#consistency-of-control-flow-types for more info.\n')


@tf.function
def buggy_while_py_true_tf_break(x):
    while True:   # py true
        if tf.equal(x, 0):  # tf break
            break
        x -= 1
    return x


@tf.function
def buggy_py_for_tf_break():
    x = 0
    for i in range(5):  # py for
        if tf.equal(i, 3):  # tf break
            break
        x += i
    return x


def test_while_true_with_a_tensor_break_is_tensorflows_error():
    with pytest.raises(NotImplementedError) as info:
        buggy_while_py_true_tf_break(5)
    text = str(info.value)
    assert text.startswith('in user code:\n\n    File "')
    assert 'in buggy_while_py_true_tf_break  *\n        while True:   # py true\n\n' in text   # the loop's line
    assert text.endswith('    ' + TF_WHILE)


def test_python_for_with_a_tensor_break_is_tensorflows_error():
    with pytest.raises(NotImplementedError) as info:
        buggy_py_for_tf_break()
    text = str(info.value)
    assert 'in buggy_py_for_tf_break  *\n        for i in range(5):  # py for\n\n' in text
    assert text.endswith('    ' + TF_FOR)


def test_python_for_over_a_list_with_a_tensor_break_is_refused():
    @tf.function
    def first_positive(xs):
        y = tf.constant(0.0)
        for x in [xs[0], xs[1]]:
            y = x
            if x > 0:
                break
        return y

    with pytest.raises(NotImplementedError, match='not supported in Python for loops'):
        first_positive(tf.constant([1.0, 2.0]))


def test_tf_loops_and_python_conditions_still_run():
    @tf.function
    def tf_for_py_break():
        x = 0
        for i in tf.range(5):   # tf for
            if i == 3:          # py break
                break
            x += i
        return x

    @tf.function
    def while_tf_true_tf_break(x):
        while tf.constant(True):
            if x == 0:
                break
            x -= 1
        return x

    @tf.function
    def python_break_in_python_loop(x):
        total = x
        for i in range(5):
            if i == 2:          # a Python condition: TF unrolls and breaks
                break
            if total > 100:     # a tensor condition without break: a tf.cond
                total = total - 1
            total = total + 1
        return total

    assert int(tf_for_py_break()) == 3          # TF 2.21: 0 + 1 + 2
    assert int(while_tf_true_tf_break(5)) == 0
    assert float(python_break_in_python_loop(tf.constant(1.0))) == 3.0
