"""A traced py_function's / numpy_function's outputs print with the device TF 2.21 places their op on.

tapeflow before: 'Tensor("EagerPyFunc:0", dtype=float32)'; TF's str of those graph tensors ends
', device=/job:localhost/replica:0/task:0' (its repr, and ops computed from them, carry none). Expected
lines were printed by TF 2.21 for the same functions (/work/notes/progs/autograph10/p13.py,
/work/notes/progs/autograph9/p9.py)."""
import numpy as np

import framework as tf

HOST = ', device=/job:localhost/replica:0/task:0'


def _double(x):
    return x * 2


def test_in_a_dataset_map_and_a_tf_function(capsys):
    def show(x):
        y = tf.py_function(_double, [x], tf.float32)
        z = tf.numpy_function(_double, [x], tf.float32)
        print('map y', y, repr(y), z)
        print('sum', y + 1)
        return y
    ds = tf.data.Dataset.from_tensor_slices(np.array([1.0, 2.0], np.float32)).map(show)
    assert [float(v) for v in ds.as_numpy_iterator()] == [2.0, 4.0]

    @tf.function
    def pair(x):
        a, b = tf.py_function(lambda v: (v, v * 2), [x], [tf.float32, tf.float32])
        print('f', a, b, [a], {'k': b})
        return a
    assert float(pair(tf.constant(1.5))) == 1.5
    assert capsys.readouterr().out.split('\n') == [
        'map y Tensor("EagerPyFunc:0", dtype=float32%s) <tf.Tensor \'EagerPyFunc:0\' shape=<unknown> dtype=float32> '
        'Tensor("PyFunc:0", dtype=float32%s)' % (HOST, HOST),
        'sum Tensor("add:0", dtype=float32)',
        'f Tensor("EagerPyFunc:0", dtype=float32%s) Tensor("EagerPyFunc:1", dtype=float32%s) '
        "[<tf.Tensor 'EagerPyFunc:0' shape=<unknown> dtype=float32>] "
        "{'k': <tf.Tensor 'EagerPyFunc:1' shape=<unknown> dtype=float32>}" % (HOST, HOST), '']
