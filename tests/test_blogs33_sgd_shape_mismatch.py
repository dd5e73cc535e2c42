"""apply_gradients with a gradient of another shape than its variable (a reversed zip, a lost axis):
TF 2.21's plain SGD fails in its AssignSubVariableOp, and programs print that text (blogs33 p68)."""
import pytest

import framework as tf
from framework import keras

_HEAD = '{{function_node __wrapped__AssignSubVariableOp_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('grad_shape, text', [
    # printed by TF 2.21: keras.optimizers.SGD(0.1).apply_gradients([(tf.ones(shape), w)]), w of shape [10, 1]
    ((1,), 'Cannot update variable with shape [10,1] using a Tensor with shape [1], shapes must be equal. '
           '[Op:AssignSubVariableOp] name: '),
    ((10,), 'Cannot update variable with shape [10,1] using a Tensor with shape [10], shapes must be equal. '
            '[Op:AssignSubVariableOp] name: '),
    ((3, 1), 'Cannot update variable with shape [10,1] using a Tensor with shape [3,1], shapes must be equal. '
             '[Op:AssignSubVariableOp] name: '),
    ((), 'Cannot update variable with shape [10,1] using a Tensor with shape [], shapes must be equal. '
         '[Op:AssignSubVariableOp] name: '),
])
def test_sgd_refuses_a_gradient_of_another_shape_in_tf_words(grad_shape, text):
    w = tf.Variable(tf.ones([10, 1]), name='kernel')
    opt = keras.optimizers.SGD(0.1)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        opt.apply_gradients([(tf.ones(grad_shape), w)])
    assert str(caught.value) == _HEAD + text
    assert isinstance(caught.value, ValueError)            # as before, for code that catches ValueError
    assert any('has shape %s but the variable has shape (10, 1)' % (grad_shape,) in n
               for n in caught.value.__notes__)
    assert w.numpy().tolist() == [[1.0]] * 10


def test_reversed_zip_from_a_tape_names_the_kernel_shape():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((10,)), keras.layers.Dense(1)])
    x = tf.ones((4, 10))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        keras.optimizers.SGD(0.1).apply_gradients(zip(grads[::-1], model.trainable_variables))
    assert str(caught.value) == _HEAD + ('Cannot update variable with shape [10,1] using a Tensor with shape [1], '
                                         'shapes must be equal. [Op:AssignSubVariableOp] name: ')
