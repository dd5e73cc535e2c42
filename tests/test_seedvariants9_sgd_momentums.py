"""keras.optimizers.SGD(...).momentums, Keras 3's public list of momentum slots, as TF 2.21 prints it.

Golden values printed by TF 2.21 (/work/notes/progs/seedvariants9/mom22.py):
    o = keras.optimizers.SGD(0.1, momentum=0.9)
    o.momentums                 # AttributeError 'SGD' object has no attribute 'momentums'
    w = tf.Variable([1.0, 2.0]); k = keras.Variable(3.0, name='k')
    o.build([w, k]); o.apply_gradients([(tf.constant([1.0, 1.0]), w), (tf.constant(2.0), k)])
    o.momentums                 # [<Variable path=sgd/Variable_0_momentum, ... value=[-0.1 -0.1]>,
                                #  <Variable path=sgd/k_momentum, ... value=-0.20000000298023224>]
    SGD(0.1).momentums after build: []
A learner printing the slots after seed 002's loop with SGD(momentum=0.9) got tapeflow's AttributeError.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _trained(momentum):
    optimizer = keras.optimizers.SGD(0.1, momentum=momentum)
    w, k = tf.Variable([1.0, 2.0]), keras.Variable(3.0, name='k')
    optimizer.build([w, k])
    optimizer.apply_gradients([(tf.constant([1.0, 1.0]), w), (tf.constant(2.0), k)])
    return optimizer


def test_unbuilt_sgd_has_no_momentums():
    with pytest.raises(AttributeError, match="'SGD' object has no attribute 'momentums'"):
        keras.optimizers.SGD(0.1, momentum=0.9).momentums


def test_momentums_are_the_slots_in_variable_order():
    optimizer = _trained(0.9)
    slots = optimizer.momentums
    assert [v.path.split('/', 1)[1] for v in slots] == ['Variable_0_momentum', 'k_momentum']
    np.testing.assert_array_equal(slots[0].numpy(), np.array([-0.1, -0.1], np.float32))
    assert float(slots[1].numpy()) == -0.20000000298023224
    assert all(any(s is v for v in optimizer.variables) for s in slots)


def test_plain_sgd_has_empty_momentums():
    assert list(_trained(0.0).momentums) == []
