"""tf.random.shuffle and stateless_shuffle are not differentiable in TF 2.21 (printed by /opt/tfref for
/work/notes/progs/autodiff13/x_shuf.py): RandomShuffle's gradient is None (NotDifferentiable), and
StatelessShuffle has no registered gradient (LookupError). tapeflow gave the permuted rows back."""
import warnings

import numpy as np
import pytest

import framework as tf

X = np.arange(8, dtype=np.float32).reshape(4, 2) * 0.3


def _gradient(f, variable=False):
    x = tf.Variable(X) if variable else tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) * 1.5)
    return tape.gradient(y, x)


@pytest.mark.parametrize('variable', [False, True])
def test_random_shuffle_gives_none_and_keeps_its_values(variable):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert _gradient(lambda z: tf.random.shuffle(z, seed=1), variable) is None
    tf.random.set_seed(3)
    under_tape = _shuffled_under_tape()
    tf.random.set_seed(3)
    plain = tf.random.shuffle(tf.constant(X), seed=1)
    np.testing.assert_array_equal(under_tape.numpy(), plain.numpy())
    assert sorted(plain.numpy()[:, 0].tolist()) == sorted(X[:, 0].tolist())
    tf.random.set_seed(None)


def _shuffled_under_tape():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        return tf.random.shuffle(x, seed=1)


@pytest.mark.parametrize('variable', [False, True])
def test_stateless_shuffle_has_no_gradient(variable):
    with pytest.raises(LookupError, match='gradient registry has no entry for: StatelessShuffle'):
        _gradient(lambda z: tf.random.experimental.stateless_shuffle(z, seed=[1, 2]), variable)
    # its values do not depend on a tape
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        taped = tf.random.experimental.stateless_shuffle(x, seed=[1, 2])
    np.testing.assert_array_equal(taped.numpy(), tf.random.experimental.stateless_shuffle(x, seed=[1, 2]).numpy())
