"""clipnorm / global_clipnorm of a gradient smaller than its variable (a (1,) gradient of a (3,) bias).

TF 2.21 clips the gradient as given (the norm of its own elements) and broadcasts it onto the variable only
in the update; broadcasting first would clip by the norm of the repeated elements. Goldens: TF 2.21 / Keras 3
running the same steps (eager and in a tf.function; both printed the same bits), three steps of gradients
[5 + i] for w (3,), [[0.5, -7.0]] for k (2, 2) and [0.25] for c (1,), learning rate 0.1.
"""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf
from framework import keras

CASES = [
    ('SGD', {'clipnorm': 0.5, 'momentum': 0.5},
     ['0x1.9333340000000p-1', '0x1.c9999a0000000p+0', '0x1.64cccc0000000p+1'],
     ['0x1.f83f920000000p-1', '0x1.1b21800000000p+1', '0x1.7e0fe40000000p+1', '0x1.0d90c00000000p+2'],
     ['0x1.9333340000000p-2']),
    ('SGD', {'clipnorm': 1.0, 'loss_scale_factor': 4.0, 'momentum': 0.5},
     ['0x1.2666660000000p-1', '0x1.9333340000000p+0', '0x1.49999a0000000p+1'],
     ['0x1.f07f240000000p-1', '0x1.3643040000000p+1', '0x1.7c1fc80000000p+1', '0x1.1b21800000000p+2'],
     ['0x1.e4cccc0000000p-2']),
    ('Adam', {'global_clipnorm': 0.7},
     ['0x1.6626660000000p-1', '0x1.b313320000000p+0', '0x1.59899c0000000p+1'],
     ['0x1.66dd300000000p-1', '0x1.2649400000000p+1', '0x1.59b74c0000000p+1', '0x1.1324a20000000p+2'],
     ['0x1.9b7e520000000p-3']),
    ('Nadam', {'clipnorm': 1.0, 'loss_scale_factor': 4.0},
     ['0x1.7d8e9e0000000p-1', '0x1.bec74e0000000p+0', '0x1.5f63a80000000p+1'],
     ['0x1.7d8ea60000000p-1', '0x1.209c580000000p+1', '0x1.5f63aa0000000p+1', '0x1.104e2c0000000p+2'],
     ['0x1.f63aac0000000p-3']),
]


def _hexes(variable):
    return [float(v).hex() for v in np.asarray(variable.numpy(), 'float64').ravel()]


@pytest.mark.parametrize('traced', [False, True], ids=['eager', 'traced'])
@pytest.mark.parametrize('name, options, w_hex, k_hex, c_hex', CASES,
                         ids=['sgd-clipnorm', 'sgd-clipnorm-scaled', 'adam-global', 'nadam-clipnorm-scaled'])
def test_the_gradient_is_clipped_in_its_own_shape(name, options, w_hex, k_hex, c_hex, traced):
    w = keras.Variable(np.array([1., 2., 3.], 'float32'), name='w')
    k = keras.Variable(np.array([[1., 2.], [3., 4.]], 'float32'), name='k')
    c = keras.Variable(np.array([0.5], 'float32'), name='c')
    optimizer = getattr(keras.optimizers, name)(learning_rate=0.1, **options)

    def step(a, b, d):
        optimizer.apply_gradients([(a, w), (b, k), (d, c)])
    if traced:
        step = tf.function(step)
    for i in range(3):
        step(tf.constant([5.0 + i]), tf.constant([[0.5, -7.0]]), tf.constant([0.25]))
    assert hexes_as_tf(_hexes(w) + _hexes(k) + _hexes(c), w_hex + k_hex + c_hex)
    assert int(optimizer.iterations) == 3


def test_clipvalue_and_unclipped_steps_still_broadcast_first():
    # elementwise clipping does not depend on the shape: the broadcast gradient trains as before
    w = keras.Variable(np.array([1., 2., 3.], 'float32'))
    keras.optimizers.Adam(0.1, clipvalue=1.0).apply_gradients([(tf.constant([5.0]), w)])
    np.testing.assert_allclose(w.numpy(), [0.9, 1.9, 2.9], rtol=1e-5)


def test_a_norm_clipped_gradient_that_cannot_broadcast_is_still_refused():
    w = keras.Variable(np.array([1., 2., 3.], 'float32'))
    optimizer = keras.optimizers.Adam(0.1, clipnorm=1.0)
    with pytest.raises(ValueError, match='Incompatible shapes'):
        optimizer.apply_gradients([(tf.constant([5.0, 1.0]), w)])
    np.testing.assert_array_equal(w.numpy(), [1., 2., 3.])
