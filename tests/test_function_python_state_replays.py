"""A tf.function's replays see the Python state its trace saw, as TensorFlow's graph does.

TensorFlow runs the Python once per trace: a global list appended to in the function grows once per
trace, and ``next()`` of a Python iterator argument gives the trace's value on every call with that
iterator. Goldens printed by TF 2.21 (/work/notes/progs/lead40/side.py; the tf.function guide's
"Python side effects" and "Python iterators and generators" cells).
"""
import pytest

import framework as tf

external_list = []
seen = {}
made = []


@pytest.fixture(autouse=True)
def empty_globals():
    del external_list[:]
    seen.clear()
    del made[:]
    yield


def test_a_global_list_appended_to_grows_once_per_trace():
    @tf.function
    def side_effect(x):
        external_list.append(x)

    side_effect(1)
    side_effect(1)
    side_effect(1)
    assert len(external_list) == 1         # the guide's assert
    side_effect(2)
    side_effect(2)
    assert len(external_list) == 2
    external_list.append('user')
    side_effect(1)
    assert len(external_list) == 3


def test_a_global_dict_and_a_closure_list_written_by_replays_stay_as_the_trace_left_them():
    # (what the function reads back after writing differs: each replay starts from the trace's end,
    # where TF's graph holds the values the trace computed; README lists it)
    @tf.function
    def note(x):
        seen[len(seen)] = x
        return x

    acc = []

    @tf.function
    def inner(x):
        acc.append(x)
        return x

    for _ in range(3):
        note(tf.constant(1))
        inner(tf.constant(3))
    assert (len(seen), len(acc)) == (1, 1)


def test_a_variable_made_once_into_a_global_list_is_the_replays_variable():
    @tf.function
    def lazy(x):
        if not made:
            made.append(tf.Variable(2.0))
        made[0].assign_add(1.0)
        return made[0] * x

    assert [float(lazy(tf.constant(1.0))) for _ in range(3)] == [3.0, 4.0, 5.0]
    assert len(made) == 1


def test_next_of_a_python_iterator_argument_gives_the_traces_value(capsys):
    @tf.function
    def consume(iterator):
        print('trace')
        tf.print('Value:', next(iterator))

    first = iter([tf.constant(1), tf.constant(2), tf.constant(3)])
    consume(first)
    consume(first)
    second = iter([tf.constant(5), tf.constant(6)])
    consume(second)
    consume(second)
    consume(first)
    assert consume.experimental_get_tracing_count() == 2
    printed = capsys.readouterr()
    assert printed.out == 'trace\ntrace\n'
    assert printed.err == 'Value: 1\nValue: 1\nValue: 5\nValue: 5\nValue: 1\n'     # (tf.print: stderr)
    assert (int(next(first)), int(next(second))) == (2, 6)     # each advanced once, by its trace


def test_generators_keyword_arguments_and_loops(capsys):
    @tf.function
    def consume(iterator):
        tf.print('Value:', next(iterator))

    numbers = (tf.constant(i) for i in range(5))
    consume(numbers)
    consume(numbers)
    assert int(next(numbers)) == 1

    @tf.function
    def two(a, b):
        tf.print(next(a), next(b))

    i1, i2 = iter([1, 2, 3]), iter(range(10, 20))
    two(i1, i2)
    two(i1, i2)
    two(a=i1, b=i2)         # (TF 2.21: the same trace, by keyword)
    assert (next(i1), next(i2)) == (2, 11)

    @tf.function
    def loop_all(iterator):
        total = 0
        for value in iterator:
            total += value
        return total

    numbers = iter([1, 2, 3])
    assert [int(loop_all(numbers)), int(loop_all(numbers))] == [6, 6]
    assert capsys.readouterr().err == 'Value: 0\nValue: 0\n1 10\n1 10\n1 10\n'


def test_a_dataset_iterator_still_advances_on_every_call(capsys):
    @tf.function
    def consume(iterator):
        tf.print('Value:', next(iterator))

    iterator = iter(tf.data.Dataset.from_tensor_slices([1, 2, 3]))
    for _ in range(3):
        consume(iterator)
    assert capsys.readouterr().err == 'Value: 1\nValue: 2\nValue: 3\n'
