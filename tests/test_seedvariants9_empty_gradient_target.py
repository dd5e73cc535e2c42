"""tape.gradient of an empty target structure ([], {}, [[]]) answers as TF 2.21 does: every source is
unconnected (None, or zeros under unconnected_gradients='zero'), and a non-persistent tape is used up.

Golden values printed by TF 2.21 (/work/notes/progs/seedvariants9/empty5.py), e.g.
    with tf.GradientTape() as tape:
        tape.watch(x); z = w1 * w2
    print(tape.gradient([], [w1, w2]))                                  # [None, None]
    print(tape.gradient({}, x, unconnected_gradients='zero'))           # tf.Tensor([0. 0.], ...)
    tape.gradient(z, w1)   # RuntimeError A non-persistent GradientTape can only be used to compute
                           # one set of gradients (or jacobians)
A learner who builds the target list from an empty model.losses (tape.gradient(model.losses, ...))
got tapeflow's ValueError 'the target is empty' instead.
"""
import numpy as np
import pytest

import framework as tf


def _tape():
    w1, w2 = tf.Variable(5.0), tf.Variable(3.0)
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        z = w1 * w2
    return tape, w1, w2, x, z


@pytest.mark.parametrize('target', [[], {}, (), [[]], [{}, ()]], ids=['list', 'dict', 'tuple', 'nested', 'mixed'])
def test_empty_target_gives_none_per_source(target):
    tape, w1, w2, x, z = _tape()
    assert tape.gradient(target, {'a': w1, 'b': [w2, x]}) == {'a': None, 'b': [None, None]}


def test_empty_target_with_zero_gives_zeros_in_source_dtypes_and_shapes():
    tape, w1, w2, x, z = _tape()
    g = tape.gradient([], [w1, x], unconnected_gradients='zero')
    assert [t.shape for t in g] == [(), (2,)]
    assert [t.dtype for t in g] == [tf.float32, tf.float32]
    np.testing.assert_array_equal(g[1].numpy(), [0.0, 0.0])


def test_empty_target_uses_up_a_one_shot_tape():
    tape, w1, w2, x, z = _tape()
    assert tape.gradient([], w1, output_gradients=[]) is None
    with pytest.raises(RuntimeError, match='A non-persistent GradientTape can only be used to compute one set'):
        tape.gradient(z, w1)


def test_empty_target_in_a_function():
    w1, w2 = tf.Variable(5.0), tf.Variable(3.0)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            w1 * w2
        return tape.gradient([], [w1, w2], unconnected_gradients='zero')

    assert [float(g) for g in step()] == [0.0, 0.0]
