"""A division of a tensor the tf.function's graph makes from constants alone is folded whole by TF 2.21's
grappler (the Div kernel's quotient), not rewritten to ``x * (1 / c)`` / Reciprocal as a quotient of an
argument is (graph_rewrites.folded_whole). tapeflow rewrote both, so ``tf.print(tf.reshape(tf.range(12.0),
[3, 4]) / 3)`` in a tf.function showed 1.66666675 where TF prints 1.66666663. Counts and lines printed by
TF 2.21 for the same functions (/work/notes/progs/autograph12/p14.py, p15.py, p16.py)."""
import numpy as np

import framework as tf

VALUES = np.linspace(0.1, 7.3, 256).astype(np.float32)


def test_constant_operands_divide_as_eagerly_and_arguments_as_rewritten(intel_reciprocal):
    # (Intel's reciprocal estimate, as on the Xeon these counts come from: TF 2.21 on a Zen 2 EPYC counts 74, not 96)
    @tf.function
    def constant_over():
        return 1 / tf.constant(VALUES)

    @tf.function
    def argument_over(x):
        return 1 / x

    @tf.function
    def constant_quotient():
        return tf.constant(VALUES) / 0.3

    @tf.function
    def argument_quotient(x):
        return x / 0.3
    reciprocal, quotient = (1 / tf.constant(VALUES)).numpy(), (tf.constant(VALUES) / 0.3).numpy()
    for _ in range(2):      # the trace, then a call that replays it
        # TF 2.21: 0, 96, 0, 65 values differ from the eager ones
        assert int((constant_over().numpy() != reciprocal).sum()) == 0
        assert int((argument_over(tf.constant(VALUES)).numpy() != reciprocal).sum()) == 96
        assert int((constant_quotient().numpy() != quotient).sum()) == 0
        assert int((argument_quotient(tf.constant(VALUES)).numpy() != quotient).sum()) == 65


def test_a_printed_constant_quotient(capsys):
    @tf.function
    def shown(x):
        tf.print(tf.reshape(tf.range(12.0), [3, 4]) / 3)
        return x / 3
    for _ in range(2):
        out = shown(tf.range(12.0))
        assert capsys.readouterr().err.splitlines() == [     # (tf.print writes to stderr)
            '[[0 0.333333343 0.666666687 1]', ' [1.33333337 1.66666663 2 2.33333325]',
            ' [2.66666675 3 3.33333325 3.66666675]]']
        # TF 2.21: [1.6666667 2.3333335 3.3333335] (the argument's quotient is rewritten)
        assert out.numpy()[[5, 7, 10]].tolist() == np.float32([1.6666667, 2.3333335, 3.3333335]).tolist()
