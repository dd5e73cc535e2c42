"""``if t: break`` / ``continue`` in a tensor loop's body: AutoGraph wraps the rest of the body in a cond
of its own (``if not break_:``), so the ops there print below it, ``while/cond_1/add:0`` in TF 2.21 (the
break's own ``if`` is ``cond``); tapeflow named them in the body's graph (``while/add_1:0``).

Lines printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q08.py, q55.py, q60.py)."""
import framework as tf


def test_while_with_break_then_continue(capsys):
    @tf.function
    def f(n):
        i = tf.constant(0)
        total = tf.constant(0)
        while i < n:
            i += 1
            if i % 7 == 0:
                break
            if i % 2 == 0:
                continue
            total += i
            print('body', i, total)
        return i, total

    assert [int(t) for t in f(tf.constant(5))] == [5, 9]
    assert [int(t) for t in f(tf.constant(20))] == [7, 9]
    assert f.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out.splitlines() == [
        'body Tensor("while/add:0", shape=(), dtype=int32) Tensor("while/cond_1/cond_1/add:0", shape=(), dtype=int32)']


def test_while_with_break(capsys):
    @tf.function
    def f(n):
        i = tf.constant(0)
        total = tf.constant(0)
        while i < n:
            i += 1
            if i * i > 20:
                break
            total += i
            print('body', i, total)
        print('after', i, total)
        return i, total

    assert [int(t) for t in f(tf.constant(10))] == [5, 10]
    assert capsys.readouterr().out.splitlines() == [
        'body Tensor("while/add:0", shape=(), dtype=int32) Tensor("while/cond_1/add:0", shape=(), dtype=int32)',
        'after Tensor("while:2", shape=(), dtype=int32) Tensor("while:3", shape=(), dtype=int32)']


def test_for_loops_with_break_and_continue(capsys):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            if i > 5:
                break
            s += i
            print('s', s)
        print('after', s)
        return s

    @tf.function
    def g(x):
        s = tf.constant(0.0)
        for row in x:
            if tf.reduce_sum(row) < 0:
                continue
            s += tf.reduce_sum(row) * 2.0
            print('s', s)
        return s

    assert int(f(tf.constant(10))) == 15
    assert float(g(tf.constant([[1.0, 2.0], [-5.0, 1.0], [3.0, 3.0]]))) == 18.0
    assert capsys.readouterr().out.splitlines() == [
        's Tensor("while/cond_1/add:0", shape=(), dtype=int32)', 'after Tensor("while:3", shape=(), dtype=int32)',
        's Tensor("while/cond_1/add:0", shape=(), dtype=float32)']
