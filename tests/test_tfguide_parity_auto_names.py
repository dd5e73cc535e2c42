"""Unnamed Keras weights and the names Keras hands out share one counter, as in Keras 3.

Expected values: TensorFlow 2.21 / Keras 3 (/opt/tfref) running the same lines after
``keras.backend.clear_session()`` ('Basic training loops' makes its weights with
``self.add_weight(shape=(), ...)`` and no name).
"""
import framework as tf
from framework import keras


class TwoWeights(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(), initializer='ones')
        self.b = self.add_weight(shape=(), initializer='zeros')

    def call(self, x):
        return x * self.w + self.b


def test_unnamed_weights_are_variable_variable_1_and_nadam_counts_on():
    keras.backend.clear_session()
    layer = TwoWeights()
    layer(tf.ones(2))
    assert [v.path for v in layer.variables] == ['two_weights/variable', 'two_weights/variable_1']
    assert [v.name for v in layer.variables] == ['variable', 'variable_1']
    optimizer = keras.optimizers.Nadam()
    optimizer.build(layer.trainable_variables)
    assert optimizer.variables[-1].path == 'variable_2'       # its unnamed momentum product
    assert keras.backend.get_uid('variable') == 4
    assert keras.backend.get_uid('two_weights') == 2


def test_layers_optimizers_losses_share_the_counter_and_clear_session_resets_it():
    keras.backend.clear_session()

    class Mean(keras.layers.Layer):
        pass

    assert Mean().name == 'mean'
    assert keras.metrics.Mean().name == 'mean'     # an explicit default, not counted
    assert keras.optimizers.Adam().name == 'adam'
    assert keras.optimizers.Adam().name == 'adam_1'
    assert keras.losses.MeanSquaredError().name == 'mean_squared_error'
    second = TwoWeights()
    second(tf.ones(2))
    assert [v.name for v in second.variables] == ['variable', 'variable_1']
    keras.backend.clear_session()
    assert (keras.optimizers.Adam().name, Mean().name) == ('adam', 'mean')
