"""tf.while_loop's outputs in a tf.function's trace take the loop's shape_invariants, as TF 2.21's while
op's: a vector that grows each turn under TensorShape([None]) prints as Tensor("while:3", shape=(None,),
...) after the loop (tapeflow printed the last turn's (6,)).

Expected lines printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q49.py)."""
import framework as tf


def test_growing_vector_under_an_open_invariant(capsys):
    @tf.function
    def f(x):
        i = tf.constant(0)
        c = lambda i, x: i < 5      # noqa: E731
        b = lambda i, x: (i + 1, tf.concat([x, x[-1:] * 2], 0))     # noqa: E731
        i, x = tf.while_loop(c, b, [i, x], shape_invariants=[i.shape, tf.TensorShape([None])])
        print('out', i, x)
        return x

    assert f(tf.constant([1.0])).numpy().tolist() == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]
    assert capsys.readouterr().out.splitlines() == [
        'out Tensor("while:2", shape=(), dtype=int32) Tensor("while:3", shape=(None,), dtype=float32)']


def test_loop_without_invariants_keeps_its_shapes(capsys):
    @tf.function
    def f(x):
        i, x = tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x * 2), [tf.constant(0), x])
        print('out', x)
        return x

    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [8.0, 16.0]
    assert capsys.readouterr().out == 'out Tensor("while:3", shape=(2,), dtype=float32)\n'
