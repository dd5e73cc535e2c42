"""``Function.pretty_printed_concrete_signatures()`` as the tf.function guide prints it for my_relu.

Expected: TensorFlow 2.21's (/opt/tfref) blocks without their 'Output Type:' and 'Captures:' lines,
which need TF's graph (tapeflow prints what str(concrete_function) prints)."""
import framework as tf


def test_one_block_per_trace_in_trace_order():
    @tf.function
    def my_relu(x):
        return tf.maximum(0., x)
    my_relu(tf.constant(5.5))
    my_relu([1, -1])
    my_relu(tf.constant([3., -3.]))
    my_relu(tf.constant(-2.5))           # reuses the first trace
    assert my_relu.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, name=None)\n'
        'Output Type:\n  TensorSpec(shape=(), dtype=tf.float32, name=None)\nCaptures:\n  None\n\n'
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): List[Literal[1], Literal[-1]]\n'
        'Output Type:\n  TensorSpec(shape=(2,), dtype=tf.float32, name=None)\nCaptures:\n  None\n\n'
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(2,), dtype=tf.float32, name=None)\n'
        'Output Type:\n  TensorSpec(shape=(2,), dtype=tf.float32, name=None)\nCaptures:\n  None')


def test_an_input_signature_gives_one_block():
    @tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
    def next_collatz(x):
        return x
    next_collatz(tf.constant([1]))
    # TF 2.21 infers the output's open length (tapeflow: an output size equal to the run's open size)
    assert next_collatz.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.int32, name=None)\n'
        'Output Type:\n  TensorSpec(shape=(None,), dtype=tf.int32, name=None)\nCaptures:\n  None')
