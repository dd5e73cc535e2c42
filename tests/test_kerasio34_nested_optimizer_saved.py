"""A compiled model nested in an uncompiled one keeps its optimizer's state in the .keras file
('layers/functional/optimizer/vars/<i>'), as Keras 3 walks every attribute of every sublayer
(the FeatureSpace tutorial's inference model wraps the compiled training model this way).
tapeflow walked optimizers only when the saved model itself was compiled, so the nested one's
state was dropped and reloaded as zeros. Values printed by TF 2.21 / Keras 3.15 running the same
code (/work/notes/progs/kerasio34/s22_nested_compiled.py).
"""
import io
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _outer():
    keras.backend.clear_session()       # the optimizer's name ('adam') is pinned: no earlier test's optimizers
    keras.utils.set_random_seed(22)
    x = np.random.rand(8, 3).astype('float32')
    y = np.random.rand(8, 1).astype('float32')
    i = keras.Input((3,))
    inner = keras.Model(i, keras.layers.Dense(1)(keras.layers.Dense(2)(i)), name='inner')
    inner.compile(keras.optimizers.Adam(0.01), 'mse')
    inner.fit(x, y, epochs=2, verbose=0)
    j = keras.Input((3,))
    return keras.Model(j, inner(j), name='outer')


def test_nested_optimizer_state_is_written(tmp_path):
    path = str(tmp_path / 'o.keras')
    _outer().save(path)
    with h5py.File(io.BytesIO(zipfile.ZipFile(path).read('model.weights.h5')), 'r') as f:
        group = f['layers/functional/optimizer/vars']
        assert (sorted(group.keys(), key=int), group.attrs['name']) == ([str(i) for i in range(10)], 'adam')
        assert int(group['0'][()]) == 2
        assert np.round(group['2'][()].ravel()[:4].astype('float64'), 6).tolist() == [
            0.067109, 0.071913, 0.083245, 0.089229]
        assert 'optimizer' not in f       # the outer model itself is not compiled


def test_nested_optimizer_state_reloads(tmp_path):
    path = str(tmp_path / 'o.keras')
    _outer().save(path)
    optimizer = keras.models.load_model(path).get_layer('inner').optimizer
    values = [np.round(np.asarray(v).astype('float64'), 5).ravel()[:2].tolist() for v in optimizer.variables]
    assert values[:4] == [[2], [0.01], [0.06711, 0.07191], [0.00025, 0.00029]]
