"""TF 2.21 registers no gradient for Unique / UniqueWithCounts: a tape that reaches the distinct values
raises the registry's LookupError (tapeflow gave a None gradient). The int outputs stay None through a
cast, as in TF. Printed by TF 2.21: progs/tutorials30/unique_grad.py."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('call, kernel', [(lambda x: tf.unique(x).y, 'Unique'),
                                          (lambda x: tf.unique_with_counts(x).y, 'UniqueWithCounts')])
def test_gradient_through_the_distinct_values_is_a_lookup_error(call, kernel):
    x = tf.constant([1., 1., 0.])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = call(x)
    np.testing.assert_array_equal(y.numpy(), [1., 0.])
    with pytest.raises(LookupError, match='gradient registry has no entry for: %s$' % kernel):
        tape.gradient(y, x)


def test_the_variable_read_by_unique_is_refused_too():
    x = tf.constant([1., 1., 0.])
    v = tf.Variable([2., 3., 2.])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.unique(v).y * x[0]
    with pytest.raises(LookupError, match='no entry for: Unique'):
        tape.gradient(y, [x, v])


def test_counts_and_positions_cast_to_float_give_none():
    x = tf.constant([1., 1., 0.])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        idx = tf.cast(tf.unique(x).idx, tf.float32)
        counted = tf.cast(tf.unique_with_counts(x).count, tf.float32) * x[0]
    assert tape.gradient(idx, x) is None
    np.testing.assert_array_equal(tape.gradient(counted, x).numpy(), [3., 0., 0.])
