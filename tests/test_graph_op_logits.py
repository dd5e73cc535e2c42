"""Keras 3's cross-entropies score a graph tensor made by a Sigmoid / Softmax op from that op's input, as logits
(keras/src/backend/tensorflow/nn.py, _get_logits): in fit / evaluate steps and tf.functions, tf.nn.sigmoid,
tf.math.sigmoid and last-axis tf.nn.softmax outputs are scored as logits; eagerly, as clipped probabilities.
Values: TF 2.21 (/tmp/gl.py of session 47; notes/progs/kerasops5/sigfit.py, bce_ts.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[-30.], [-3.], [0.], [3.], [30.]], 'float32')
Y = np.array([[1.], [0.], [1.], [0.], [0.]], 'float32')
Z = np.array([[-40., 0., 40.], [1., 2., 3.]], 'float32')
ONE_HOT = np.array([[1., 0., 0.], [0., 0., 1.]], 'float32')


@pytest.mark.parametrize('run_eagerly, loss', [(False, 12.758064270019531), (True, 7.17016077041626)])
def test_a_dense_with_tf_nn_sigmoid_is_scored_from_logits_in_traced_steps(run_eagerly, loss):
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, activation=tf.nn.sigmoid,
                                                                     kernel_initializer='ones')])
    model.compile(loss='binary_crossentropy', optimizer='sgd', metrics=['binary_crossentropy'], run_eagerly=run_eagerly)
    assert model.evaluate(X, Y, verbose=0) == [loss, loss]


def test_sigmoid_outputs_in_a_tf_function():
    graph = tf.function(lambda x: keras.losses.binary_crossentropy(Y, tf.sigmoid(x)))
    assert graph(X).numpy().tolist() == [30.0, 0.04858735203742981, 0.6931471824645996, 3.0485873222351074, 30.0]
    eager = keras.losses.binary_crossentropy(Y, tf.sigmoid(X))
    assert eager.numpy().tolist() == [16.11809539794922, 0.04858734458684921, 0.6931471824645996,
                                      3.0485875606536865, 15.942384719848633]
    loss_object = tf.function(lambda x: keras.losses.BinaryCrossentropy()(Y, tf.math.sigmoid(x)))
    assert float(loss_object(X * 2)) == 25.339618682861328


def test_softmax_outputs_in_a_tf_function():
    graph = tf.function(lambda z: keras.losses.categorical_crossentropy(ONE_HOT, tf.nn.softmax(z)))
    assert graph(Z).numpy().tolist() == [80.0, 0.40760594606399536]
    eager = keras.losses.categorical_crossentropy(ONE_HOT, tf.nn.softmax(Z))
    assert eager.numpy().tolist() == [16.11809539794922, 0.40760597586631775]
    sparse = tf.function(lambda z: keras.losses.sparse_categorical_crossentropy(np.array([0, 2]), tf.nn.softmax(z)))
    assert sparse(Z).numpy().tolist() == [80.0, 0.40760594606399536]
    # another axis: TF's Softmax between two transposes, whose output is no Softmax op's: probabilities
    other_axis = tf.function(lambda z: keras.losses.categorical_crossentropy(ONE_HOT, tf.nn.softmax(z, axis=0), axis=0))
    assert other_axis(Z).numpy().tolist() == [16.11809539794922, -0.0, 16.11809539794922]


def test_from_logits_on_a_graph_sigmoid_warns_as_keras():
    graph = tf.function(lambda x: keras.losses.binary_crossentropy(Y, tf.sigmoid(x), from_logits=True))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        graph(X)
    assert any('received `from_logits=True`, but the `output` argument was produced by a Sigmoid activation'
               in str(w.message) for w in caught)
