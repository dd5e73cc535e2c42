"""pretty_printed_concrete_signatures of a tf.function whose first call creates variables (the seed 002
step in @tf.function with Adam building its slots, or a function making its own tf.Variable): TF 2.21
keeps the variable-creating trace beside the one it runs and lists that signature twice. Printed by
/opt/tfref/bin/python, probes /work/notes/progs/seedvariants3/fn14_tf.py and fn15_tf.py."""
import re

import framework as tf
from framework import keras


def _blocks(function):
    return [re.sub(r'\d{9,}', 'ID', b) for b in function.pretty_printed_concrete_signatures().split('\n\n')]


def test_function_creating_a_variable_lists_its_first_signature_twice():
    # TF 2.21: tracing count 2, two identical blocks 'Input Parameters: x ... Captures: <id>: ... resource'
    made = None

    @tf.function
    def scale(x):
        nonlocal made
        if made is None:
            made = tf.Variable(1.0)
        return x * made

    scale(tf.constant(2.0))
    assert scale.experimental_get_tracing_count() == 2
    blocks = _blocks(scale)
    assert len(blocks) == 2 and blocks[0] == blocks[1]
    assert blocks[0] == ('Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, name=None)\n'
                         'Output Type:\n  TensorSpec(shape=(), dtype=tf.float32, name=None)\n'
                         'Captures:\n  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)')


def test_adam_step_retraced_for_a_python_argument_lists_three_signatures():
    # TF 2.21 (verbose=False): the k=1 line twice (Adam's slots made in the first trace), then k=3; count 3
    optimizer = keras.optimizers.Adam(0.1)
    w = tf.Variable([1.0, 2.0])

    @tf.function
    def step(g, k=1):
        optimizer.apply_gradients([(g, w)])
        return w * k

    step(tf.constant([0.5, 0.5]))
    step(tf.constant([0.5, 0.5]), 3)
    step(tf.constant([0.5, 0.5]))
    spec = 'TensorSpec(shape=(2,), dtype=tf.float32, name=None)'
    line = '(g: %s, k: Literal[%%d]) -> %s' % (spec, spec)
    assert step.experimental_get_tracing_count() == 3
    assert step.pretty_printed_concrete_signatures(verbose=False) == '\n'.join([line % 1, line % 1, line % 3])


def test_sgd_step_without_slots_and_plain_functions_list_one_signature():
    # TF 2.21: plain SGD makes no variable in the step's trace (count 1, one block), nor does x * 2
    optimizer = keras.optimizers.SGD(0.1)
    w = tf.Variable(1.0)

    @tf.function
    def step(g):
        optimizer.apply_gradients([(g, w)])
        return w + 0

    @tf.function
    def double(x):
        return x * 2

    step(tf.constant(2.0))
    double(tf.constant(1.0))
    assert step.experimental_get_tracing_count() == 1 and len(_blocks(step)) == 1
    assert double.pretty_printed_concrete_signatures(False) == \
        '(x: TensorSpec(shape=(), dtype=tf.float32, name=None)) -> TensorSpec(shape=(), dtype=tf.float32, name=None)'
