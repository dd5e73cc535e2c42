"""CSVLogger with a filename of another type fails at fit in Python's own words, as in Keras 3.15.

Golden texts: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) fitting a Dense(1) model with
CSVLogger(filename, append=...): Keras checks nothing itself, so append=True fails in os.path.exists
and otherwise in open(); an int is taken as a file descriptor (one not open: OSError errno 9).
"""
import numpy as np
import pytest

from framework import keras


def _fit(logger):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0, callbacks=[logger])


@pytest.mark.parametrize('filename, append, error, text', [
    (None, False, TypeError, 'expected str, bytes or os.PathLike object, not NoneType'),
    (None, True, TypeError, 'stat: path should be string, bytes, os.PathLike or integer, not NoneType'),
    (3.5, False, TypeError, 'expected str, bytes or os.PathLike object, not float'),
    (3.5, True, TypeError, 'stat: path should be string, bytes, os.PathLike or integer, not float'),
    ([1], False, TypeError, 'expected str, bytes or os.PathLike object, not list'),
    (987654, False, OSError, '[Errno 9] Bad file descriptor'),
])
def test_a_filename_of_another_type_fails_in_pythons_words(filename, append, error, text):
    with pytest.raises(error) as info:
        _fit(keras.callbacks.CSVLogger(filename, append=append))
    assert str(info.value) == text


def test_a_bytes_filename_is_written(tmp_path):
    path = tmp_path / 'log.csv'
    _fit(keras.callbacks.CSVLogger(str(path).encode()))
    assert path.read_text().splitlines()[0] == 'epoch,loss,val_loss'      # Keras keeps val_ columns without validation
