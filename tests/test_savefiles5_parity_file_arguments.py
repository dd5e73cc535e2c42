"""File-name and save_freq arguments refused or taken as Keras 3 does.

Expected: TF 2.21 / Keras 3.15 on the same calls (exception class and first words):
``load_model('D/nope')`` -> ValueError 'File format not supported: filepath=D/nope. ...' (Keras
tells the format by the name before it looks for the file); ``ModelCheckpoint(..., save_freq='bogus')``
-> ValueError "Unrecognized save_freq: bogus. Expected save_freq are 'epoch' or integer values";
any int save_freq is taken (0 saves after every batch).
"""
import numpy as np
import pytest

from framework import keras


def test_a_missing_file_of_no_known_format_is_a_format_error(tmp_path):
    with pytest.raises(ValueError, match=r'^File format not supported: filepath=.*nope\. Keras 3 only supports'):
        keras.models.load_model(tmp_path / 'nope')
    with pytest.raises(ValueError, match=r'^File not found: filepath=.*nope\.keras'):
        keras.models.load_model(tmp_path / 'nope.keras')


def test_save_freq_takes_kerass_values_and_words(tmp_path):
    with pytest.raises(ValueError, match=r"^Unrecognized save_freq: bogus\. Expected save_freq are 'epoch' or "
                                         r"integer values$"):
        keras.callbacks.ModelCheckpoint(str(tmp_path / 'c.keras'), save_freq='bogus')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    every = keras.callbacks.ModelCheckpoint(str(tmp_path / 'b{batch}.keras'), save_freq=0)
    model.fit(np.ones((4, 3)), np.ones((4, 2)), batch_size=2, verbose=0, callbacks=[every])
    assert sorted(p.name for p in tmp_path.iterdir()) == ['b1.keras', 'b2.keras']
