"""Seed 004's loop written with integer variables (tf.Variable(2)): the tape gives them no gradient
and the optimizer is handed (None, variable) pairs. Expected values printed by TF 2.21 / Keras 3
(/opt/tfref/bin/python, probes /work/notes/progs/seedvariants3/intnone_tf.py and intmix_tf.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def _integer_loop_gradients(W, b):
    x = tf.constant([1, 2, 3])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(W * x + b - 4))
    return tape.gradient(loss, [W, b])


@pytest.mark.parametrize('make', [lambda: keras.optimizers.SGD(0.1), lambda: keras.optimizers.Adam(0.1),
                                  lambda: keras.optimizers.Nadam(0.1)])
def test_no_gradient_for_integer_variables_is_keras_no_gradients_error(make):
    # TF 2.21: [None, None], then "ValueError: No gradients provided for any variable." (tapeflow
    # raised InvalidArgumentError "only floating-point variables can be trained")
    W, b = tf.Variable(2), tf.Variable(1)
    grads = _integer_loop_gradients(W, b)
    assert grads == [None, None]
    optimizer = make()
    with pytest.raises(ValueError) as caught:
        optimizer.apply_gradients(zip(grads, [W, b]))
    assert str(caught.value) == 'No gradients provided for any variable.'
    assert int(W.numpy()) == 2 and int(b.numpy()) == 1


def test_optimizer_is_built_on_the_variables_before_refusing_missing_gradients():
    # TF 2.21 builds first (Keras 3's apply), so the optimizer then refuses a new variable; Nadam's
    # product takes the first (int32) variable's dtype:
    # True ['nadam/iteration', 'nadam/learning_rate', 'nadam/Variable_0_momentum', 'nadam/Variable_0_velocity',
    #       'nadam/Variable_0_momentum', 'nadam/Variable_0_velocity', 'nadam/variable']
    keras.backend.clear_session()       # the optimizer's auto-name 'nadam'
    W, b = tf.Variable(2), tf.Variable(1)
    optimizer = keras.optimizers.Nadam(0.1)
    with pytest.raises(ValueError):
        optimizer.apply_gradients(zip(_integer_loop_gradients(W, b), [W, b]))
    assert optimizer.built
    assert [v.path for v in optimizer.variables][:2] == ['nadam/iteration', 'nadam/learning_rate']
    assert len(optimizer.variables) == 7
    product = optimizer.variables[-1]
    assert product.dtype == tf.int32 and int(product.numpy()) == 1
    other = tf.Variable(1.0)
    with pytest.raises(ValueError, match='^Unknown variable: '):
        optimizer.apply_gradients([(tf.constant(1.0), other)])


def test_float_variables_without_gradients_build_the_optimizer_too():
    # TF 2.21: 'No gradients provided for any variable.', built True, then 'Unknown variable: ...'
    W, V = tf.Variable(2.0), tf.Variable(1.0)
    optimizer = keras.optimizers.SGD(0.1)
    with pytest.raises(ValueError, match='No gradients provided'):
        optimizer.apply_gradients([(None, W)])
    assert optimizer.built
    with pytest.raises(ValueError, match='^Unknown variable: '):
        optimizer.apply_gradients([(tf.constant(1.0), V)])
    assert float(V.numpy()) == 1.0


@pytest.mark.parametrize('make, expected', [(lambda: keras.optimizers.SGD(0.1), np.float32(0.9)),
                                            (lambda: keras.optimizers.Adam(0.1), np.float32(0.900001)),
                                            (lambda: keras.optimizers.SGD(0.1, momentum=0.9), np.float32(0.9))])
def test_integer_variable_without_gradient_beside_a_float_one_trains_the_float_one(make, expected):
    # TF 2.21 (a fresh W, V per optimizer) warns "Gradients do not exist for variables ['Variable:0'] ..." and steps V
    W, V = tf.Variable(2), tf.Variable(1.0)
    optimizer = make()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        optimizer.apply_gradients([(None, W), (tf.constant(1.0), V)])
    assert any("Gradients do not exist for variables ['Variable:0']" in str(w.message) for w in caught)
    assert int(W.numpy()) == 2 and V.numpy() == expected
    assert int(optimizer.iterations.numpy()) == 1


def test_integer_variable_with_a_gradient_is_still_refused():
    with pytest.raises(TypeError, match='only floating-point variables can be trained'):
        keras.optimizers.Adam(0.1).apply_gradients([(tf.constant(1), tf.Variable(1))])
