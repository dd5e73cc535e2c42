"""Names and paths of optimizer variables that Keras 3 does not name after a slot.

Expected lists: keras 3.15 on TensorFlow 2.21 (/opt/tfref) building the same
optimizers on the same variables and printing ``(v.name, v.path, v.shape)`` for
``optimizer.variables``. Adafactor names its row and column means after the
variable itself ('kernel', or 'w:0' for a plain tf.Variable); below rank 2 they
are unused int32 scalars (Variable(0)) made outside the optimizer's scope. Nadam's momentum
product has no name: Keras auto-names it 'variable', 'variable_1', ...
"""
import re

import framework as tf
from framework import keras


def test_adafactor_row_and_column_slots_are_named_after_the_variable():
    dense = keras.layers.Dense(3, name='dense')
    dense.build((None, 2))
    w, b = tf.Variable([[1., 2.]], name='w'), tf.Variable([1., 2.], name='b')
    optimizer = keras.optimizers.Adafactor(name='adafactor')
    optimizer.build(dense.trainable_variables + [w, b])
    assert [(v.name, v.path, tuple(v.shape)) for v in optimizer.variables] == [
        ('iteration', 'adafactor/iteration', ()), ('learning_rate', 'adafactor/learning_rate', ()),
        ('kernel', 'adafactor/kernel', (2,)), ('kernel', 'adafactor/kernel', (3,)),
        ('dense_kernel_velocity', 'adafactor/dense_kernel_velocity', (2, 3)),
        ('bias', 'bias', ()), ('bias', 'bias', ()), ('dense_bias_velocity', 'adafactor/dense_bias_velocity', (3,)),
        ('w:0', 'adafactor/w:0', (1,)), ('w:0', 'adafactor/w:0', (2,)), ('w_0_velocity', 'adafactor/w_0_velocity', (1, 2)),
        ('b:0', 'b:0', ()), ('b:0', 'b:0', ()), ('b_0_velocity', 'adafactor/b_0_velocity', (2,))]
    assert str(optimizer.variables[5].dtype) == 'int32'     # Keras makes them as Variable(0): int32


def test_adafactor_renamed_slots_still_train_and_restore():
    w = tf.Variable([[1., 2.], [3., 4.]], name='w')
    optimizer = keras.optimizers.Adafactor(0.1)
    optimizer.apply_gradients([(tf.constant([[0.1, -0.2], [0.3, 0.4]]), w)])
    state = optimizer.get_slot_state([w])
    assert sorted(state['slots'][0]) == ['column', 'row', 'velocity']
    assert optimizer.get_slot(w, 'row').name == 'w:0'


def test_nadam_momentum_product_is_an_unscoped_auto_named_variable():
    w = tf.Variable([[1., 2.]], name='w')
    first, second = keras.optimizers.Nadam(), keras.optimizers.Nadam()
    first.build([w])
    second.build([w])
    products = [first.variables[-1], second.variables[-1]]
    for product in products:
        assert product.name == product.path and re.fullmatch(r'variable(_\d+)?', product.name)
        assert product.numpy() == 1.0 and str(product.dtype) == 'float32'
    assert products[0].name != products[1].name
