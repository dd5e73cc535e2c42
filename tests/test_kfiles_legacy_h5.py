"""A compiled model's legacy .h5 file keeps the loss as Keras 3.15 writes it ('mse', not spelled
out), and tapeflow loads such a file back compiled (Keras's own loader cannot resolve 'mse': TF 2.21
raises "Could not deserialize 'keras.metrics.mse'" on its own file; /work/notes/progs/kfiles/sweep.py)."""
import json

import h5py
import numpy as np

from framework import keras


def test_training_config_keeps_the_short_loss_name_and_loads_back(tmp_path):
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    model.compile('adam', 'mse', metrics=['mae'])
    x = np.arange(32, dtype='float32').reshape(8, 4) / 10
    model.fit(x, x[:, :1], batch_size=4, verbose=0)
    path = str(tmp_path / 'm.h5')
    model.save(path)
    with h5py.File(path, 'r') as f:
        training = json.loads(f.attrs['training_config'])
    assert training['loss'] == 'mse' and training['metrics'] == ['mae']
    assert training['optimizer_config']['class_name'] == 'Adam'
    loaded = keras.models.load_model(path)
    assert type(loaded.optimizer).__name__ == 'Adam' and int(loaded.optimizer.iterations.numpy()) == 2
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
