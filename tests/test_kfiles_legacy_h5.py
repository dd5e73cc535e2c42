"""A compiled model's legacy .h5 file keeps the loss as Keras 3.15 writes it ('mse', not spelled
out), and load_model of such a file fails as Keras 3.15's does: its .h5 loader serializes the alias's
function under the alias ('keras.metrics.mse', no public name) and raises; with compile=False the
model loads. Derived with TF 2.21 / Keras 3.15.1 (/work/notes/progs/savefiles/h5loss.py: 'mse', 'mae',
'mape', 'msle', 'kld' and ['mse'] fail on TF's own files; 'mean_squared_error', 'huber', 'log_cosh',
loss objects and metrics=['mse'] load)."""
import json

import h5py
import numpy as np
import pytest

from framework import keras


def _saved(tmp_path, loss, metrics=None):
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    model.compile('adam', loss, metrics=metrics)
    x = np.arange(32, dtype='float32').reshape(8, 4) / 10
    model.fit(x, x[:, :1], batch_size=4, verbose=0)
    path = str(tmp_path / 'm.h5')
    model.save(path)
    return model, path, x


def test_training_config_keeps_the_short_loss_name(tmp_path):
    _, path, _ = _saved(tmp_path, 'mse', metrics=['mae'])
    with h5py.File(path, 'r') as f:
        training = json.loads(f.attrs['training_config'])
    assert training['loss'] == 'mse' and training['metrics'] == ['mae']
    assert training['optimizer_config']['class_name'] == 'Adam'


@pytest.mark.parametrize('loss', ['mse', 'MAE', 'mape', 'msle', 'kld', 'bce', ['mse']])
def test_short_loss_name_refused_on_load_as_keras_does(tmp_path, loss):
    _, path, _ = _saved(tmp_path, loss)
    name = loss[0] if isinstance(loss, list) else loss
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(path)
    assert str(caught.value) == ("Could not deserialize 'keras.metrics.%s' because it is not a KerasSaveable "
                                 "subclass" % name)


def test_short_loss_name_loads_uncompiled_and_full_names_load_compiled(tmp_path):
    model, path, x = _saved(tmp_path, 'mse', metrics=['mse'])
    loaded = keras.models.load_model(path, compile=False)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    model, path, x = _saved(tmp_path, 'mean_squared_error', metrics=['mse'])
    loaded = keras.models.load_model(path)
    assert type(loaded.optimizer).__name__ == 'Adam' and int(loaded.optimizer.iterations.numpy()) == 2
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
