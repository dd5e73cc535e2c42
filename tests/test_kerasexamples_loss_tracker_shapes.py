"""fit after another model's fit with a loss of another shape. keras.io's supervised contrastive
learning example pretrains with a Loss whose __call__ returns one value per sample, then fits a
classifier with a scalar loss at the same batch size; tapeflow reused the batch-size weight made for
the (32,) loss and the classifier's first step raised InvalidArgumentError ('Rank of input (1) must be
no greater than rank of output shape (0)'). Values: TF 2.21 (notes progs/kerasexamples/goldens_loss_shape.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class PerSampleLoss(keras.losses.Loss):
    def __call__(self, y_true, y_pred, sample_weight=None):
        return tf.reduce_sum(tf.square(y_true - y_pred), axis=1)     # one value per sample, unreduced


def _model(loss):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, kernel_initializer='ones')])
    model.compile(keras.optimizers.SGD(0.1), loss=loss)
    return model


def test_scalar_loss_after_per_sample_loss_at_the_same_batch_size():
    x = np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)
    y = np.linspace(0, 1, 16, dtype=np.float32).reshape(8, 2)
    first = _model(PerSampleLoss())
    assert first.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False).history['loss'] == \
        pytest.approx([6.963376998901367, 4.079943656921387], rel=1e-6)
    assert first.evaluate(x, y, batch_size=4, verbose=0) == pytest.approx(2.021376848220825, rel=1e-6)
    second = _model('mse')
    assert second.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False).history['loss'] == \
        pytest.approx([4.24819278717041, 2.2842655181884766], rel=1e-6)
    assert second.evaluate(x, y, batch_size=4, verbose=0) == pytest.approx(1.299545168876648, rel=1e-6)
    # and back: the per-sample loss again after the scalar one
    again = _model(PerSampleLoss())
    assert again.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False).history['loss'] == \
        pytest.approx([6.963376998901367, 4.079943656921387], rel=1e-6)
