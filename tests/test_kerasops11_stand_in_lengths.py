"""An open length beside a fixed one in get_concrete_function's trace, as TF 2.21's graph merges them: tf.concat([x,
np.ones((2, 4))], 1) of a (None, 4) x is Tensor("concat:0", shape=(2, 8)), tf.stack([x, tf.ones((2, 4))])
Tensor("stack:0", shape=(2, 2, 4)), x + np.ones((2, 4)) Tensor("add:0", shape=(2, 4)). tapeflow's stand-in run
(an open length is 1, then 12) failed in the ConcatV2 / Pack kernel and the trace's prints were lost silently (or
the error was printed where the traced code caught it); a NumPy operand's shape was left out of the traced one
((None, 4), (None, 4) for the concat). The graph's run still refuses real lengths that differ, as TF's.
Texts: TF 2.21's (notes/progs/kerasops11/sa.py, sa2.py; *_tf.out)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ONES = np.ones((2, 4), 'float32')


@pytest.mark.parametrize('call, text', [
    # TF 2.21 (sa_tf.out)
    (lambda x, y: x + ONES, 'Tensor("add:0", shape=(2, 4), dtype=float32)'),
    (lambda x, y: tf.concat([x, ONES], 1), 'Tensor("concat:0", shape=(2, 8), dtype=float32)'),
    (lambda x, y: tf.concat([x, tf.ones((3, 2))], axis=-1), 'Tensor("concat:0", shape=(3, 6), dtype=float32)'),
    (lambda x, y: tf.concat([ONES, x], 1), 'Tensor("concat:0", shape=(2, 8), dtype=float32)'),
    (lambda x, y: tf.concat([x, x, tf.ones((2, 1))], 1), 'Tensor("concat:0", shape=(2, 9), dtype=float32)'),
    (lambda x, y: tf.concat([y, tf.ones((2, 3))], 1), 'Tensor("concat:0", shape=(2, None), dtype=float32)'),
    (lambda x, y: tf.concat([y, tf.ones((2, 3))], 0), 'Tensor("concat:0", shape=(None, 3), dtype=float32)'),
    (lambda x, y: tf.concat([x, tf.ones((2, 4))], 0), 'Tensor("concat:0", shape=(None, 4), dtype=float32)'),
    (lambda x, y: tf.stack([x, tf.ones((2, 4))]), 'Tensor("stack:0", shape=(2, 2, 4), dtype=float32)'),
    (lambda x, y: keras.ops.concatenate([x, tf.ones((2, 4))], axis=1),
     'Tensor("concat:0", shape=(2, 8), dtype=float32)'),
    (lambda x, y: x * tf.ones((3, 1)), 'Tensor("mul:0", shape=(3, 4), dtype=float32)'),
])
def test_open_length_meets_a_fixed_one(call, text):
    shown = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32), tf.TensorSpec((None, None), tf.float32)])
    def f(x, y):
        shown.append(str(call(x, y)))
        return x
    f.get_concrete_function()
    assert shown == [text]


def test_prints_of_the_trace_show_and_the_graph_runs(capsys):
    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        b = tf.concat([x, ONES], 1)
        print(b)
        print(tf.stack([x, ONES], 1))
        return tf.reduce_sum(b)
    f.get_concrete_function()
    # TF 2.21 (sa2_tf.out)
    assert capsys.readouterr().out == ('Tensor("concat:0", shape=(2, 8), dtype=float32)\n'
                                       'Tensor("stack:0", shape=(2, 2, 4), dtype=float32)\n')
    assert f(tf.ones((2, 4))).numpy() == 16.
    with pytest.raises(tf.errors.InvalidArgumentError):     # (3 rows against 2: the graph's run refuses them)
        f(tf.ones((3, 4)))
    x = tf.ones((2, 4))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.ones((2, 4)))


def test_first_call_on_other_lengths_is_refused():
    # no stand-ins there: the trace runs on the call's values, whose 3 rows the kernel refuses against 2
    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        return tf.concat([x, ONES], 1)
    with pytest.raises(tf.errors.InvalidArgumentError):
        f(tf.ones((3, 4)))
