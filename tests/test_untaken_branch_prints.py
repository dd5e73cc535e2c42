"""A tensor ``if`` in a tf.function: AutoGraph traces both branches (tf.cond), so the prints of the branch the
values do not take show too, once, where TF's trace shows them. Lines printed by TF 2.21."""
import sys

import framework as tf


def test_the_function_guides_fizzbuzz(capsys):
    @tf.function
    def fizzbuzz(n):
        for i in tf.range(1, n + 1):
            print('Tracing for loop')
            if i % 15 == 0:
                print('Tracing fizzbuzz branch')
                tf.print('fizzbuzz')
            elif i % 3 == 0:
                print('Tracing fizz branch')
                tf.print('fizz')
            elif i % 5 == 0:
                print('Tracing buzz branch')
                tf.print('buzz')
            else:
                print('Tracing default branch')
                tf.print(i)

    fizzbuzz(tf.constant(5))
    fizzbuzz(tf.constant(20))
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ['Tracing for loop', 'Tracing fizzbuzz branch', 'Tracing fizz branch',
                                         'Tracing buzz branch', 'Tracing default branch']
    assert captured.err.split() == ['1', '2', 'fizz', '4', 'buzz', '1', '2', 'fizz', '4', 'buzz', 'fizz', '7', '8',
                                    'fizz', 'buzz', '11', 'fizz', '13', '14', 'fizzbuzz', '16', '17', 'fizz', '19',
                                    'buzz']


def test_a_taken_main_branch_shows_the_else_branch_after_it(capsys):
    @tf.function
    def f(x):
        if x > 0:
            print('positive branch')
            x = x * 2
        else:
            print('negative branch')
            x = x - 1
        return x

    assert float(f(tf.constant(3.0))) == 6.0
    assert float(f(tf.constant(-3.0))) == -4.0       # the same trace: nothing printed
    assert capsys.readouterr().out.splitlines() == ['positive branch', 'negative branch']
    assert sys.gettrace() is None


def test_nested_ifs_on_tensors_show_both_branches_and_a_python_flag_picks_one(capsys):
    @tf.function
    def a(x):
        if x > 0:
            print('a main')
            if x > 10:
                print('a inner main')
            else:
                print('a inner else')
            y = x + 1
        else:
            print('a else', 1, 2.5, sep='|')
            y = x - 1
        print('a after')
        return y

    assert float(a(tf.constant(3.0))) == 4.0
    assert float(a(tf.constant(30.0))) == 31.0
    assert int(a(tf.constant(-3))) == -4
    expected = ['a main', 'a inner main', 'a inner else', 'a else|1|2.5', 'a after']
    assert capsys.readouterr().out.splitlines() == expected * 2

    @tf.function
    def g(x, flag):
        if x > 0:
            print('g main')
        else:
            if flag:
                print('g flag')
            else:
                print('g no flag')
            if x < -100:
                print('g very negative')
        return x

    g(tf.constant(1.0), True)
    g(tf.constant(1.0), False)
    assert capsys.readouterr().out.splitlines() == [
        'g main', 'g flag', 'g very negative', 'g main', 'g no flag', 'g very negative']


def test_an_elif_chain_each_value_and_with_blocks(capsys):
    @tf.function
    def d(x):
        if x > 0:
            print('d main')
        elif x < -5:
            print('d elif')
        else:
            print('d else')
        print('d end')
        return x

    d(tf.constant(1.0))
    d(tf.constant(-10.0, dtype=tf.float64))
    d(tf.constant(-1, dtype=tf.int64))
    assert capsys.readouterr().out.splitlines() == ['d main', 'd elif', 'd else', 'd end'] * 3

    @tf.function
    def e(x):
        if x > 0:
            print('e main')
            with tf.name_scope('s'):
                print('e in scope')
        else:
            with tf.name_scope('t'):
                print(f'e else scope')
        return x

    e(tf.constant(1.0))
    assert capsys.readouterr().out.splitlines() == ['e main', 'e in scope', 'e else scope']


def test_an_error_in_the_main_branch_stops_the_trace_before_the_else_branch(capsys):
    @tf.function
    def w(x):
        try:
            if x > 0:
                print('w main')
                raise ValueError('boom')
            else:
                print('w else')
        except ValueError as e:
            print('w caught', e)
        return x

    w(tf.constant(2.0))
    assert capsys.readouterr().out.splitlines() == ['w main', 'w caught boom']


def test_a_branch_returning_shows_the_other_branch_too(capsys):
    @tf.function
    def c(x):
        if tf.reduce_sum(x) > 0:
            print('c pos')
            return x * 2
        else:
            print('c neg')
            return x * 3

    assert c(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    assert c(tf.constant([-1.0, -2.0])).numpy().tolist() == [-3.0, -6.0]
    assert capsys.readouterr().out.splitlines() == ['c pos', 'c neg']


def test_eager_code_and_python_conditions_run_one_branch(capsys):
    def f(x):
        if x > 0:
            print('main')
        else:
            print('else')

    f(tf.constant(1.0))     # eager: Python's own if

    @tf.function
    def g(x, flag):
        if flag:
            print('flag')
        else:
            print('no flag')
        return x

    g(tf.constant(1.0), True)
    assert capsys.readouterr().out.splitlines() == ['main', 'flag']


def test_a_dataset_map_function_is_converted_too(capsys):
    def fn(x):
        if x > 2:
            print('big branch')
            y = x * 10
        else:
            print('small branch')
            y = x
        return y

    values = list(tf.data.Dataset.range(5).map(fn).as_numpy_iterator())
    assert values == [0, 1, 2, 30, 40]
    assert capsys.readouterr().out.splitlines() == ['big branch', 'small branch']


def test_printed_names_show_as_they_were_when_the_if_ran(capsys):
    @tf.function
    def f(x, y):
        z = x * 2
        if x > 0:
            print('main', x, z, y)
            x = x + 1
        else:
            print('else', x, z, y, 3)
        return x

    f(tf.constant(1.0), tf.constant([1, 2]))
    assert capsys.readouterr().out.splitlines() == [
        'main Tensor("x:0", shape=(), dtype=float32) Tensor("mul:0", shape=(), dtype=float32) '
        'Tensor("y:0", shape=(2,), dtype=int32)',
        'else Tensor("x:0", shape=(), dtype=float32) Tensor("mul:0", shape=(), dtype=float32) '
        'Tensor("y:0", shape=(2,), dtype=int32) 3']
