"""An output_gradients seed that does not broadcast to a product's target fails in TF 2.21's _MulGrad,
whose Mul takes the seed first for x's gradient (computed first) and second for y's where x needs
none: the shapes print in that order (printed by TF 2.21)."""
import pytest

import framework as tf


def _error_text(make_target, source):
    with tf.GradientTape() as tape:
        tape.watch(source)
        y = make_target()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tape.gradient(y, source, output_gradients=tf.constant([3., 1., 1.]))
    return str(info.value).split('}} ')[1]


def test_constant_times_variable_prints_the_constant_first():
    v, c = tf.Variable(1.0), tf.constant([1., 2.])
    assert _error_text(lambda: c * v, v) == 'Incompatible shapes: [2] vs. [3] [Op:Mul] name: '


def test_variable_times_constant_and_square_print_the_seed_first():
    v, c = tf.Variable(1.0), tf.constant([1., 2.])
    assert _error_text(lambda: v * c, v) == 'Incompatible shapes: [3] vs. [2] [Op:Mul] name: '
    x = tf.constant([1., 2.])
    assert _error_text(lambda: x * x, x) == 'Incompatible shapes: [3] vs. [2] [Op:Mul] name: '
    assert _error_text(lambda: tf.exp(x), x) == 'Incompatible shapes: [3] vs. [2] [Op:Mul] name: '
