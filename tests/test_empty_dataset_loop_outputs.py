"""A ``for`` over a Dataset that gives no element while a tf.function traces is still autograph's
ds.reduce: its body's constant prints show, and the loop variables after it (an argument too) are the
ReduceDataset op's outputs, as TF 2.21 prints them (tapeflow kept x:0 and the Python 0, and left out
the body's print).

Lines printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q40.py, q67.py)."""
import framework as tf


def test_empty_dataset_loop(capsys):
    @tf.function
    def g(x, ds):
        n = 0
        for e in ds:
            print('in body')
            x = x + tf.cast(e, tf.float32)
            n += 1
        print('ds after', x, n)
        y = x * 2
        print(y)
        return x

    assert float(g(tf.constant(1.0), tf.data.Dataset.range(0))) == 1.0
    assert float(g(tf.constant(1.0), tf.data.Dataset.range(3).filter(lambda v: v > 5))) == 1.0
    assert capsys.readouterr().out.splitlines() == [
        'in body',
        'ds after Tensor("ReduceDataset:1", shape=(), dtype=float32) Tensor("ReduceDataset:0", shape=(), dtype=int32)',
        'Tensor("mul:0", shape=(), dtype=float32)']


def test_empty_dataset_loop_over_an_argument(capsys):
    @tf.function
    def g(x, ds):
        for e in ds:
            x = x + tf.cast(e, tf.float32)
        print('ds after', x)
        return x

    assert float(g(tf.constant(1.0), tf.data.Dataset.range(0))) == 1.0
    assert capsys.readouterr().out == 'ds after Tensor("ReduceDataset:0", shape=(), dtype=float32)\n'
