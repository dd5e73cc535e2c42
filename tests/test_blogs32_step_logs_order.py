"""compute_metrics / train_step hand a custom loop Keras 3's dict: keys in ``model.metrics`` order
('loss' first) and result tensors as values, so ``{k: float(v) for k, v in logs.items()}`` prints as
on TF 2.21; callbacks still get the sorted dict of floats. tapeflow iterated the step's logs sorted
('accuracy' before 'loss') and as floats (progs/blogs32/p08.py, q/t08.py)."""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _model():
    keras.utils.set_random_seed(0)
    x = np.random.rand(8, 3).astype('float32')
    y = (x.sum(1) > 1.5).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('sgd', 'binary_crossentropy', metrics=['mae', 'accuracy'])
    return model, x, y


def test_compute_metrics_iterates_in_metrics_order_as_tensors():
    model, x, y = _model()
    logs = model.compute_metrics(x, y, model(x))
    assert list(logs) == ['loss', 'mae', 'accuracy'] and len(logs) == 3
    assert [(k, type(v).__name__, float(v)) for k, v in logs.items()] == [
        ('loss', 'EagerTensor', 0.0), ('mae', 'EagerTensor', 0.4720352292060852),
        ('accuracy', 'EagerTensor', 0.75)]
    assert list(model.train_step((x, y))) == ['loss', 'mae', 'accuracy']


def test_callbacks_still_read_sorted_keys():
    model, x, y = _model()
    seen = []

    class Keys(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            seen.append(list(logs))

    model.fit(x, y, epochs=1, verbose=0, callbacks=[Keys()])
    assert seen == [['accuracy', 'loss', 'mae']]
