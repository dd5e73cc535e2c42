"""tf.variable_creator_scope: tf.Variable(...) goes through the open scopes' creators, innermost first.

Expected keyword names, order of calls and results are TensorFlow 2.21's, printed by the same
program under /opt/tfref/bin/python."""
import threading

import numpy as np

import framework as tf
from framework import keras

TF_KWARGS = ['aggregation', 'caching_device', 'constraint', 'dtype', 'experimental_enable_variable_lifting',
             'import_scope', 'initial_value', 'name', 'shape', 'synchronization', 'trainable', 'validate_shape',
             'variable_def']


def test_creators_chain_innermost_first_and_may_change_arguments():
    calls = []

    def to_float64(next_creator, **kwargs):
        calls.append(('inner', sorted(kwargs), kwargs['initial_value'], kwargs['validate_shape']))
        kwargs['dtype'] = tf.float64
        return next_creator(**kwargs)

    def outer(next_creator, **kwargs):
        calls.append(('outer', kwargs['name'], kwargs['dtype']))
        return next_creator(**kwargs)

    with tf.variable_creator_scope(outer):
        with tf.variable_creator_scope(to_float64):
            v = tf.Variable(1.0, name='v')
    assert calls == [('inner', TF_KWARGS, 1.0, True), ('outer', 'v', tf.float64)]
    assert v.dtype == tf.float64 and v.name == 'v:0' and v.numpy() == 1.0
    assert tf.Variable(1.0).dtype == tf.float32         # the scopes are closed


def test_positional_arguments_reach_the_creator_by_tensorflows_names():
    seen = {}

    def record(next_creator, **kwargs):
        seen.update(kwargs)
        return next_creator(**kwargs)

    with tf.variable_creator_scope(record):
        v = tf.Variable(lambda: 3.0, False)
    assert seen['trainable'] is False and callable(seen['initial_value'])
    assert v.numpy() == 3.0 and not v.trainable


def test_a_creator_may_return_something_else():
    with tf.variable_creator_scope(lambda next_creator, **kwargs: 'not a var'):
        assert tf.Variable(2.0) == 'not a var'


def test_keras_weights_go_through_the_creators():
    names = []

    def record(next_creator, **kwargs):
        names.append(kwargs['name'])
        return next_creator(**kwargs)

    with tf.variable_creator_scope(record):
        layer = keras.layers.Dense(2)
        layer.build((None, 3))
    assert names == ['kernel', 'bias']
    np.testing.assert_array_equal(layer.bias.numpy(), [0, 0])


def test_scopes_belong_to_their_thread():
    made = []

    def count(next_creator, **kwargs):
        made.append(1)
        return next_creator(**kwargs)

    with tf.variable_creator_scope(count):
        worker = threading.Thread(target=lambda: tf.Variable(1.0))
        worker.start()
        worker.join()
        assert made == []
        tf.Variable(1.0)
    assert made == [1]
