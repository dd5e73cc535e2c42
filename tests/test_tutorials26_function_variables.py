"""A tf.function whose first call makes a tf.Variable and returns it (guide/function, "Creating
tf.Variables"): TensorFlow 2.21 traces that call a second time with creation refused, the second trace
makes the variable again, and the call raises the singleton error. tapeflow returns the variable read
(as TensorFlow does), so nothing keeps it after the trace: the same error. Functions that keep what they
make (a list, the guide's ``if self.v is None``) run as before. Values: TF 2.21 (notes
progs/tutorials26/func_var_return.py)."""
import pytest

import framework as tf

SINGLETON = ('ValueError: tf.function only supports singleton tf.Variables created on the first call. Make '
             'sure the tf.Variable is only created once or created outside tf.function.')


def test_a_returned_fresh_variable_is_made_again_by_the_second_trace():
    @tf.function
    def f(x):
        v = tf.Variable(1.0)
        return v
    with pytest.raises(ValueError) as caught:
        f(1.0)
    assert str(caught.value).startswith('in user code:')
    assert SINGLETON in str(caught.value) and 'v = tf.Variable(1.0)' in str(caught.value)


def test_a_fresh_variable_inside_a_returned_structure_too():
    @tf.function
    def f(x):
        return {'v': tf.Variable(x), 'w': [x * 2]}
    with pytest.raises(ValueError, match='only supports singleton tf.Variables'):
        f(tf.constant(3.0))


def test_kept_variables_are_returned_read():
    kept = []

    @tf.function
    def g(x):
        if not kept:
            kept.append(tf.Variable(2.0))
        return kept[0]
    assert [repr(g(1.0)), repr(g(1.0))] == ['<tf.Tensor: shape=(), dtype=float32, numpy=2.0>'] * 2

    class M(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            if self.v is None:
                self.v = tf.Variable(x)
            return self.v
    m = M()
    assert [float(m(tf.constant(5.0))), float(m(tf.constant(6.0)))] == [5.0, 5.0]
