"""An ``if`` on a tensor in a tf.function is a tf.cond: its branch's ops print below the cond (``cond/mul:0``)
and the variables it assigns print after it as the cond's outputs (``cond/Identity:0``, by name). Lines
printed by TF 2.21 (notes/progs/autograph2/p03.py, p10.py, p27.py, p30.py)."""
import framework as tf


def test_a_branchs_op_and_the_variable_after_the_if(capsys):
    @tf.function
    def f(x):
        if x > 0:
            y = x * 2
            print('pos', y)
        else:
            y = x - 1
        print('y is', y)
        return y

    assert float(f(tf.constant(3.0))) == 6.0
    assert capsys.readouterr().out.splitlines() == [
        'pos Tensor("cond/mul:0", shape=(), dtype=float32)',
        'y is Tensor("cond/Identity:0", shape=(), dtype=float32)']


def test_the_ops_before_and_after_keep_the_enclosing_graphs_names(capsys):
    @tf.function
    def f(x):
        y = x * 2
        print('y', y)
        z = tf.square(y) + 1
        print('z', z)
        if z > 3:
            w = z * 3
        else:
            w = z / 3
        print('w', w)
        return w

    assert float(f(tf.constant(2.0))) == 51.0
    assert capsys.readouterr().out.splitlines() == [
        'y Tensor("mul:0", shape=(), dtype=float32)',
        'z Tensor("add:0", shape=(), dtype=float32)',
        'w Tensor("cond/Identity:0", shape=(), dtype=float32)']


def test_an_if_without_else_in_a_dataset_map_function(capsys):
    def fn(x):
        if x > 0:
            x = x * 2
        print('x', x)
        return x

    ds = tf.data.Dataset.from_tensor_slices([1.0, -2.0, 3.0]).map(fn)
    assert [float(v) for v in ds.as_numpy_iterator()] == [2.0, -2.0, 6.0]
    assert capsys.readouterr().out.splitlines() == ['x Tensor("cond/Identity:0", shape=(), dtype=float32)']


def test_an_if_in_a_loop_body_is_a_cond_below_the_loop(capsys):
    @tf.function
    def f(x):
        y = tf.constant(0.0)
        for i in tf.range(3):
            if x > 0:
                y = y + x
            else:
                y = y - x
            print('y in body', y)
        print('y', y)
        return y

    assert float(f(tf.constant(1.0))) == 3.0
    assert capsys.readouterr().out.splitlines() == [
        'y in body Tensor("while/cond/Identity:0", shape=(), dtype=float32)',
        'y Tensor("while:3", shape=(), dtype=float32)']


def test_explicit_cond_and_while_loop_outputs(capsys):
    @tf.function
    def f(x):
        out = tf.cond(x > 0, lambda: x * 2, lambda: x - 1)
        print('out', out)
        r = tf.while_loop(lambda i: i < 10, lambda i: i + 1, [x])
        print('r', r)
        return out

    assert float(f(tf.constant(1.0))) == 2.0
    assert capsys.readouterr().out.splitlines() == [
        'out Tensor("cond/Identity:0", shape=(), dtype=float32)',
        "r [<tf.Tensor 'while:2' shape=() dtype=float32>]"]


def test_a_while_loop_body_prints_once_in_a_trace(capsys):
    @tf.function
    def f(x):
        def body(i):
            print('body traced')
            return i + 1
        return tf.while_loop(lambda i: i < 3, body, [x])

    assert float(f(tf.constant(1.0))[0]) == 3.0
    assert capsys.readouterr().out.splitlines() == ['body traced']
