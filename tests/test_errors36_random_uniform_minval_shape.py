"""tf.random.uniform with only a minval that the draws' shape does not broadcast with fails in Mul's kernel words,
as TF 2.21 (which computes unit * (1 - minval) + minval); tapeflow let numpy's ValueError 'operands could not be
broadcast together' through. Printed by TF 2.21 (progs/errors36/ru.py):

    tf.random.uniform([2], minval=[0., 1., 2.])
    # InvalidArgumentError: {{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}}
    #   Incompatible shapes: [2] vs. [3] [Op:Mul] name:
"""
import pytest

import framework as tf


def test_minval_of_another_shape():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.random.uniform([2], minval=[0., 1., 2.])
    assert str(caught.value).split('\n')[0] == (
        '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Incompatible shapes: [2] vs. [3] [Op:Mul] name: ')
    tf.random.set_seed(3)
    draws = tf.random.uniform([3], minval=[0., 1., 2.])
    assert draws.shape == (3,)
    low = tf.random.uniform([3], minval=[0.5, 0.5, 0.5]).numpy()
    assert ((low >= 0.5) & (low < 1.)).all()
