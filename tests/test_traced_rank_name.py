"""tf.rank in a tf.function's trace is the graph's Rank op (TF 2.21 prints Tensor("Rank:0", shape=(),
dtype=int32); tapeflow printed the value). Lines printed by TF 2.21 (progs/autograph4/q54.py, q58.py, q59.py)."""
import framework as tf


def test_rank_prints_as_its_op(capsys):
    @tf.function
    def f(x):
        for i in range(3):
            x = x + i
        y = tf.square(x)
        print(y, tf.shape(y), tf.rank(y), x.shape.rank)
        r = tf.rank(x)
        print(r, tf.rank(x) + 1, tf.size(x))
        return r

    assert int(f(tf.constant([1.0, 2.0]))) == 1
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("Square:0", shape=(2,), dtype=float32) Tensor("Shape:0", shape=(1,), dtype=int32) '
        'Tensor("Rank:0", shape=(), dtype=int32) 1',
        'Tensor("Rank_1:0", shape=(), dtype=int32) Tensor("add_3:0", shape=(), dtype=int32) '
        'Tensor("Size:0", shape=(), dtype=int32)']
