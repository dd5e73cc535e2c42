"""Tuple / list / dict loop variables of a tensor loop in a tf.function, and a while loop's condition.

tapeflow before: ``x = (x[0] * 2, x[1] + 1)`` in a ``for i in tf.range(n)`` or a tensor ``while`` raised
InaccessibleTensorError after the loop (its leaves kept their body names); a dtype change inside a tuple,
new dict keys, a list growing, ``while x:`` on an int tensor and ``while x > 0`` on a vector ran or raised
numpy's error. Every expected text below was printed by TF 2.21 for the same function
(/work/notes/progs/autograph10/p2.py, p3.py, p4.py)."""
import pytest

import framework as tf


def _last_line(call, error):
    with pytest.raises(error) as caught:
        call()
    return str(caught.value).strip().split('\n')[-1].strip()


def test_tuple_loop_variables_print_as_the_loops_placeholders_and_outputs(capsys):
    @tf.function
    def over_range(n):
        x = (tf.constant(1.0), tf.constant(2))
        for i in tf.range(n):
            print('in body', x, i)
            x = (x[0] * 2, x[1] + 1)
        print('after', x)
        return x

    @tf.function
    def tensor_while(n):
        i = tf.constant(0)
        x = (tf.constant(1.0), tf.constant(2))
        while i < n:
            print('in body', x, i)
            x = (x[0] * 2, x[1] + 1)
            i += 1
        print('after', x, i)
        return x
    for function in (over_range, tensor_while):
        x = function(tf.constant(3))
        assert (float(x[0]), int(x[1])) == (8.0, 5)
        x = function(tf.constant(1))      # (a replay)
        assert (float(x[0]), int(x[1])) == (2.0, 3)
    assert capsys.readouterr().out.split('\n') == [
        "in body (<tf.Tensor 'while/Placeholder_1:0' shape=() dtype=float32>, <tf.Tensor 'while/Placeholder_2:0' "
        "shape=() dtype=int32>) Tensor(\"while/Placeholder:0\", shape=(), dtype=int32)",
        "after (<tf.Tensor 'while:3' shape=() dtype=float32>, <tf.Tensor 'while:4' shape=() dtype=int32>)",
        "in body (<tf.Tensor 'while/Placeholder_1:0' shape=() dtype=float32>, <tf.Tensor 'while/Placeholder_2:0' "
        "shape=() dtype=int32>) Tensor(\"while/Placeholder:0\", shape=(), dtype=int32)",
        "after (<tf.Tensor 'while:3' shape=() dtype=float32>, <tf.Tensor 'while:4' shape=() dtype=int32>) "
        "Tensor(\"while:2\", shape=(), dtype=int32)", '']


def test_for_loop_variables_print_as_the_bodys_placeholders(capsys):
    @tf.function
    def over_rows(x):
        s = tf.constant(0.0)
        t = tf.constant(1.0)
        for row in x:
            print('body', s, t, row)
            s += tf.reduce_sum(row)
            t = t * 2
        return s

    @tf.function
    def over_dataset(ds):
        s = tf.constant(0, tf.int64)
        for e in ds:
            print('body', s, e)
            s += e
        print('after', s)
        return s
    assert float(over_rows(tf.constant([[1., 2.], [3., 4.]]))) == 10.0
    assert int(over_dataset(tf.data.Dataset.range(3))) == 3
    assert capsys.readouterr().out.split('\n') == [
        'body Tensor("while/Placeholder_1:0", shape=(), dtype=float32) Tensor("while/Placeholder_2:0", shape=(), '
        'dtype=float32) Tensor("while/TensorArrayV2Read/TensorListGetItem:0", shape=(2,), dtype=float32)',
        'body Tensor("args_0:0", shape=(), dtype=int64) Tensor("args_1:0", shape=(), dtype=int64)',
        'after Tensor("ReduceDataset:0", shape=(), dtype=int64)', '']


def test_a_dtype_change_inside_a_tuple():
    @tf.function
    def casts(n):
        x = (tf.constant(1.0), tf.constant(2))
        for i in tf.range(n):
            x = (x[0] * 2, tf.cast(x[1], tf.float32))
        return x

    @tf.function
    def tensor_while(n):
        i = tf.constant(0)
        x = (tf.constant(1.0), tf.constant(2))
        while i < n:
            x = (x[0] * 2, tf.cast(x[1], tf.float32))
            i += 1
        return x
    text = "TypeError: 'x' has dtype int32 before the loop, but dtype float32 after one iteration"
    assert _last_line(lambda: casts(tf.constant(3)), TypeError) == text
    assert _last_line(lambda: tensor_while(tf.constant(3)), TypeError) == text


def test_a_python_number_in_a_tuple_is_carried_as_a_tensor():
    @tf.function
    def adds(n):
        i = tf.constant(0)
        x = (tf.constant(1.0), 2)
        while i < n:
            x = (x[0] * 2, x[1] + 1.5)
            i += 1
        return x
    assert _last_line(lambda: adds(tf.constant(3)), TypeError) == (
        "TypeError: Input 'y' of 'AddV2' Op has type float32 that does not match type int32 of argument 'x'.")


def test_new_dict_keys_and_a_longer_list():
    @tf.function
    def keys(n):
        d = {'a': tf.constant(1.0)}
        for i in tf.range(n):
            d = {'a': d['a'] * 2, 'b': tf.constant(1.0)}
        return d

    @tf.function
    def longer(n):
        i = tf.constant(0)
        x = [tf.constant(1.0)]
        while i < n:
            x = [x[0], x[0]]
            i += 1
        return x
    with pytest.raises(TypeError) as caught:
        keys(tf.constant(3))
    assert str(caught.value).split('\n')[5:] == [
        "    TypeError: 'd' does not have the same nested structure after one iteration.", '    ',
        "    The two structures don't have the same nested structure.", '    ',
        "    First structure: type=dict str={'a': <tf.Tensor 'while/Placeholder_1:0' shape=() dtype=float32>}", '    ',
        "    Second structure: type=dict str={'a': <tf.Tensor 'while/mul:0' shape=() dtype=float32>, 'b': "
        "<tf.Tensor 'while/Const:0' shape=() dtype=float32>}", '    ',
        "    More specifically: The two dictionaries don't have the same set of keys. First structure has keys "
        "type=list str=['a'], while second structure has keys type=list str=['a', 'b']",
        '    Entire first structure:', "    {'a': .}", '    Entire second structure:', "    {'a': ., 'b': .}", '']
    with pytest.raises(TypeError) as caught:
        longer(tf.constant(3))
    placeholder = "<tf.Tensor 'while/Placeholder:0' shape=() dtype=float32>"
    assert str(caught.value).split('\n')[5:] == [
        "    TypeError: 'x' does not have the same nested structure after one iteration.", '    ',
        "    The two structures don't have the same nested structure.", '    ',
        '    First structure: type=list str=[%s]' % placeholder, '    ',
        '    Second structure: type=list str=[%s, %s]' % (placeholder, placeholder), '    ',
        "    More specifically: The two structures don't have the same number of elements. First structure: "
        'type=list str=[%s]. Second structure: type=list str=[%s, %s]' % (placeholder, placeholder, placeholder),
        '    Entire first structure:', '    [.]', '    Entire second structure:', '    [., .]', '']


def test_a_tuple_leaf_set_to_none_and_a_shape_change_inside_a_list():
    @tf.function
    def to_none(n):
        i = tf.constant(0)
        x = (tf.constant(1.0), tf.constant(2.0))
        while i < n:
            x = (x[0], None)
            i += 1
        return x

    @tf.function
    def grows(n):
        i = tf.constant(0)
        x = [tf.zeros([2]), tf.constant(1.0)]
        while i < n:
            x = [tf.concat([x[0], x[0]], 0), x[1]]
            i += 1
        return x
    assert _last_line(lambda: to_none(tf.constant(3)), ValueError) == \
        "ValueError: 'x' is None at the end of the iteration."
    assert _last_line(lambda: grows(tf.constant(3)), ValueError) == (
        "ValueError: 'x' has shape (2,) before the loop, but shape (4,) after one iteration. Use "
        "tf.autograph.experimental.set_loop_options to set shape invariants.")


def test_a_while_condition_that_is_no_boolean_scalar():
    @tf.function
    def counts_down(x):
        while x:
            x -= 1
        return x

    @tf.function
    def summed(x):
        while tf.reduce_sum(x):
            x -= 1
        return x

    @tf.function
    def positive(x):
        while x > 0:
            x -= 1
        return x
    advice = 'to use as boolean Tensor, use `tf.cast`; to check for None, use `is not None`'
    assert _last_line(lambda: counts_down(tf.constant(3)), ValueError) == (
        'ValueError: condition of while loop expected to be `tf.bool` scalar, got Tensor("while/Placeholder:0", '
        'shape=(), dtype=int32); ' + advice)
    assert _last_line(lambda: counts_down(tf.constant(3.0)), ValueError) == (
        'ValueError: condition of while loop expected to be `tf.bool` scalar, got Tensor("while/Placeholder:0", '
        'shape=(), dtype=float32); ' + advice)
    assert _last_line(lambda: summed(tf.constant([3, 1])), ValueError) == (
        'ValueError: condition of while loop expected to be `tf.bool` scalar, got Tensor("while/Sum:0", '
        'shape=(), dtype=int32); ' + advice)
    assert _last_line(lambda: positive(tf.constant([3, 1])), ValueError) == (
        'ValueError: condition of while loop expected to be `tf.bool` scalar, got Tensor("while/Greater:0", '
        'shape=(2,), dtype=bool); to check for None, use `is not None`')
    assert positive(tf.constant([3])).numpy().tolist() == [0]     # (one element: TF reshapes it)


def test_a_for_target_read_after_the_loop_is_a_loop_variable(capsys):
    # TF 2.21 (p15.py r11): after loop Tensor("while:4", ...) Tensor("while:3", ...); (3, 2)
    @tf.function
    def last_index(n):
        s = tf.constant(0)
        for i in tf.range(n):
            s += i
        print('after loop', s, i)
        return s, i
    s, i = last_index(tf.constant(3))
    assert (int(s), int(i)) == (3, 2)
    assert capsys.readouterr().out == ('after loop Tensor("while:4", shape=(), dtype=int32) '
                                       'Tensor("while:3", shape=(), dtype=int32)\n')


def test_tuple_state_of_a_dataset_loop_and_a_list_state_of_a_while_loop(capsys):
    # TF 2.21 printed these lines (p18.py d1, d5)
    @tf.function
    def sums(ds):
        acc = (tf.constant(0, tf.int64), tf.constant(0.0))
        for a, b in ds:
            print('body', acc, a, b)
            acc = (acc[0] + a, acc[1] + b)
        print('after', acc)
        return acc

    @tf.function
    def swaps(n):
        state = [tf.constant(1.0), tf.constant(2.0)]
        i = tf.constant(0)
        while i < n:
            print('w', state)
            state = [state[1], state[0] * 2]
            i += 1
        print('after', state)
        return state
    ds = tf.data.Dataset.from_tensor_slices((tf.range(3, dtype=tf.int64), tf.constant([1., 2., 3.])))
    a, b = sums(ds)
    assert (int(a), float(b)) == (3, 6.0)
    assert [float(v) for v in swaps(tf.constant(3))] == [4.0, 4.0]
    assert capsys.readouterr().out.split('\n') == [
        "body (<tf.Tensor 'args_0:0' shape=() dtype=int64>, <tf.Tensor 'args_1:0' shape=() dtype=float32>) "
        'Tensor("args_2:0", shape=(), dtype=int64) Tensor("args_3:0", shape=(), dtype=float32)',
        "after (<tf.Tensor 'ReduceDataset:0' shape=() dtype=int64>, <tf.Tensor 'ReduceDataset:1' shape=() "
        "dtype=float32>)",
        "w [<tf.Tensor 'while/Placeholder:0' shape=() dtype=float32>, <tf.Tensor 'while/Placeholder_1:0' shape=() "
        "dtype=float32>]",
        "after [<tf.Tensor 'while:2' shape=() dtype=float32>, <tf.Tensor 'while:3' shape=() dtype=float32>]", '']
