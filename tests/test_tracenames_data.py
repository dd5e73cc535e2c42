"""Tensors made by ops in a tf.data map or filter function print as TensorFlow's graph tensors while
its one trace runs. Golden lines from TF 2.21 running the same program
(notes/progs/tracenames/probe7.py; TF traces at .map(), tapeflow at the first element, so only the
lines are compared here)."""
import numpy as np

import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_map_and_filter_functions_print_their_ops_as_graph_tensors(capsys):
    x = np.ones((8, 3), 'float32')
    y = np.zeros((8, 1), 'float32')

    def fm(a, b):
        c = a * 2.0 + 1.0
        print('map', a, c, tf.reduce_sum(c, axis=1), tf.concat([a, b], 1))
        return c, b

    def filt(r):
        keep = tf.reduce_sum(r) > 1.0
        print('filter', keep)
        return keep

    first = next(iter(tf.data.Dataset.from_tensor_slices((x, y)).batch(4).map(fm)))
    for _ in tf.data.Dataset.range(3).map(lambda i: (print('m2', i, i * 2, tf.cast(i, tf.float32)), i)[1]).take(1):
        pass
    rows = tf.data.Dataset.from_tensor_slices(x).map(lambda r: (print('row', r, r - 1.0, tf.square(r)), r)[1])
    for _ in rows.batch(2).take(1):
        pass
    for _ in tf.data.Dataset.from_tensor_slices(x).filter(filt).take(1):
        pass
    assert _lines(capsys) == [
        'map Tensor("args_0:0", shape=(None, 3), dtype=float32) Tensor("add:0", shape=(None, 3), dtype=float32) '
        'Tensor("Sum:0", shape=(None,), dtype=float32) Tensor("concat:0", shape=(None, 4), dtype=float32)',
        'm2 Tensor("args_0:0", shape=(), dtype=int64) Tensor("mul:0", shape=(), dtype=int64) '
        'Tensor("Cast:0", shape=(), dtype=float32)',
        'row Tensor("args_0:0", shape=(3,), dtype=float32) Tensor("sub:0", shape=(3,), dtype=float32) '
        'Tensor("Square:0", shape=(3,), dtype=float32)',
        'filter Tensor("Greater:0", shape=(), dtype=bool)']
    np.testing.assert_array_equal(first[0].numpy(), np.full((4, 3), 3.0, 'float32'))    # values as before
