"""GroupQueryAttention applies activity_regularizer to its own output too, as Keras 3 on TF 2.21 (its __init__ sets
self.activity_regularizer and hands it to the projections); MultiHeadAttention only to the projections."""
import numpy as np

from framework import keras

Q = np.ones((1, 3, 4), 'float32')


def _gqa():
    return keras.layers.GroupQueryAttention(2, 2, 1, activity_regularizer='l2', kernel_initializer='ones')


def _rounded(losses):
    return [round(float(v), 4) for v in losses]


def test_gqa_own_output_loss_first():
    # TF 2.21: losses [30.72, 1.92, 0.96, 0.96, 30.72], activity_regularizer L2
    layer = _gqa()
    layer(Q, Q)
    assert _rounded(layer.losses) == [30.72, 1.92, 0.96, 0.96, 30.72]
    assert type(layer.activity_regularizer).__name__ == 'L2'


def test_gqa_scores_regularized_too():
    # TF 2.21: [30.72, 0.02, 1.92, 0.96, 0.96, 30.72] with return_attention_scores=True
    layer = _gqa()
    layer(Q, Q, return_attention_scores=True)
    assert _rounded(layer.losses) == [30.72, 0.02, 1.92, 0.96, 0.96, 30.72]


def test_gqa_model_loss_and_config():
    inp = keras.Input((3, 4))
    model = keras.Model(inp, _gqa()(inp, inp))
    model.compile('sgd', 'mse')
    # TF 2.21: 321.28
    assert round(float(model.evaluate(Q, np.zeros((1, 3, 4)), verbose=0)), 4) == 321.28
    layer = _gqa()
    assert type(keras.layers.GroupQueryAttention.from_config(layer.get_config()).activity_regularizer).__name__ == 'L2'


def test_mha_keeps_projections_only():
    # TF 2.21: [1.92, 1.92, 1.92, 30.72], activity_regularizer None
    layer = keras.layers.MultiHeadAttention(2, 2, activity_regularizer='l2', kernel_initializer='ones')
    layer(Q, Q)
    assert _rounded(layer.losses) == [1.92, 1.92, 1.92, 30.72]
    assert layer.activity_regularizer is None
