"""A py_function's (or numpy_function's) Python runs with TensorFlow's graph, after the trace: on the call
that traces, its prints follow the trace's Python prints, and every later call prints them again.

Printed by TF 2.21 (/work/notes/progs/autograph9/p9.py):

    @tf.function
    def usepy(x):
        y = tf.py_function(np_double, [x], tf.float32)     # np_double prints 'py running ...'
        print('traced y', y)
        return y + 1
    usepy(tf.constant([1.0, 2.0]))   # traced y Tensor("EagerPyFunc:0", ...) / py running EagerTensor ...
    usepy(tf.constant([3.0, 4.0]))   # py running EagerTensor ...
"""
import framework as tf


def _shout(x):
    print('py running', type(x).__name__)
    return x * 2


def test_py_function_prints_after_the_trace(capsys):
    @tf.function
    def usepy(x):
        y = tf.py_function(_shout, [x], tf.float32)
        print('traced')
        return y + 1
    assert usepy(tf.constant([1.0, 2.0])).numpy().tolist() == [3.0, 5.0]
    assert capsys.readouterr().out == 'traced\npy running EagerTensor\n'
    assert usepy(tf.constant([3.0, 4.0])).numpy().tolist() == [7.0, 9.0]
    assert capsys.readouterr().out == 'py running EagerTensor\n'


def test_numpy_function_prints_after_the_trace(capsys):
    @tf.function
    def usenp(x):
        y = tf.numpy_function(_shout, [x], tf.float32)
        print('traced np')
        return y + 1
    usenp(tf.constant([1.0, 2.0]))
    assert capsys.readouterr().out == 'traced np\npy running ndarray\n'
    usenp(tf.constant([1.0, 2.0]))
    assert capsys.readouterr().out == 'py running ndarray\n'
