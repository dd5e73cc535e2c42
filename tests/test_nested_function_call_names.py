"""A tf.function called in another's trace is a (Stateful)PartitionedCall op there: its result prints as
``Tensor("PartitionedCall:0", ...)`` even when the inner function prints while it traces (the tf.function
guide's nested functions) or tf.prints (a stateful op: StatefulPartitionedCall). Lines printed by TF 2.21
(notes/progs/autograph3/p27.py, p29.py)."""
import framework as tf


def test_an_inner_function_that_prints_while_tracing(capsys):
    @tf.function
    def inner(x):
        print('tracing inner', x)
        return x + 1

    @tf.function
    def outer(x):
        print('tracing outer', x)
        y = inner(x)
        print('inner gave', y)
        return inner(y) * 2

    assert int(outer(tf.constant(1))) == 6
    assert int(outer(tf.constant(2))) == 8
    assert int(inner(tf.constant(1))) == 2
    assert capsys.readouterr().out.splitlines() == [
        'tracing outer Tensor("x:0", shape=(), dtype=int32)',
        'tracing inner Tensor("x:0", shape=(), dtype=int32)',
        'inner gave Tensor("PartitionedCall:0", shape=(), dtype=int32)']
    assert (inner.experimental_get_tracing_count(), outer.experimental_get_tracing_count()) == (1, 1)


def test_pure_stateful_and_printing_inner_functions(capsys):
    v = tf.Variable(2.0)

    @tf.function
    def pure(x):
        return x + 1.0, x * 2.0

    @tf.function
    def stateful(x):
        return x * v

    @tf.function
    def printing(x):
        tf.print('x is', x, output_stream='file:///dev/null')
        return x - 1.0

    @tf.function
    def outer(x):
        a, b = pure(x)
        print('pure', a, b)
        print('stateful', stateful(x))
        print('printing', printing(x))
        print('after', a + b)
        return a

    assert float(outer(tf.constant(1.0))) == 2.0
    assert capsys.readouterr().out.splitlines() == [
        'pure Tensor("PartitionedCall:0", shape=(), dtype=float32) Tensor("PartitionedCall:1", shape=(), dtype=float32)',
        'stateful Tensor("StatefulPartitionedCall:0", shape=(), dtype=float32)',
        'printing Tensor("StatefulPartitionedCall_1:0", shape=(), dtype=float32)',
        'after Tensor("add:0", shape=(), dtype=float32)']
