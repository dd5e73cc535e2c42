"""Prints in a compiled model's layers and losses during fit / evaluate, as Keras 3 on TF 2.21 prints them:
its built-in train / test steps are traced, so a custom layer's or loss's tensors show as graph tensors,
the loss's ops in the name scopes Keras opens ('compile_loss/<loss name>/'). Expected lines printed by
TF 2.21 + Keras 3.15 for these programs (before, a plain model's fit printed their values)."""
import numpy as np

import framework as tf
from framework import keras


def _lines(capsys):
    return [line for line in capsys.readouterr().out.splitlines() if line]


def test_a_custom_layer_and_loss_print_graph_tensors_in_fit_and_evaluate(capsys):
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)

    def my_loss(y_true, y_pred):
        err = y_true - y_pred
        print('err', err)
        return tf.reduce_mean(tf.square(err), axis=-1)

    class MyLayer(keras.layers.Layer):
        def call(self, x):
            y = x * 2.0
            print('in layer', y)
            return y

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), MyLayer()])
    model.compile('sgd', my_loss)
    x = np.random.rand(10, 3).astype('float32')
    y = np.random.rand(10, 2).astype('float32')
    model.fit(x, y, epochs=2, batch_size=4, verbose=0)
    model.evaluate(x, y, verbose=0)
    built = 'in layer Tensor("mul:0", shape=(None, 2), dtype=float32)'      # the Sequential's build
    traced = ['in layer Tensor("sequential_1/my_layer_1/mul:0", shape=(None, 2), dtype=float32)',
              'err Tensor("compile_loss/my_loss/sub:0", shape=(None, 2), dtype=float32)']
    assert _lines(capsys) == [built] + traced * 2     # fit traced again: its first trace made the slots
    keras.backend.clear_session()


def test_each_output_loss_runs_in_its_own_scope():
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    seen = []

    class Absolute(keras.losses.Loss):
        def call(self, y_true, y_pred):
            err = y_true - y_pred
            seen.append(str(err))
            return tf.reduce_mean(tf.abs(err), axis=-1)

    def first(y_true, y_pred):
        d = tf.abs(y_true - y_pred)
        seen.append(str(d))
        return tf.reduce_mean(d, axis=-1)

    inp = keras.Input((3,), name='inp')
    model = keras.Model(inp, {'a': keras.layers.Dense(2, name='a')(inp), 'b': keras.layers.Dense(1, name='b')(inp)})
    model.compile('sgd', {'a': first, 'b': Absolute()})
    x = np.random.rand(10, 3).astype('float32')
    model.fit(x, {'a': np.ones((10, 2), 'float32'), 'b': np.ones((10, 1), 'float32')}, batch_size=4, verbose=0)
    assert seen[:2] == ['Tensor("compile_loss/first/Abs:0", shape=(None, 2), dtype=float32)',
                        'Tensor("compile_loss/absolute/sub:0", shape=(None, 1), dtype=float32)']
    keras.backend.clear_session()


def test_the_losses_after_the_first_for_one_output_run_and_count_for_nothing(capsys):
    # Keras 3 computes every loss of loss=['mse', second] on the one output and keeps the first
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)

    def second(y_true, y_pred):
        print('second', y_pred.shape)
        return tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)

    x = np.random.rand(10, 3).astype('float32')
    y = np.random.rand(10, 1).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', loss=['mse', second])
    history = model.fit(x, y, epochs=2, verbose=0)
    assert history.history['second_loss'] == [0.0, 0.0]
    assert _lines(capsys) == ['second (None, 1)'] * 2
    keras.backend.clear_session()
