"""PReLU called on inputs other than those it was built for, as TF 2.21 runs it.

Keras 3 pins the input's axis sizes in PReLU's InputSpec only when shared_axes is given; without it,
a call of another width fails in the product with alpha (Mul's kernel text), and one that broadcasts
against alpha runs. An unknown non-shared axis fails in add_weight. tapeflow pinned every axis ('Input 0
... expected axis 1 of input shape to have value 3') and raised its own sentence for an unknown axis.
Golden texts printed by TF 2.21 (/work/notes/progs/errors37/prelu.py)."""
import pytest

import framework as tf
from framework import keras

L = keras.layers


def test_another_width_fails_in_the_product_with_alpha():
    layer = L.PReLU()
    layer(tf.ones([2, 3]))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        layer(tf.ones([2, 4]))
    assert str(info.value).split('\n')[2] == (
        '\x1b[1m{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible '
        'shapes: [3] vs. [2,4] [Op:Mul] name: \x1b[0m')
    assert layer(tf.ones([2, 1])).shape == (2, 3)       # broadcasts against alpha, as in TF


def test_shared_axes_still_pin_the_other_axes():
    layer = L.PReLU(shared_axes=[1])
    layer(tf.ones([2, 3, 4]))
    assert layer(tf.ones([2, 7, 4])).shape == (2, 7, 4)
    with pytest.raises(ValueError, match='expected axis 2 of input shape to have value 4, but received input with '
                                         r'shape \(2, 3, 5\)'):
        layer(tf.ones([2, 3, 5]))


def test_an_unknown_axis_fails_in_add_weight():
    with pytest.raises(ValueError) as info:
        L.PReLU(name='p')(keras.Input((None, 3)))
    assert str(info.value) == ("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                               "Received: shape=(None, 3) for variable path='p/alpha'")
    assert 'shared_axes' in info.value.__notes__[-1]
