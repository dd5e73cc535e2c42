"""A traced function's outputs are named after the Identity ops its code made, as TF 2.21's graph names its output
Identity ops with unique_name: tf.identity in the trace makes 'Identity', so the outputs are 'Identity_1:0', ...

Goldens: TF 2.21 printed them for /work/notes/progs/tutorials68/ident.py.
"""
import framework as tf


def _names(outputs):
    return [t.name for t in outputs]


def test_outputs_after_a_traced_identity():
    @tf.function
    def f(x):
        y = tf.identity(x)
        return y * 2, x
    cf = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
    assert str(cf.structured_outputs) == ("(<tf.Tensor 'Identity_1:0' shape=(2,) dtype=float32>, "
                                          "<tf.Tensor 'Identity_2:0' shape=(2,) dtype=float32>)")
    assert _names(cf.outputs) == ['Identity_1:0', 'Identity_2:0']


def test_given_names_and_name_scopes():
    @tf.function
    def h(x):
        return tf.identity(x, name='Identity'), tf.identity(x, name='out')
    assert _names(h.get_concrete_function(tf.TensorSpec([2], tf.float32)).outputs) == ['Identity_1:0', 'Identity_2:0']

    @tf.function
    def k(x):
        with tf.name_scope('blk'):
            y = tf.identity(x)      # ('blk/Identity': the outputs' names stay free)
        return y, tf.identity(y)
    assert _names(k.get_concrete_function(tf.TensorSpec([2], tf.float32)).outputs) == ['Identity_1:0', 'Identity_2:0']


def test_outputs_without_identity_ops_start_at_identity():
    @tf.function
    def f(x):
        return x * 2, {'a': x + 1}
    assert _names(f.get_concrete_function(tf.TensorSpec([2], tf.float32)).outputs) == ['Identity:0', 'Identity_1:0']
