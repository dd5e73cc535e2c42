"""apply_gradients with a gradient whose shape is not its variable's, per optimizer class, as TF 2.21 /
Keras 3.15 answer it (eager): elementwise updates broadcast a (1,) or () gradient onto the variable and
train; otherwise the optimizer's first op fails with its own text. A failed call changes nothing here
(TF has updated the earlier pairs by then; tapeflow checks every pair first)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _optimizer(name):
    if name == 'LSO':
        return keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(0.1))
    return keras.optimizers.SGD(0.1, momentum=0.9) if name == 'SGDm' else getattr(keras.optimizers, name)(0.1)


@pytest.mark.parametrize('name, value', [
    # printed by TF 2.21: two apply_gradients of tf.fill(shape, 0.75) onto a [3, 1] variable of 0.5s
    ('SGDm', 0.2824999988079071), ('Adam', 0.3000023663043976), ('Nadam', 0.3163624405860901),
    ('RMSprop', -0.04564313590526581), ('AdamW', 0.2996424436569214), ('Adamax', 0.30000007152557373),
    ('Adadelta', 0.4997153580188751), ('Ftrl', 0.14583547413349152), ('Lion', 0.30000001192092896),
    ('Lamb', 0.4049999713897705),
    ('LSO', 0.32104259729385376),      # LossScaleOptimizer(Adam(0.1)): the inner optimizer's rule
])
@pytest.mark.parametrize('grad_shape', [(1,), ()])
def test_a_gradient_that_broadcasts_trains_as_tf(name, value, grad_shape):
    w = tf.Variable(tf.ones([3, 1]) * 0.5, name='kernel')
    opt = _optimizer(name)
    g = tf.constant(np.full(grad_shape, 0.75, 'float32'))
    opt.apply_gradients([(g, w)])
    opt.apply_gradients([(g, w)])
    assert w.shape == (3, 1)
    assert w.numpy().ravel().tolist() == [value] * 3
    assert int(opt.iterations) == 2


_SLOT = ("Cannot assign value to variable ' %s/kernel_0_%s:0': Shape mismatch.The variable shape (10, 1), and "
         "the assigned value shape %s are incompatible.")


def _kernel(op, text, named=True):
    return '{{function_node __wrapped__%s%s%s [Op:%s]%s' % (op, _CPU, text, op, ' name: ' if named else '')


def _update(op, shape):
    return _kernel(op, 'Cannot update variable with shape [10,1] using a Tensor with shape [%s], shapes must be '
                       'equal.' % shape)


@pytest.mark.parametrize('name, grad_shape, error, text', [
    # printed by TF 2.21 (eager): opt.apply_gradients([(tf.ones(shape), w)]), w a [10, 1] tf.Variable 'kernel'
    ('SGD', (1,), tf.errors.InvalidArgumentError, _update('AssignSubVariableOp', '1')),
    ('Adagrad', (), tf.errors.InvalidArgumentError, _update('AssignAddVariableOp', '')),
    ('Adagrad', (3, 1), tf.errors.InvalidArgumentError, _update('AssignAddVariableOp', '3,1')),
    ('SGDm', (10,), ValueError, _SLOT % ('sgd', 'momentum', '(10, 10)')),
    ('SGDm', (3, 1), tf.errors.InvalidArgumentError, _kernel('Sub', 'Incompatible shapes: [10,1] vs. [3,1]')),
    ('Adam', (10,), tf.errors.InvalidArgumentError, _update('AssignAddVariableOp', '10,10')),
    ('Adam', (3, 1), tf.errors.InvalidArgumentError,
     _kernel('Sub', 'Incompatible shapes: [3,1] vs. [10,1]', named=False)),
    ('Nadam', (10, 1, 1), tf.errors.InvalidArgumentError, _update('AssignAddVariableOp', '10,10,1')),
    ('AdamW', (3, 1), tf.errors.InvalidArgumentError,
     _kernel('Sub', 'Incompatible shapes: [3,1] vs. [10,1]', named=False)),
    ('RMSprop', (10,), ValueError, _SLOT % ('rm_sprop', 'velocity', '(10, 10)')),
    ('RMSprop', (3, 1), tf.errors.InvalidArgumentError, _kernel('AddV2', 'Incompatible shapes: [10,1] vs. [3,1]')),
    ('Adadelta', (10, 1, 1), ValueError, _SLOT % ('adadelta', 'accumulated_grad', '(10, 10, 1)')),
    ('Lamb', (3, 1), tf.errors.InvalidArgumentError,
     _kernel('Sub', 'Incompatible shapes: [3,1] vs. [10,1]', named=False)),
    ('Ftrl', (10,), tf.errors.InvalidArgumentError, _update('AssignAddVariableOp', '10,10')),
    ('Ftrl', (3, 1), tf.errors.InvalidArgumentError, _kernel('AddV2', 'Incompatible shapes: [3,1] vs. [10,1]')),
    ('Lion', (10,), tf.errors.InvalidArgumentError, _update('AssignSubVariableOp', '10,10')),
    ('Lion', (3, 1), tf.errors.InvalidArgumentError, _kernel('AddV2', 'Incompatible shapes: [10,1] vs. [3,1]')),
])
def test_a_gradient_that_does_not_fit_fails_in_the_optimizers_first_op(name, grad_shape, error, text):
    keras.backend.clear_session()      # the optimizer's name ('sgd', not 'sgd_3') appears in the slot's
    w = tf.Variable(tf.ones([10, 1]) * 0.5, name='kernel')
    b = tf.Variable(tf.ones([2]), name='b')
    opt = _optimizer(name)
    with pytest.raises(error) as caught:
        opt.apply_gradients([(tf.constant([1., 2.]), b), (tf.ones(grad_shape), w)])
    assert type(caught.value).__name__ == error.__name__
    assert str(caught.value) == text
    assert any('has shape %s but the variable has shape (10, 1)' % (grad_shape,) in n
               for n in caught.value.__notes__)
    assert w.numpy().ravel().tolist() == [0.5] * 10 and b.numpy().tolist() == [1.0, 1.0]
    assert int(opt.iterations) == 0


def test_a_dense_kernels_slot_is_named_by_its_path():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((10,)), keras.layers.Dense(1)])
    opt = keras.optimizers.RMSprop(0.1)
    with pytest.raises(ValueError) as caught:      # a reversed zip with a lost axis: the bias's (10,) gradient
        opt.apply_gradients(zip([tf.ones((10,)), tf.ones((1,))], model.trainable_variables))
    # TF 2.21's text (its optimizer was the twelfth RMSprop there, 'rm_sprop_12')
    assert str(caught.value) == ("Cannot assign value to variable ' rm_sprop/sequential_dense_kernel_velocity:0': "
                                 'Shape mismatch.The variable shape (10, 1), and the assigned value shape (10, 10) '
                                 'are incompatible.')
