"""Python numbers, booleans and strings that AutoGraph carries through a tf.while_loop or a tf.cond are tensors
after it in a tf.function's trace: ``i = 0; while i < n: i += 1`` prints ``i`` as ``while:2``, and a Const
each goes into the loop (a tf.constant after it is ``Const_2``). Lines printed by TF 2.21
(notes/progs/autograph3/p01.py .. p14.py)."""
import framework as tf


def test_a_while_counter_from_a_python_int_is_the_loops_output(capsys):
    @tf.function
    def f(n):
        i = 0
        while i < n:
            i += 1
        print('i', i)
        return i

    assert int(f(tf.constant(5))) == 5
    assert int(f(tf.constant(7))) == 7
    assert capsys.readouterr().out.splitlines() == ['i Tensor("while:2", shape=(), dtype=int32)']


def test_the_guides_collatz_count(capsys):
    @tf.function
    def collatz(a):
        count = 0
        while a > 1:
            if a % 2 == 0:
                a = a // 2
            else:
                a = 3 * a + 1
            count += 1
        print('count', count)
        return count

    assert int(collatz(tf.constant(6))) == 8
    assert capsys.readouterr().out.splitlines() == ['count Tensor("while:2", shape=(), dtype=int32)']


def test_the_body_computes_with_tensors_and_each_number_is_a_const(capsys):
    @tf.function
    def f(n):
        i = 0
        k = 1.5
        while i < n:
            i += 1
            k = k * 2
            print('body', i, k)
        c = tf.constant(3)
        print('after', i, k, c, i + c)
        return i, k

    i, k = f(tf.constant(3))
    assert (int(i), float(k)) == (3, 12.0)
    assert capsys.readouterr().out.splitlines() == [
        'body Tensor("while/add:0", shape=(), dtype=int32) Tensor("while/mul:0", shape=(), dtype=float32)',
        'after Tensor("while:2", shape=(), dtype=int32) Tensor("while:3", shape=(), dtype=float32) '
        'Tensor("Const_2:0", shape=(), dtype=int32) Tensor("add:0", shape=(), dtype=int32)']


def test_a_flag_set_in_a_later_turn_before_break(capsys):
    @tf.function
    def f(x):
        found = False
        i = 0
        while i < tf.shape(x)[0]:
            if x[i] > 2.0:
                found = True
                break
            i += 1
        print('found', found, 'i', i)
        return found, i

    found, i = f(tf.constant([1.0, 3.0, 5.0]))
    assert (bool(found), int(i)) == (True, 1)
    assert capsys.readouterr().out.splitlines() == [
        'found Tensor("while:2", shape=(), dtype=bool) i Tensor("while:3", shape=(), dtype=int32)']


def test_for_loops_over_a_range_and_over_rows(capsys):
    @tf.function
    def f(n, x):
        c = 0
        m = 1.0
        for i in tf.range(n):
            c += 1
            m *= 2.0
        k = tf.constant(1)
        print(c, m, k)
        total = 0
        for row in x:
            total += 1
        k2 = tf.constant(1)
        print(total, k2)
        return c

    assert int(f(tf.constant(3), tf.ones([2, 2]))) == 3
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("while:3", shape=(), dtype=int32) Tensor("while:4", shape=(), dtype=float32) '
        'Tensor("Const_2:0", shape=(), dtype=int32)',
        'Tensor("while_1:3", shape=(), dtype=int32) Tensor("Const_5:0", shape=(), dtype=int32)']


def test_a_range_loop_of_no_turn(capsys):
    @tf.function
    def f(n):
        s = 0
        for i in tf.range(n):
            s += i
        print('s', s)
        return s

    assert int(f(tf.constant(0))) == 0
    assert int(f(tf.constant(4))) == 6
    assert capsys.readouterr().out.splitlines() == ['s Tensor("while:3", shape=(), dtype=int32)']


def test_a_dataset_loops_state_and_its_dtype_error(capsys):
    ds = tf.data.Dataset.range(5)

    @tf.function
    def mean():
        total = 0.0
        n = 0
        for x in ds:
            total += tf.cast(x, tf.float32)
            n += 1
        print('total', total, n)
        return total / tf.cast(n, tf.float32)

    @tf.function
    def int32_total():
        total = 0
        for x in ds:
            total += x
        return total

    assert float(mean()) == 2.0
    assert capsys.readouterr().out.splitlines() == [
        'total Tensor("ReduceDataset:1", shape=(), dtype=float32) Tensor("ReduceDataset:0", shape=(), dtype=int32)']
    try:
        int32_total()
    except TypeError as error:
        assert str(error).splitlines()[-1].strip() == \
            "TypeError: Input 'y' of 'AddV2' Op has type int64 that does not match type int32 of argument 'x'."
    else:
        raise AssertionError('an int32 state plus an int64 element traced')


def test_an_if_makes_its_python_outputs_tensors(capsys):
    @tf.function
    def f(x):
        label = 0
        scale = 1
        if x > 0:
            label = 1
        else:
            scale = 2
        c = tf.constant(2.0)
        print(label, scale, c, x * c)
        return label, scale

    assert [int(t) for t in f(tf.constant(3.0))] == [1, 1]
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("cond/Identity:0", shape=(), dtype=int32) Tensor("cond/Identity_1:0", shape=(), dtype=int32) '
        'Tensor("Const:0", shape=(), dtype=float32) Tensor("mul:0", shape=(), dtype=float32)']


def test_if_without_else_and_a_string_set_in_both_branches(capsys):
    @tf.function
    def f(x):
        n = 0
        if x > 0:
            n = 1
        print('n', n)
        return n

    @tf.function
    def g(x):
        if tf.reduce_mean(x) > 0:
            x = tf.nn.relu(x)
            msg = 'relu'
        else:
            x = tf.abs(x)
            msg = 'abs'
        print(msg, x)
        return x

    assert int(f(tf.constant(3.0))) == 1
    assert int(f(tf.constant(-3.0))) == 0
    assert g(tf.constant([1.0, -1.0])).numpy().tolist() == [1.0, 1.0]
    assert capsys.readouterr().out.splitlines() == [
        'n Tensor("cond/Identity:0", shape=(), dtype=int32)',
        'Tensor("cond/Identity:0", shape=(), dtype=string) Tensor("cond/Identity_1:0", shape=(2,), dtype=float32)']
