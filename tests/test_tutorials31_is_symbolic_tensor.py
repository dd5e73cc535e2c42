"""tf.is_symbolic_tensor inside a trace: TF 2.21 says True for the trace's graph tensors (the argument, op
outputs, a constant made there; a tf.data map function's element) and False for a variable or a Python
value; tapeflow said False everywhere. Eagerly it stays False. Values: TF 2.21 (notes
progs/tutorials31/q19.py)."""
import framework as tf


def test_inside_and_outside_traces(capsys):
    v = tf.Variable(1.0)

    @tf.function
    def g(x):
        y = x * 2
        c = tf.constant(3)
        print(tf.is_symbolic_tensor(x), tf.is_symbolic_tensor(y), tf.is_symbolic_tensor(c), tf.is_symbolic_tensor(v),
              tf.is_symbolic_tensor(1), tf.is_symbolic_tensor(tf.nn.relu(y)))
        return x
    g(tf.constant(1))
    print(tf.is_symbolic_tensor(tf.constant(1)), tf.is_symbolic_tensor(v), tf.is_symbolic_tensor(tf.keras.Input((2,))))
    list(tf.data.Dataset.range(2).map(lambda x: (print(tf.is_symbolic_tensor(x)), x)[1]))
    assert capsys.readouterr().out == 'True True True False False True\nFalse False False\nTrue\n'
