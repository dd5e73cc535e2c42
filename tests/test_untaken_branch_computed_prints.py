"""The untaken branch of a tensor ``if`` in a tf.function computes the names it assigns with Python operators
of tensors and numbers (``y = -x``, ``z += 2.0``) and its prints show them as TF 2.21's branch graph names them,
below the cond ('cond/Neg:0', 'cond/add_1:0'), not their values from before the branch; tapeflow left the print
out or showed the stale tensor (notes/progs/autograph4/q35.py, notes/progs/autograph5/t3.py)."""
import framework as tf


def test_the_else_branch_after_the_main_branch_and_the_other_way(capsys):
    @tf.function
    def f(x):
        if tf.reduce_sum(x) > 0:
            y = x * 2
            print('then', y)
        else:
            y = -x
            print('else', y)
        return y

    assert f(tf.constant([1., 2.])).numpy().tolist() == [2.0, 4.0]
    assert f(tf.constant([-3.])).numpy().tolist() == [3.0]
    assert capsys.readouterr().out.splitlines() == [
        'then Tensor("cond/mul:0", shape=(2,), dtype=float32)',
        'else Tensor("cond/Neg:0", shape=(2,), dtype=float32)',
        'then Tensor("cond/mul:0", shape=(1,), dtype=float32)',
        'else Tensor("cond/Neg:0", shape=(1,), dtype=float32)']


def test_a_name_bound_before_the_if_and_augmented_assignments(capsys):
    @tf.function
    def f(x):
        y = x + 1.0
        if tf.reduce_sum(x) > 0:
            y = x * 2
            print('then', y)
        else:
            z = x
            y = -x * 3.0 + 1.0
            z += 2.0
            print('else', y, z)
        return y

    assert f(tf.constant([1., 2.])).numpy().tolist() == [2.0, 4.0]
    assert f(tf.constant([-3.])).numpy().tolist() == [10.0]
    assert capsys.readouterr().out.splitlines() == [
        'then Tensor("cond/mul:0", shape=(2,), dtype=float32)',
        'else Tensor("cond/add:0", shape=(2,), dtype=float32) Tensor("cond/add_1:0", shape=(2,), dtype=float32)',
        'then Tensor("cond/mul:0", shape=(1,), dtype=float32)',
        'else Tensor("cond/add:0", shape=(1,), dtype=float32) Tensor("cond/add_1:0", shape=(1,), dtype=float32)']


def test_an_untaken_main_branch_and_printed_arithmetic(capsys):
    @tf.function
    def g(x, n):
        if n > 0:
            a = x / 2.0
            b = a - x
            print('main', a, b, 2 * 3)
        else:
            a = x ** 2
            print('other', a)
        return a

    assert g(tf.constant(4.0), tf.constant(-1)).numpy() == 16.0
    assert g(tf.constant(4.0), tf.constant(1)).numpy() == 2.0
    assert capsys.readouterr().out.splitlines() == [
        'main Tensor("cond/truediv:0", shape=(), dtype=float32) Tensor("cond/sub:0", shape=(), dtype=float32) 6',
        'other Tensor("cond/pow:0", shape=(), dtype=float32)']
