"""tf.while_loop called in a tf.function: its Python loop_vars are Const ops of the graph, and its cond and body
are traced on its placeholders, as TF 2.21 names them. tapeflow printed the body's first-turn arguments as eager
values (tf.Tensor(0, ...)), later constants as Const / Const_1 where TF gives Const_2 / Const_3, and worded a
body's dtype change its own way. Printed by TF 2.21 (/work/notes/progs/autograph12/p19.py, p21.py)."""
import pytest

import framework as tf


def test_body_arguments_and_later_constants(capsys):
    @tf.function
    def f(n):
        def body(i, s):
            print('body', i, s)
            return i + 1, s + tf.cast(i, tf.float32)
        r = tf.while_loop(lambda i, s: i < n, body, (0, 0.0))
        print('out', r)
        print(tf.constant(3.0), tf.constant([1, 2]))
        return r
    i, s = f(tf.constant(3))
    assert (int(i.numpy()), float(s.numpy())) == (3, 3.0)
    assert capsys.readouterr().out.splitlines() == [
        'body Tensor("while/Placeholder:0", shape=(), dtype=int32) Tensor("while/Placeholder_1:0", shape=(), '
        'dtype=float32)',
        "out (<tf.Tensor 'while:2' shape=() dtype=int32>, <tf.Tensor 'while:3' shape=() dtype=float32>)",
        'Tensor("Const_2:0", shape=(), dtype=float32) Tensor("Const_3:0", shape=(2,), dtype=int32)']


def test_a_body_that_changes_a_python_loop_variables_dtype():
    @tf.function
    def f(n):
        return tf.while_loop(lambda i: i < n, lambda i: tf.cast(i + 1, tf.float32), [0])
    with pytest.raises(TypeError) as caught:
        f(tf.constant(3))
    assert str(caught.value).strip().split('\n')[-1].strip() == (
        "TypeError: Loop var Const:0 enters the loop with type <dtype: 'int32'> but has type <dtype: 'float32'> "
        'after 1 iteration. Const:0 type should remain constant.')
