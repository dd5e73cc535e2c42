"""Arrays with ``steps`` (or ``steps_per_epoch``) and no ``batch_size``: Keras 3 splits the
samples into that many batches (``ceil(samples / steps)`` each), not into batches of 32.

Golden values: ``_model`` and these calls under TensorFlow 2.21 / Keras 3, the batch-end
losses read by a callback.
"""
import numpy as np
import pytest

from framework import keras


def _data():
    rng = np.random.RandomState(0)
    return rng.rand(50, 6).astype('float32'), rng.rand(50, 1).astype('float32')


def _model():
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(1)])
    model.set_weights([np.linspace(-1, 1, 6).reshape(6, 1).astype('float32'), np.zeros(1, 'float32')])
    model.compile('adam', 'mse')
    return model


class BatchLosses(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.losses = []

    def on_test_batch_end(self, batch, logs=None):
        self.losses.append(logs['loss'])

    def on_predict_batch_end(self, batch, logs=None):
        self.losses.append(logs['outputs'].shape[0])


@pytest.mark.parametrize('kwargs, batch_losses', [
    (dict(steps=2), [0.34371939301490784, 0.5135329365730286]),                # batches of 25
    (dict(steps=1), [0.5135329365730286]),                                     # one batch of 50
    (dict(steps=3), [0.3450728952884674, 0.47860705852508545, 0.5135329365730286]),   # 17, 17, 16
    (dict(), [0.49279409646987915, 0.5135329365730286]),                       # 32 and 18
    (dict(batch_size=20, steps=2), [0.38763827085494995, 0.5225961804389954]),  # the batch size given wins
])
def test_evaluate_steps_without_batch_size(kwargs, batch_losses):
    x, y = _data()
    seen = BatchLosses()
    result = _model().evaluate(x, y, verbose=0, callbacks=[seen], **kwargs)
    np.testing.assert_allclose(seen.losses, batch_losses, rtol=1e-5)
    np.testing.assert_allclose(result, batch_losses[-1], rtol=1e-5)


def test_predict_steps_without_batch_size():
    x, _ = _data()
    seen = BatchLosses()
    assert _model().predict(x, verbose=0, steps=4, callbacks=[seen]).shape == (50, 1)
    assert seen.losses == [13, 13, 13, 11]


def test_fit_steps_per_epoch_without_batch_size():
    x, y = _data()
    model = _model()
    history = model.fit(x, y, steps_per_epoch=3, epochs=2, verbose=0, shuffle=False).history
    np.testing.assert_allclose(history['loss'], [0.509865403175354, 0.498911589384079], rtol=1e-5)
    # the same model trained on; validation batches of 25 (validation_steps=2, no batch size)
    history = model.fit(x, y, steps_per_epoch=3, epochs=2, verbose=0, shuffle=False, validation_data=(x, y),
                        validation_steps=2).history
    np.testing.assert_allclose(history['loss'], [0.4883018136024475, 0.4780258238315582], rtol=1e-5)
    np.testing.assert_allclose(history['val_loss'], [0.4813280999660492, 0.4712783694267273], rtol=1e-5)
