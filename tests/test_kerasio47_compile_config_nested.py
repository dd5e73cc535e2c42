"""A user's loss whose get_config returns an object (an initializer) saves in a .keras compile_config as
Keras 3's serialize_dict writes it, as on TF 2.21: {'inner': {'module': 'keras.initializers', 'class_name':
'Ones', 'config': {}, 'registered_name': None}}, handed back to from_config as that dict; tapeflow refused
the save ('Cannot save the model: Sequential.compile_config.loss.config.inner is the Python object ...').
A .h5 file's training_config keeps Keras's legacy passive entry (probe /work/notes/progs/kerasio47/p23.py)."""
import json
import zipfile

import h5py
import numpy as np

from framework import keras


@keras.saving.register_keras_serializable('kio47c')
class Kio47WLoss(keras.losses.Loss):
    def __init__(self, w=2.0, inner=None, **kwargs):
        super().__init__(**kwargs)
        self.w, self.inner = w, inner

    def call(self, y, p):
        return self.w * keras.ops.mean(keras.ops.square(y - p), axis=-1)

    def get_config(self):
        return {**super().get_config(), 'w': self.w, 'inner': self.inner}


ONES = {'module': 'keras.initializers', 'class_name': 'Ones', 'config': {}, 'registered_name': None}


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.1), Kio47WLoss(3.0, inner=keras.initializers.Ones(), name='w_loss'))
    return model


def test_keras_file_serializes_the_nested_object(tmp_path):
    model = _model()
    path = str(tmp_path / 'a.keras')
    model.save(path)
    loss = json.loads(zipfile.ZipFile(path).read('config.json'))['compile_config']['loss']
    # TF 2.21's entry
    assert loss == {'module': __name__, 'class_name': 'Kio47WLoss', 'registered_name': 'kio47c>Kio47WLoss',
                    'config': {'name': 'w_loss', 'reduction': 'sum_over_batch_size', 'w': 3.0, 'inner': ONES}}
    loaded = keras.models.load_model(path)
    assert type(loaded.loss) is Kio47WLoss and loaded.loss.inner == ONES       # TF 2.21: the dict
    x, y = np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32')
    np.testing.assert_allclose(loaded.evaluate(x, y, verbose=0), model.evaluate(x, y, verbose=0), rtol=1e-6)


def test_h5_training_config_keeps_the_passive_entry(tmp_path):
    path = str(tmp_path / 'a.h5')
    _model().save(path)
    with h5py.File(path, 'r') as f:
        loss = json.loads(f.attrs['training_config'])['loss']
    assert loss == {'class_name': 'kio47c>Kio47WLoss',
                    'config': {'name': 'w_loss', 'reduction': 'sum_over_batch_size', 'w': 3.0,
                               'inner': {'class_name': 'Ones', 'config': {}, '__passive_serialization__': True}}}
