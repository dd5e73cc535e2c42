"""keras.config.set_backend: Keras 3.15's warning and environment variable; 'tensorflow' is accepted, any other
backend raises Keras's ValueError (as Keras does for a backend it cannot import).

Texts are Keras's, printed by the same program under /opt/tfref/bin/python."""
import os

import pytest

from framework import keras


@pytest.fixture(autouse=True)
def _restore_environment():
    before = os.environ.get('KERAS_BACKEND')
    yield
    if before is None:
        os.environ.pop('KERAS_BACKEND', None)
    else:
        os.environ['KERAS_BACKEND'] = before


def test_tensorflow_is_accepted_with_kerases_warning():
    with pytest.warns(UserWarning, match='^Using `keras.config.set_backend` is dangerous and should be done '
                                         'carefully. Already-instantiated objects will not be converted.'):
        assert keras.config.set_backend('tensorflow') is None
    assert os.environ['KERAS_BACKEND'] == 'tensorflow' and keras.config.backend() == 'tensorflow'


def test_other_backends_raise_kerases_value_error():
    with pytest.warns(UserWarning):
        with pytest.raises(ValueError, match='^Unable to import backend : nope'):
            keras.config.set_backend('nope')
    assert os.environ['KERAS_BACKEND'] == 'nope'        # Keras leaves it set, too
