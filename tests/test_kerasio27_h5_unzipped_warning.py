"""model.save('x.h5', zipped=False) logs Keras 3's legacy-HDF5 warning, as TF 2.21 does.

Keras's save_model warns for any path ending in .h5 / .hdf5 before it looks at ``zipped``;
with zipped=False it then writes the unzipped archive (a directory named x.h5). tapeflow
wrote the directory without the warning. (TF 2.21's stderr: /work/notes/progs/kerasio27/q03_api_errors.py.)
"""
import logging
import os

from framework import keras

LEGACY_SAVE = ("You are saving your model as an HDF5 file via `model.save()` or `keras.saving.save_model(model)`. "
               "This file format is considered legacy. We recommend using instead the native Keras format, e.g. "
               "`model.save('my_model.keras')` or `keras.saving.save_model(model, 'my_model.keras')`. ")


def test_the_warning_comes_before_the_unzipped_write(caplog, tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    with caplog.at_level(logging.WARNING):
        model.save(str(tmp_path / 'x.h5'), zipped=False)
        model.save(str(tmp_path / 'y.keras'))
    assert [r.getMessage() for r in caplog.records if r.name == 'absl'] == [LEGACY_SAVE]
    # an absolute path: Keras 3.15.1 leaves its (empty) assets/ there (TF 2.21, progs/kerasio41/p12.py)
    assert sorted(os.listdir(tmp_path / 'x.h5')) == ['assets', 'config.json', 'metadata.json', 'model.weights.h5']
