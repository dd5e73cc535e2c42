"""load_weights of a Keras 3 layout that does not fit, as Keras 3.15 (TF 2.21) reports it:
- the optimizer whose saved state has other shapes is one of the objects that could not be
  loaded ('A total of 2 objects ... [<Dense name=b, built=True>, <Adam ...>]'); tapeflow
  counted only the layer;
- a .keras file that is not a zip raises zipfile's own 'File is not a zip file' (BadZipFile).
The model is left as it was (tapeflow's loads are all or nothing)."""
import zipfile

import numpy as np
import pytest

from framework import keras


def _model(units):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='a'), keras.layers.Dense(units, name='b')])
    model.compile(keras.optimizers.Adam(0.1), 'mean_squared_error')
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, units), 'float32'), verbose=0)
    return model


@pytest.mark.parametrize('name', ['s.keras', 's.weights.h5'])
def test_mismatched_optimizer_state_is_a_failed_object(tmp_path, name):
    path = str(tmp_path / name)
    source = _model(5)
    (source.save_weights if name.endswith('.weights.h5') else source.save)(path)
    target = _model(2)
    before = [np.array(v) for v in target.weights + target.optimizer.variables]
    with pytest.raises(ValueError) as caught:
        target.load_weights(path)
    text = str(caught.value)
    assert text.startswith('A total of 2 objects could not be loaded. Example error message for object '
                           '<Dense name=b, built=True>:')
    listing = text.split('List of objects that could not be loaded:\n')[1].splitlines()[0]
    assert listing.startswith('[<Dense name=b, built=True>, <') and 'Adam object' in listing
    after = [np.array(v) for v in target.weights + target.optimizer.variables]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_fitting_optimizer_state_is_not_a_failure(tmp_path):
    path = str(tmp_path / 'ok.weights.h5')
    _model(2).save_weights(path)
    target = _model(2)
    target.load_weights(path)


def test_load_weights_of_a_keras_file_that_is_no_zip(tmp_path):
    path = tmp_path / 'trunc.keras'
    _model(2).save(str(tmp_path / 'whole.keras'))
    path.write_bytes((tmp_path / 'whole.keras').read_bytes()[:300])
    with pytest.raises(zipfile.BadZipFile) as caught:
        _model(2).load_weights(str(path))
    assert str(caught.value) == 'File is not a zip file'
