"""A Python ``for`` over a tensor in a tf.function: autograph traces the loop body once, so its print shows once, its
loop variable as the while body's graph tensor; tf.print runs every turn. Lines printed by TF 2.21."""
import framework as tf


def test_a_body_prints_once_with_the_loop_variable_as_a_graph_tensor(capsys):
    @tf.function
    def f(n, x):
        s = tf.constant(0)
        for i in tf.range(n):
            print('i', i)
            s += i
        r = tf.range(n)
        for i in r:
            print('r', i)
        for row in x:
            print('row', row)
        for row in tf.constant([[1, 2]]):
            print('const', row)
        return s

    assert int(f(tf.constant(3), tf.ones((3, 2)))) == 3
    assert capsys.readouterr().out.splitlines() == [
        'i Tensor("while/Placeholder:0", shape=(), dtype=int32)',
        'r Tensor("while_1/Placeholder:0", shape=(), dtype=int32)',
        'row Tensor("while_2/TensorArrayV2Read/TensorListGetItem:0", shape=(2,), dtype=float32)',
        'const Tensor("while_3/TensorArrayV2Read/TensorListGetItem:0", shape=(2,), dtype=int32)']
    assert int(f(tf.constant(4), tf.ones((3, 2)))) == 6
    assert capsys.readouterr().out == ''


def test_tf_print_runs_every_turn_and_a_break_ends_the_muting(capsys):
    @tf.function
    def f(n):
        for i in tf.range(n):
            print('traced')
            tf.print('turn', i)
            if i >= 1:
                break
        print('after the loop')
        return n

    f(tf.constant(5))
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ['traced', 'after the loop']
    assert captured.err.splitlines() == ['turn 0', 'turn 1']


def test_a_python_range_loop_is_unrolled(capsys):
    @tf.function
    def f():
        for i in range(3):
            print('python range', i)
        return 0

    f()
    assert capsys.readouterr().out.splitlines() == ['python range 0', 'python range 1', 'python range 2']


def test_a_for_over_a_dataset_is_one_loop_but_next_calls_are_ops_of_their_own(capsys):
    ds = tf.data.Dataset.range(3)

    @tf.function
    def loop():
        s = tf.constant(0, tf.int64)
        for x in ds:
            print('ds body')
            s += x
        return s

    @tf.function
    def nexts():
        it = iter(ds)
        first = next(it)
        print('first read')
        second = next(it)
        print('second read')
        return first + second

    assert int(loop()) == 3
    assert int(nexts()) == 1
    assert capsys.readouterr().out.splitlines() == ['ds body', 'first read', 'second read']
