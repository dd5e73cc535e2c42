"""Inside a tf.function's trace, the tensors passed in (and variables) print as TensorFlow's
symbolic ones (TF 2.21's text, from the tf.function guides); outside, with their values."""
import framework as tf


def test_traced_arguments_print_symbolically(capsys):
    @tf.function
    def double(a):
        print('Tracing with', a)
        print(repr(a))
        return a + a

    print(double(tf.constant(1)))
    double(tf.constant(2))                        # no retrace, so no print
    double(tf.constant([1, 2]))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'Tracing with Tensor("a:0", shape=(), dtype=int32)'
    assert out[1] == "<tf.Tensor 'a:0' shape=() dtype=int32>"
    assert out[2] == 'tf.Tensor(2, shape=(), dtype=int32)'
    assert out[3] == 'Tracing with Tensor("a:0", shape=(2,), dtype=int32)'


def test_signature_shapes_keywords_and_variables(capsys):
    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.int32)])
    def collatz(x):
        print('Tracing with', x)
        return x

    v = tf.Variable(2.0)

    @tf.function
    def f(x, y=2, *, z):
        print('trace', x, y, z, v)
        return x

    collatz(tf.constant([1, 2]))
    f(tf.constant([[1.0]]), tf.constant(3), z=tf.constant(True))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'Tracing with Tensor("x:0", shape=(None,), dtype=int32)'
    assert out[1] == ('trace Tensor("x:0", shape=(1, 1), dtype=float32) Tensor("y:0", shape=(), dtype=int32) '
                      'Tensor("z:0", shape=(), dtype=bool) <tf.Variable \'Variable:0\' shape=() dtype=float32>')
    t = tf.constant(1)
    assert str(t) == 'tf.Tensor(1, shape=(), dtype=int32)'     # outside a trace: the value
