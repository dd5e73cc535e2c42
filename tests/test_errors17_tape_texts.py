"""GradientTape.batch_jacobian misuse raises TensorFlow 2.21's class and words.

Texts printed by TF 2.21 (/opt/tfref) running the same calls (the errors17 fuzzer,
/work/notes/progs/errors17): TF's batch_jacobian words the one-use refusal without a space
('used tocompute', where gradient and jacobian say 'used to compute'), and reads the target's and
the source's shapes before anything else.
"""
import pytest

import framework as tf


def _tape_of_square():
    x = tf.Variable([[1.0, 2.0]])
    with tf.GradientTape() as tape:
        y = x * x
    return tape, x, y


def test_a_second_batch_jacobian_on_a_one_use_tape():
    tape, x, y = _tape_of_square()
    tape.batch_jacobian(y, x)
    with pytest.raises(RuntimeError) as caught:
        tape.batch_jacobian(y, x)
    assert caught.value.args[0] == ('A non-persistent GradientTape can only be used tocompute one set of gradients '
                                    '(or jacobians)')


def test_a_gradient_after_a_gradient_keeps_its_own_words():
    tape, x, y = _tape_of_square()
    tape.gradient(y, x)
    with pytest.raises(RuntimeError) as caught:
        tape.gradient(y, x)
    assert caught.value.args[0] == ('A non-persistent GradientTape can only be used to compute one set of gradients '
                                    '(or jacobians)')


@pytest.mark.parametrize('source, name', [(None, 'NoneType'), (1.0, 'float')])
def test_a_source_without_a_shape(source, name):
    tape, _, y = _tape_of_square()
    with pytest.raises(AttributeError) as caught:
        tape.batch_jacobian(y, source)
    assert caught.value.args[0] == "'%s' object has no attribute 'shape'" % name
