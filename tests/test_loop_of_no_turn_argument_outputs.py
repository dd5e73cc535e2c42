"""A loop on a tensor that runs no turn in a tf.function's trace still makes its loop variables the
while op's outputs, arguments among them: TF 2.21 prints ``x`` after ``while x > 10.0`` (x = 1.0) as
while:2 and after a ``for`` over an empty tf.range as while:3; tapeflow kept the argument's own name
(x:0). Lines printed by TF 2.21 (notes/progs/autograph4/q24.py, q40.py)."""
import framework as tf


def test_while_of_no_turn_renames_its_argument(capsys):
    @tf.function
    def h(x, y):
        while x > 10.0:
            x = x - 1.0
        print('while after', x, y)
        return x

    assert float(h(tf.constant(1.0), tf.constant(2.0))) == 1.0
    assert capsys.readouterr().out.splitlines() == [
        'while after Tensor("while:2", shape=(), dtype=float32) Tensor("y:0", shape=(), dtype=float32)']


def test_for_over_an_empty_range_renames_its_argument(capsys):
    @tf.function
    def f(x, n):
        for i in tf.range(n):
            x = x * 2.0
        print('for after', x)
        return x

    assert float(f(tf.constant(1.0), tf.constant(0))) == 1.0
    assert capsys.readouterr().out.splitlines() == ['for after Tensor("while:3", shape=(), dtype=float32)']


def test_halving_loop_of_no_turn(capsys):
    @tf.function
    def f(x):
        n = tf.constant(0)
        while tf.reduce_sum(x) > 1:
            x = x / 2
            n += 1
        print('after loop', n, x)
        return n, x

    n, x = f(tf.constant([8.0, 8.0]))
    assert (int(n), x.numpy().tolist()) == (4, [0.5, 0.5])
    n, x = f(tf.constant([0.5]))
    assert (int(n), x.numpy().tolist()) == (0, [0.5])
    assert capsys.readouterr().out.splitlines() == [
        'after loop Tensor("while:2", shape=(), dtype=int32) Tensor("while:3", shape=(2,), dtype=float32)',
        'after loop Tensor("while:2", shape=(), dtype=int32) Tensor("while:3", shape=(1,), dtype=float32)']
