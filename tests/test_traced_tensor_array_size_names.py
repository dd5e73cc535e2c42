"""TensorArray.size() in a tf.function prints as TF 2.21's graph tensor: a dynamic array's TensorListLength op
(inside a loop body while/TensorListLength), a fixed array's size converted to a Const each call (a given name goes
unused), a fixed size given as a tensor that tensor itself (notes/progs/autograph4/q70.py, q72.py,
notes/progs/autograph5/t1.py). tapeflow printed the value, tf.Tensor(3, ...)."""
import framework as tf


def test_dynamic_and_fixed_sizes_after_loops(capsys):
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i, tf.float32))
        print('dyn size', ta.size())
        fixed = tf.TensorArray(tf.float32, size=3)
        print('fixed size', fixed.size())
        d2 = tf.TensorArray(tf.int32, size=2, dynamic_size=True)
        print('dyn2 size', d2.size(), d2.size() + 1)
        return ta.stack()

    assert f(tf.constant(3)).numpy().tolist() == [0.0, 1.0, 2.0]
    assert capsys.readouterr().out.splitlines() == [
        'dyn size Tensor("TensorListLength:0", shape=(), dtype=int32)',
        'fixed size Tensor("Const:0", shape=(), dtype=int32)',
        'dyn2 size Tensor("TensorListLength_1:0", shape=(), dtype=int32) Tensor("add_1:0", shape=(), dtype=int32)']


def test_names_a_size_argument_and_constants_between(capsys):
    @tf.function
    def f(n):
        fixed = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            fixed = fixed.write(i, tf.cast(i, tf.float32))
        print('fixed after loop', fixed.size())
        byarg = tf.TensorArray(tf.float32, size=n)
        print('by arg', byarg.size())
        dyn = tf.TensorArray(tf.float32, size=2, dynamic_size=True)
        print('named', dyn.size(name='count'), fixed.size(name='fcount'))
        x = tf.constant(1.0)
        print('again', fixed.size(), dyn.size() * 2, x)
        return fixed.stack()

    assert f(tf.constant(3)).numpy().tolist() == [0.0, 1.0, 2.0]
    assert capsys.readouterr().out.splitlines() == [
        'fixed after loop Tensor("Const:0", shape=(), dtype=int32)',
        'by arg Tensor("n:0", shape=(), dtype=int32)',
        'named Tensor("count:0", shape=(), dtype=int32) Tensor("Const_1:0", shape=(), dtype=int32)',
        'again Tensor("Const_3:0", shape=(), dtype=int32) Tensor("mul:0", shape=(), dtype=int32) '
        'Tensor("Const_2:0", shape=(), dtype=float32)']


def test_a_dynamic_size_read_in_a_while_body(capsys):
    @tf.function
    def g(n):
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
        i = tf.constant(0)
        while ta.size() < n:
            print('in body', ta.size())
            ta = ta.write(ta.size(), i)
            i += 1
        return ta.stack()

    assert g(tf.constant(2)).numpy().tolist() == [0, 1]
    assert g(tf.constant(3)).numpy().tolist() == [0, 1, 2]
    assert capsys.readouterr().out.splitlines() == [
        'in body Tensor("while/TensorListLength:0", shape=(), dtype=int32)']
    assert tf.TensorArray(tf.float32, size=tf.constant(2)).size().numpy() == 2     # eager: the value
