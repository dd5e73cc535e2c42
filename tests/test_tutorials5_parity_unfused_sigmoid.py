"""A Dense sigmoid whose logits a cross-entropy reads is not fused in TensorFlow's traced step.

Keras's binary cross-entropy reads the logits of a sigmoid output (_get_logits), so in the graph
BiasAdd's output has two readers and grappler leaves MatMul + BiasAdd + Sigmoid unfused: the
Sigmoid runs Eigen's kernel, and a metric reading the probabilities (the imbalanced-data tutorial's
MSE 'Brier score') sees Eigen's values; with loss='mse' the sigmoid is fused (oneDNN's values)
(framework/ops/fused_sigmoid.py). Expected values printed by TensorFlow 2.21 + Keras 3 for the same
program (seed 2 data, SGD(0.1), batch 16, shuffle=False)."""
import numpy as np
import pytest

from framework import keras


def _data():
    rng = np.random.RandomState(2)
    x = rng.normal(size=(16, 4)).astype('float32')
    y = (rng.uniform(size=(16, 1)) < 0.3).astype('float32')
    weights = [rng.normal(size=(4, 1)).astype('float32'), rng.normal(size=(1,)).astype('float32')]
    return x, y, weights


def _model(loss, weights):
    model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=loss, metrics=['mse'])
    model.set_weights(weights)
    return model


@pytest.mark.usefixtures('onednn_on')
@pytest.mark.parametrize('loss, expected', [
    ('binary_crossentropy', 0.29741171002388),                    # Eigen's sigmoid (unfused)
    (lambda: keras.losses.BinaryFocalCrossentropy(), 0.29741171002388),
    ('mse', 0.2974117398262024),                                  # oneDNN's fused sigmoid
])
def test_evaluate_metric_reads_the_sigmoid_tensorflow_computes(loss, expected):
    x, y, weights = _data()
    model = _model(loss() if callable(loss) else loss, weights)
    assert model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)['mse'] == expected


@pytest.mark.avx512_bits
def test_fit_history_with_a_cross_entropy_loss():
    x, y, weights = _data()
    model = _model('binary_crossentropy', weights)
    history = model.fit(x, y, batch_size=16, epochs=3, verbose=0, shuffle=False).history
    assert history['mse'] == [0.29741171002388, 0.2896391749382019, 0.282105028629303]
    assert history['loss'] == [0.8473413586616516, 0.8256210088729858, 0.8049048185348511]
    # predict has no loss: the fused kernel's values, as TensorFlow's predict
    assert model.predict(x, verbose=0)[8, 0] == np.float32(0.18705743551254272)
