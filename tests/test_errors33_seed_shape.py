"""GradientTape.gradient with output_gradients that do not broadcast to the target: TF 2.21 multiplies the
seed into the target's first gradient rule, Mul(seed, other input) for products, exp, log, softmax.

Golden text printed by TF 2.21:
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y = x * x
    t.gradient(y, x, output_gradients=tf.ones([3]))
-> InvalidArgumentError '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}}
Incompatible shapes: [3] vs. [2] [Op:Mul] name: ' (tapeflow printed [2] vs. [3]).
"""
import pytest

import framework as tf
from helpers_error_texts import assert_raises_exactly

_MUL = '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:Mul] name: '


@pytest.mark.parametrize('rule', [lambda x: x * x, tf.exp, tf.math.log, tf.nn.softmax, lambda x: x / 3.0])
def test_a_seed_of_another_shape_fails_in_the_first_rules_mul_seed_first(rule):
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = rule(x)
    assert_raises_exactly(lambda: tape.gradient(y, x, output_gradients=tf.ones([3])), tf.errors.InvalidArgumentError,
                          _MUL % 'Incompatible shapes: [3] vs. [2]')


def test_two_dimensional_seed():
    # TF 2.21: x of shape (2, 2), y = x * x, a seed of shape (3, 1) -> 'Incompatible shapes: [3,1] vs. [2,2]'
    x = tf.Variable(tf.ones([2, 2]))
    with tf.GradientTape() as tape:
        y = x * x
    assert_raises_exactly(lambda: tape.gradient(y, x, output_gradients=tf.ones([3, 1])),
                          tf.errors.InvalidArgumentError, _MUL % 'Incompatible shapes: [3,1] vs. [2,2]')
