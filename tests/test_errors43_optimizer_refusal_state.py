"""apply_gradients that refuses a gradient (of another shape, a string) leaves the optimizer built on the
variables, as TF 2.21's Keras 3 apply builds before it reads a gradient; the variables and the step count stay
unchanged (tapeflow checks every pair before the first change; TF 2.21 may have updated earlier variables).
With gradient_accumulation_steps the first op a gradient meets is the accumulator's ``acc.assign(acc + grad)``
inside Keras's Cond: its errors carry Cond's wrapper, and a gradient that broadcasts is accumulated.
Values and texts printed by TF 2.21 (/work/notes/progs/errors43/optstate.py, acc_standalone*.py)."""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras


def _variables():
    keras.backend.clear_session()       # the optimizer's auto-name ('adam', 'sgd') in slot paths and texts
    return tf.Variable([1.0, 2.0], name='v1'), tf.Variable([[3.0]], name='v2')


@pytest.mark.parametrize('make, second_gradient, paths', [
    (lambda: keras.optimizers.Adam(0.1), tf.ones(3),
     ['adam/iteration', 'adam/learning_rate', 'adam/v1_0_momentum', 'adam/v1_0_velocity', 'adam/v2_0_momentum',
      'adam/v2_0_velocity']),
    (lambda: keras.optimizers.SGD(0.1, momentum=0.9), tf.ones(3),
     ['sgd/iteration', 'sgd/learning_rate', 'sgd/v1_0_momentum', 'sgd/v2_0_momentum']),
    (lambda: keras.optimizers.Adam(0.1), 'a',
     ['adam/iteration', 'adam/learning_rate', 'adam/v1_0_momentum', 'adam/v1_0_velocity', 'adam/v2_0_momentum',
      'adam/v2_0_velocity']),
])
def test_a_refused_gradient_leaves_the_optimizer_built(make, second_gradient, paths):
    v1, v2 = _variables()
    optimizer = make()
    with pytest.raises(Exception):
        optimizer.apply_gradients([(tf.ones(2), v1), (second_gradient, v2)])
    assert optimizer.built and [v.path for v in optimizer.variables] == paths
    assert int(optimizer.iterations.numpy()) == 0
    assert v1.numpy().tolist() == [1.0, 2.0] and v2.numpy().tolist() == [[3.0]]
    other = tf.Variable([5.0])
    with pytest.raises(ValueError, match='^Unknown variable: '):     # TF 2.21: built on v1, v2 alone
        optimizer.apply_gradients([(tf.ones(1), other)])
    optimizer.apply_gradients([(tf.ones(2), v1), (tf.ones((1, 1)), v2)])
    assert int(optimizer.iterations.numpy()) == 1


def _cond_text(inner):
    return ("Exception encountered when calling Cond.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by "
            "Cond.call():\n  \u2022 args=('tf.Tensor(shape=(), dtype=bool)', '<function "
            "BaseOptimizer._backend_apply_gradients.<locals>.<lambda> at 0x>', '<function "
            "BaseOptimizer._backend_apply_gradients.<locals>.<lambda> at 0x>')\n  \u2022 kwargs=<class "
            "'inspect._empty'>" % inner)


def _kernel(op, text):
    return ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '
            % (op, text, op))


def _refusal(optimizer, pairs):
    with pytest.raises(ValueError) as caught:      # (InvalidArgumentError is a ValueError here)
        optimizer.apply_gradients(pairs)
    return type(caught.value).__name__, re.sub('at 0x[0-9a-f]+', 'at 0x', str(caught.value))


def test_an_accumulating_step_meets_the_accumulator_first():
    v1, v2 = _variables()
    optimizer = keras.optimizers.Adam(0.1, gradient_accumulation_steps=2)
    assert _refusal(optimizer, [(tf.ones(2), v1), (tf.ones(3), v2)]) == ('ValueError', _cond_text(
        "Cannot assign value to variable ' adam/v2_0_gradient_accumulator:0': Shape mismatch.The variable shape "
        "(1, 1), and the assigned value shape (1, 3) are incompatible."))
    v1, _ = _variables()
    optimizer = keras.optimizers.RMSprop(0.1, gradient_accumulation_steps=2)
    assert _refusal(optimizer, [(tf.ones(3), v1)]) == ('InvalidArgumentError', _cond_text(
        _kernel('AddV2', 'Incompatible shapes: [2] vs. [3]')))
    assert v1.numpy().tolist() == [1.0, 2.0] and int(optimizer.iterations.numpy()) == 0


def test_the_update_step_adds_the_gradient_first_then_updates_with_the_sum():
    for make, gradient, expected in [
            (lambda: keras.optimizers.SGD(0.1, gradient_accumulation_steps=2), tf.ones(3),
             ('InvalidArgumentError', _cond_text(_kernel('AddV2', 'Incompatible shapes: [3] vs. [2]')))),
            (lambda: keras.optimizers.Adam(0.1, gradient_accumulation_steps=2), tf.ones((2, 1)),
             ('InvalidArgumentError', _cond_text(_kernel('AssignAddVariableOp', 'Cannot update variable with shape '
                                                         '[2] using a Tensor with shape [2,2], shapes must be equal.'))))]:
        v1, _ = _variables()
        optimizer = make()
        optimizer.apply_gradients([(tf.ones(2), v1)])
        assert _refusal(optimizer, [(gradient, v1)]) == expected
        assert v1.numpy().tolist() == [1.0, 2.0] and int(optimizer.iterations.numpy()) == 0


def test_a_gradient_that_broadcasts_onto_the_accumulator_is_accumulated():
    # TF 2.21: SGD(0.1, gradient_accumulation_steps=2), gradients of shape (1,) for a (1, 1) variable:
    # [[3.0]] and accumulator [[1.0]], then [[2.9000000953674316]] and [[0.0]]
    _, v2 = _variables()
    optimizer = keras.optimizers.SGD(0.1, gradient_accumulation_steps=2)
    optimizer.apply_gradients([(tf.ones(1), v2)])
    assert v2.numpy().tolist() == [[3.0]] and optimizer.variables[2].numpy().tolist() == [[1.0]]
    optimizer.apply_gradients([(tf.ones(1), v2)])
    assert v2.numpy().tolist() == [[np.float32(2.9000000953674316)]]
    assert optimizer.variables[2].numpy().tolist() == [[0.0]]
