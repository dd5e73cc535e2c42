"""``Layer.add_metric`` (Keras 2, used by Hands-On ML's ReconstructingRegressor) exists in Keras 3.15
only to refuse: TensorFlow 2.21 + Keras 3.15 raise NotImplementedError with the text below, from a
layer and from a model alike, called in ``call`` or outside. tapeflow had no such attribute
(AttributeError)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = ('Layer `add_metric()` method is deprecated. Add your metric in `Model.compile(metrics=[...])`, or create '
        'metric trackers in init() or build() when subclassing the layer or model, then call '
        '`metric.update_state()` whenever necessary.')


def test_layer_add_metric_refuses_with_keras_words():
    with pytest.raises(NotImplementedError) as info:
        keras.layers.Dense(2).add_metric(tf.constant(1.0), name='m')
    assert str(info.value) == TEXT


def test_model_calling_add_metric_in_call_refuses():
    class Recon(keras.Model):
        def __init__(self):
            super().__init__()
            self.out = keras.layers.Dense(1)

        def call(self, inputs):
            self.add_metric(tf.reduce_mean(inputs), name='mean_input')
            return self.out(inputs)

    with pytest.raises(NotImplementedError, match='add_metric'):
        Recon()(np.ones((2, 3), np.float32))
