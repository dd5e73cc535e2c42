"""A ``return`` inside a loop that AutoGraph makes a tf.while_loop: TF 2.21 raises NotImplementedError while
tracing, framed 'in user code:' at the loop's line, whatever the condition (messages printed by
/opt/tfref/bin/python: notes/progs/autograph3/p30.py, p51.py, p52.py); tapeflow ran such loops and returned.
A return in a Python loop (over a list) still runs, as in TF."""
import pytest

import framework as tf

TF_RETURN = ('NotImplementedError: a return statement cannot be placed inside this TensorFlow loop; this may happen '
             'if a return statement depends on a static Python condition such as a hyperparameter\n')


def test_a_return_in_a_range_loop():
    @tf.function
    def f(x):
        for i in tf.range(x):
            if i > 2:
                return i * 10
        return -1

    with pytest.raises(NotImplementedError) as info:
        f(tf.constant(6))
    text = str(info.value)
    assert text.startswith('in user code:\n\n    File "')
    assert 'in f  *\n        for i in tf.range(x):\n\n' in text
    assert text.endswith('    ' + TF_RETURN)


@pytest.mark.parametrize('kind', ['while', 'rows', 'dataset', 'called'])
def test_a_return_in_other_converted_loops(kind):
    def helper(x):
        for v in x:
            if v > 1.0:
                return v
        return tf.constant(0.0)

    @tf.function
    def on_while(x):
        i = tf.constant(0)
        while i < x:
            if i > 2:
                return i * 10
            i += 1
        return -1

    @tf.function
    def on_rows(x):
        for v in x:
            if v > 2:
                return v
        return tf.constant(-1.0)

    @tf.function
    def on_dataset():
        for x in tf.data.Dataset.range(3):
            return x
        return tf.constant(-1, tf.int64)

    @tf.function
    def calling(x):
        return helper(x) + 1.0

    run = {'while': lambda: on_while(tf.constant(6)), 'rows': lambda: on_rows(tf.constant([1.0, 3.0])),
           'dataset': on_dataset, 'called': lambda: calling(tf.constant([1.0, 2.0]))}[kind]
    with pytest.raises(NotImplementedError) as info:
        run()
    assert str(info.value).endswith('    ' + TF_RETURN)


def test_a_return_in_a_python_loop_still_runs():
    @tf.function
    def k(x):
        for v in [1, 2]:
            if v > 1:
                return x * v
        return x

    assert int(k(tf.constant(3))) == 6
