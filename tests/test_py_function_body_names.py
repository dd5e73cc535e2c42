"""A py_function's Python runs eagerly inside a tf.function's trace, so its ops take no name in the graph: the
'add' of ``lambda a: a * 2 + 1`` leaves 'add' to the traced code after it, as TF 2.21 prints it (tapeflow
printed add_1) (notes/progs/autograph5/t7.py)."""
import framework as tf


def test_ops_after_a_py_function_keep_their_names(capsys):
    @tf.function
    def f(x):
        y = tf.py_function(lambda a: a * 2 + 1, [x], tf.float32)
        z = x * 3 + 1
        print('z', z)
        return y + z

    assert f(tf.constant(1.0)).numpy() == 7.0
    assert capsys.readouterr().out.splitlines() == ['z Tensor("add:0", shape=(), dtype=float32)']
