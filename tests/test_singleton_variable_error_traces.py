"""A tf.function that makes a new tf.Variable at every trace fails its first call with the singleton
error (TF 2.21 traces twice, the second trace refusing creation); the first trace still counts
(experimental_get_tracing_count() is 1, tapeflow said 0), and each later call traces once more with
creation refused: its trace prints once and the same error comes (tapeflow traced as a first call
again, printing twice).

Expected lines printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q42.py, q04.py)."""
import pytest

import framework as tf


def test_count_and_prints_after_the_singleton_error(capsys):
    @tf.function
    def f(x):
        print('tracing f')
        v = tf.Variable(1.0)
        v.assign_add(x)
        return v.read_value()

    seen = []
    for arg in (1.0, 1.0, tf.constant(2.0)):
        with pytest.raises(ValueError) as raised:
            f(arg)
        seen.append((str(raised.value).splitlines()[-1][:60], f.experimental_get_tracing_count()))
    assert seen == [('    ValueError: tf.function only supports singleton tf.Varia', 1)] * 3
    assert capsys.readouterr().out.splitlines() == ['tracing f'] * 4
