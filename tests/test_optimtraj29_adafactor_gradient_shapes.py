"""Adafactor given a gradient of another shape than its variable's fails where TF 2.21's Keras 3 step fails, in
its words, and trains where it trains (optim/adafactor_gradient_shapes.py): its first ops are the row and
column means of the squared gradient (or, below rank 2, the velocity's AddV2). tapeflow raised SGD's
'Cannot update variable with shape [2] using a Tensor with shape [3]' (AssignSubVariableOp) for every shape.
Goldens: TF 2.21 printed them (/work/notes/progs/optimtraj29/p11_adafactor_shapes.py, g2_adafactor.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

_WRAP = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '


def _two_steps(variable_shape, gradient_shape):
    v = keras.Variable((np.arange(int(np.prod(variable_shape))).reshape(variable_shape) * 0.25 - 0.6)
                       .astype('float32'), name='w')
    opt = keras.optimizers.Adafactor(learning_rate=0.1, name='adafactor')
    g = (np.arange(int(np.prod(gradient_shape))).reshape(gradient_shape) * 0.3 + 0.2).astype('float32')
    for _ in range(2):
        opt.apply_gradients([(tf.constant(g), v)])
    return [float(x).hex() for x in v.numpy().ravel()]


@pytest.mark.parametrize('variable_shape, gradient_shape, op, text', [
    ((3,), (2,), 'AddV2', 'Incompatible shapes: [3] vs. [2]'),
    ((2, 3), (), 'Mean', 'Invalid reduction dimension (-1 for input with 0 dimension(s)'),
    ((2, 3), (2,), 'Mean', 'Invalid reduction dimension (-2 for input with 1 dimension(s)'),
    ((2, 3), (2, 2), 'AddV2', 'Incompatible shapes: [3] vs. [2]'),             # the column means
    ((2, 3), (3, 3), 'AddV2', 'Incompatible shapes: [2] vs. [3]'),             # the row means
    ((2, 3, 4), (2, 3, 5), 'AddV2', 'Incompatible shapes: [2,4] vs. [2,5]'),
])
def test_kernel_errors(variable_shape, gradient_shape, op, text):
    with pytest.raises(InvalidArgumentError) as caught:
        _two_steps(variable_shape, gradient_shape)
    assert str(caught.value) == _WRAP % (op, text, op)


@pytest.mark.parametrize('variable_shape, gradient_shape, text', [
    ((), (1,), "Cannot assign value to variable ' adafactor/w_velocity:0': Shape mismatch.The variable shape (), "
               "and the assigned value shape (1,) are incompatible."),
    ((3,), (3, 1), "Cannot assign value to variable ' adafactor/w_velocity:0': Shape mismatch.The variable shape "
                   "(3,), and the assigned value shape (3, 3) are incompatible."),
    # (the row slot is named as the variable)
    ((2, 3), (1, 2, 3), "Cannot assign value to variable ' adafactor/w:0': Shape mismatch.The variable shape (2,), "
                        "and the assigned value shape (1, 2) are incompatible."),
])
def test_slot_assignment_errors(variable_shape, gradient_shape, text):
    with pytest.raises(ValueError) as caught:
        _two_steps(variable_shape, gradient_shape)
    assert type(caught.value) is ValueError and str(caught.value) == text


@pytest.mark.parametrize('variable_shape, gradient_shape, expected', [
    ((3,), (), ['-0x1.5e81940000000p-1', '-0x1.bd03220000000p-2', '-0x1.7a06460000000p-3']),
    ((2, 3), (2, 1), ['-0x1.5efa0a0000000p-1', '-0x1.bdf4100000000p-2', '-0x1.7be8200000000p-3',
                      '0x1.082fbe0000000p-4', '0x1.420bf00000000p-2', '0x1.2105f60000000p-1']),
])
def test_broadcasting_gradients_train(variable_shape, gradient_shape, expected):
    assert _two_steps(variable_shape, gradient_shape) == expected
