"""A Python ``while`` on a tensor in a tf.function: AutoGraph traces the loop body once, so its print shows once,
however many turns run; tf.print runs every turn. Lines printed by TF 2.21."""
import framework as tf


def test_the_body_prints_once_and_tf_print_every_turn(capsys):
    @tf.function
    def collatz(x):
        count = tf.constant(0)
        while x > 1:
            print('Tracing the body')
            tf.print('turn', x)
            x = x // 2
            count += 1
        print('after loop')
        return count

    assert int(collatz(tf.constant(20))) == 4
    assert int(collatz(tf.constant(7))) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ['Tracing the body', 'after loop']
    assert captured.err.splitlines() == ['turn 20', 'turn 10', 'turn 5', 'turn 2', 'turn 7', 'turn 3']


def test_a_break_ends_the_muting(capsys):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            print('body')
            i += 1
            if i > 2:
                break
        print('done')
        return i

    assert int(f(tf.constant(10))) == 3
    assert capsys.readouterr().out.splitlines() == ['body', 'done']


def test_a_python_loop_around_it_traces_the_body_once_per_python_turn(capsys):
    @tf.function
    def g(n):
        total = tf.constant(0)
        for k in range(2):
            j = tf.constant(0)
            while j < n:
                print('inner', k)
                j += 1
            total += j
        print('g done')
        return total

    assert int(g(tf.constant(3))) == 6
    assert capsys.readouterr().out.splitlines() == ['inner 0', 'inner 1', 'g done']


def test_eager_loops_print_every_turn(capsys):
    x = tf.constant(3)
    while x > 0:
        print('eager turn')
        x -= 1
    assert capsys.readouterr().out.splitlines() == ['eager turn'] * 3


def test_a_loop_that_runs_no_turn_still_traces_its_body(capsys):
    @tf.function
    def f(x):
        while x > 1:
            print('traced body')
            x = x // 2
        return x

    assert int(f(tf.constant(1))) == 1

    def g(x):
        i = tf.constant(0, tf.int64)
        while i < x:
            print('dataset body')
            i += 1
        return i

    assert list(tf.data.Dataset.range(3).map(g).as_numpy_iterator()) == [0, 1, 2]
    assert capsys.readouterr().out.splitlines() == ['traced body', 'dataset body']


def test_the_loop_variables_print_as_the_body_graphs_placeholders(capsys):
    @tf.function
    def collatz(x):
        count = tf.zeros_like(x)
        zz = tf.constant(5.0)
        while x > 1:
            print('Tracing', count, x, zz)
            x = x // 2
            count += 1
            zz = zz * 2.0
        return count, zz

    count, zz = collatz(tf.constant(20))
    assert (int(count), float(zz)) == (4, 80.0)

    @tf.function
    def h(n):
        a = tf.constant(1.0)
        while n > 0:
            print('h', n, a)
            n -= 1
        for i in tf.range(2):
            print('for', i)
        return n

    h(tf.constant(3))
    assert capsys.readouterr().out.splitlines() == [
        'Tracing Tensor("while/Placeholder:0", shape=(), dtype=int32) Tensor("while/Placeholder_2:0", shape=(), '
        'dtype=int32) Tensor("while/Placeholder_1:0", shape=(), dtype=float32)',
        'h Tensor("while/Placeholder:0", shape=(), dtype=int32) Tensor("Const:0", shape=(), dtype=float32)',
        'for Tensor("while_1/Placeholder:0", shape=(), dtype=int32)']


def test_the_function_guides_collatz_of_one_traces_the_body(capsys):
    @tf.function
    def collatz(x):
        count = tf.zeros_like(x)
        while x > 1:
            print('Tracing', count, x)
            x = x // 2
            count += 1
        return count

    assert int(collatz(tf.constant(1))) == 0
    assert capsys.readouterr().out.splitlines() == [
        'Tracing Tensor("while/Placeholder:0", shape=(), dtype=int32) '
        'Tensor("while/Placeholder_1:0", shape=(), dtype=int32)']
