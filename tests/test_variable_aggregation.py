"""Variables report how replicas would combine them, as TF 2.21 and Keras 3.15 do (values read there):
tf.Variable gives TF's enums (NONE / AUTO unless given others); Keras's layer, metric and optimizer
variables give Keras's strings."""
import pytest

import framework as tf
from framework import keras


def test_tf_variables_default_to_none_and_auto_and_keep_what_they_are_given():
    v = tf.Variable(1.0)
    assert v.aggregation == tf.VariableAggregation.NONE and v.synchronization == tf.VariableSynchronization.AUTO
    assert tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN).aggregation == tf.VariableAggregation.MEAN


def test_keras_variables_give_keras_strings():
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    assert (dense.kernel.aggregation, dense.kernel.synchronization) == ('none', 'auto')
    assert [v.aggregation for v in keras.metrics.AUC().variables][:2] == ['sum', 'sum']
    optimizer = keras.optimizers.Adam()
    optimizer.build(dense.trainable_variables)
    # Keras 3.15: [('adam/iteration', 'only_first_replica'), ('adam/learning_rate', 'only_first_replica'),
    #              ('adam/dense_kernel_momentum', 'none'), ...]
    assert [v.aggregation for v in optimizer.variables][:4] == ['only_first_replica', 'only_first_replica',
                                                                'none', 'none']
    assert keras.Variable(1.0).aggregation == 'none'


def test_add_weight_refuses_an_unknown_aggregation_in_keras_words():
    layer = keras.layers.Layer()
    with pytest.raises(ValueError, match='Invalid value for argument `aggregation`.*Received: aggregation=avg'):
        layer.add_weight(shape=(2,), aggregation='avg')
    assert layer.weights == []
