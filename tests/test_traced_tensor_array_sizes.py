"""A TensorArray whose size is a traced tensor TF's graph cannot fold (an argument, tf.shape(x)[0]) stacks as
(None, ...) rows in a tf.function, as TF 2.21 prints it; a Python int, a tf.constant or tf.size of a known
shape keep the rows (notes/progs/autograph3/p35.py, p64.py, p65.py)."""
import framework as tf


def test_a_size_from_tf_shape_and_from_an_argument(capsys):
    @tf.function
    def f(x):
        n = tf.shape(x)[0]
        out = tf.TensorArray(tf.float32, size=n)
        for i in tf.range(n):
            out = out.write(i, x[i] * 2.0)
        r = out.stack()
        print('r', r)
        return r

    @tf.function
    def squares(n):
        ta = tf.TensorArray(tf.int32, size=n)
        for i in tf.range(n):
            ta = ta.write(i, i * i)
        r = ta.stack()
        print(r)
        return r

    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    assert squares(tf.constant(3)).numpy().tolist() == [0, 1, 4]
    assert capsys.readouterr().out.splitlines() == [
        'r Tensor("TensorArrayV2Stack/TensorListStack:0", shape=(None,), dtype=float32)',
        'Tensor("TensorArrayV2Stack/TensorListStack:0", shape=(None,), dtype=int32)']


def test_sizes_the_graph_folds(capsys):
    @tf.function
    def f(x):
        a = tf.TensorArray(tf.float32, size=tf.constant(2))
        b = tf.TensorArray(tf.float32, size=x.shape[0])
        c = tf.TensorArray(tf.float32, size=tf.size(x))
        d = tf.TensorArray(tf.float32, size=2, element_shape=[3])
        e = tf.TensorArray(tf.float32, size=tf.shape(x)[0], dynamic_size=False)
        for i in tf.range(2):
            a = a.write(i, x[i]); b = b.write(i, x[i]); c = c.write(i, x[i]); e = e.write(i, x[i])
            d = d.write(i, tf.ones([3]))
        print(a.stack(), b.stack(), c.stack())
        print(d.stack(), e.stack())
        return a.stack()

    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [1.0, 2.0]
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("TensorArrayV2Stack/TensorListStack:0", shape=(2,), dtype=float32) '
        'Tensor("TensorArrayV2Stack_1/TensorListStack:0", shape=(2,), dtype=float32) '
        'Tensor("TensorArrayV2Stack_2/TensorListStack:0", shape=(2,), dtype=float32)',
        'Tensor("TensorArrayV2Stack_3/TensorListStack:0", shape=(2, 3), dtype=float32) '
        'Tensor("TensorArrayV2Stack_4/TensorListStack:0", shape=(None,), dtype=float32)']
