"""A one-shot GradientTape entered again after its gradients records afresh, as TF 2.21 makes a new
recorder on the next entry (values printed by TF 2.21 for /work/notes/progs/errors30/p_reenter.py)."""
import pytest

import framework as tf


def test_a_one_shot_tape_reused_across_with_blocks_gives_each_blocks_gradients():
    x = tf.Variable([1.0, 2.0])
    tape = tf.GradientTape()
    got = []
    for i in range(3):
        with tape:
            y = tf.reduce_sum(x * x * (i + 1))
        got.append(tape.gradient(y, x).numpy().tolist())
        assert tape.watched_variables() == (x,)
    assert got == [[2.0, 4.0], [4.0, 8.0], [6.0, 12.0]]


def test_a_one_shot_tape_still_refuses_a_second_gradient_of_one_block():
    x = tf.Variable(3.0)
    tape = tf.GradientTape()
    with tape:
        y = x * x
    assert float(tape.gradient(y, x)) == 6.0
    with pytest.raises(RuntimeError, match='A non-persistent GradientTape can only be used to compute one set'):
        tape.gradient(y, x)


def test_a_persistent_tape_entered_again_keeps_its_record():
    x = tf.Variable([1.0, 2.0])
    tape = tf.GradientTape(persistent=True)
    grads = []
    for i in range(2):
        with tape:
            y = tf.reduce_sum(x * x * (i + 1))
        grads.append(tape.gradient(y, x).numpy().tolist())
    assert grads == [[2.0, 4.0], [4.0, 8.0]]
    assert tape.gradient(y, x).numpy().tolist() == [4.0, 8.0]
