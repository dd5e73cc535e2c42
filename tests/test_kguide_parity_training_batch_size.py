"""fit / evaluate / predict ignore batch_size when x brings its own batches, as Keras 3 does.

The Keras guide "Training & evaluation with the built-in methods" calls
``model.fit(train_py_dataset, batch_size=64, ...)`` on a PyDataset; TF 2.21 runs it without a word,
and tapeflow used to refuse it. Goldens: this program run under TF 2.21 / Keras 3
(/work/notes/progs/kguides_training/bs.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


class FourBatches(keras.utils.PyDataset):
    def __init__(self, x, y):
        super().__init__()
        self.x, self.y = x, y

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return self.x[i * 5:(i + 1) * 5], self.y[i * 5:(i + 1) * 5]


def seeded_model_and_data():
    keras.utils.set_random_seed(0)
    x = np.random.rand(20, 3).astype('float32')
    y = np.random.rand(20, 1).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model, x, y


def endless_first_batch(x, y):
    while True:
        yield x[:5], y[:5]


# name: (make x, fit keywords, fit loss, evaluate loss), each pass on the model the previous left
SOURCES = {
    'pydataset': (lambda x, y: FourBatches(x, y), {}, 0.16815286874771118, 0.17791125178337097),
    'dataset': (lambda x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(5), {},
                0.15980620682239532, 0.1731141209602356),
    'generator': (endless_first_batch, {'steps_per_epoch': 2}, 0.07546738535165787, 0.07468535751104355),
}


@pytest.mark.filterwarnings('ignore:`shuffle=True` was passed')
def test_batch_size_is_ignored_for_batched_inputs_as_keras_does():
    model, x, y = seeded_model_and_data()
    for name, (make, fit_kwargs, fit_loss, eval_loss) in SOURCES.items():
        data = make(x, y)
        history = model.fit(data, batch_size=64, verbose=0, **fit_kwargs).history
        np.testing.assert_allclose(history['loss'], [fit_loss], rtol=1e-6, err_msg=name)
        np.testing.assert_allclose(model.evaluate(data, batch_size=64, verbose=0, steps=2), eval_loss,
                                   rtol=1e-6, err_msg=name)
        assert model.predict(data, batch_size=64, verbose=0, steps=2).shape == (10, 1), name
