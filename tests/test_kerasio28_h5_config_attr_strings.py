"""A legacy .h5 model file stores its JSON attributes as Keras 3 stores them.

Keras's legacy writer sets ``model_config`` and ``training_config`` from bytes, which h5py
stores as variable-length ASCII strings, and ``backend`` / ``keras_version`` from str (UTF-8).
tapeflow wrote all four as UTF-8; h5py reads both back as str, but the files differed.

Values: TF 2.21 / Keras 3.15's adam.h5 (/work/notes/progs/kerasio28/s06_optimizers.py, h5lowcmp.py).
"""
import h5py
import numpy as np

from framework import keras


def _string_kind(f, name):
    attribute = h5py.h5a.open(f.id, name.encode())
    kind = attribute.get_type()
    return kind.is_variable_str(), kind.get_cset()


def test_root_attributes_string_types(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', keras.losses.MeanSquaredError())
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        kinds = {name: _string_kind(f, name) for name in f.attrs}
        assert isinstance(f.attrs['model_config'], str)
    assert kinds == {'backend': (True, h5py.h5t.CSET_UTF8), 'keras_version': (True, h5py.h5t.CSET_UTF8),
                     'model_config': (True, h5py.h5t.CSET_ASCII), 'training_config': (True, h5py.h5t.CSET_ASCII)}
    loaded = keras.models.load_model(tmp_path / 'm.h5')
    np.testing.assert_array_equal(loaded.predict(np.ones((1, 3), 'float32'), verbose=0),
                                  model.predict(np.ones((1, 3), 'float32'), verbose=0))
