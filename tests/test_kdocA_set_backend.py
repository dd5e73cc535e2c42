"""keras.config.set_backend('jax' / 'numpy' / 'torch' / 'openvino') raises the ModuleNotFoundError Keras 3.15
raises in TF 2.21's environment (Keras re-imports itself and its backend imports the package: the numpy
backend imports jax); an unknown name stays Keras's ValueError. The set_backend docstring's
keras.config.set_backend("jax") printed ModuleNotFoundError: No module named 'jax'."""
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


@pytest.mark.parametrize('backend, package', [('jax', 'jax'), ('numpy', 'jax'), ('torch', 'torch'),
                                              ('openvino', 'openvino')])
def test_kerases_other_backends_miss_their_package(backend, package):
    with pytest.warns(UserWarning):
        with pytest.raises(ModuleNotFoundError) as info:
            keras.config.set_backend(backend)
    assert str(info.value) == "No module named '%s'" % package and info.value.name == package
    assert os.environ['KERAS_BACKEND'] == backend


def test_an_unknown_backend_is_a_value_error():
    with pytest.warns(UserWarning):
        with pytest.raises(ValueError, match='^Unable to import backend : foo'):
            keras.config.set_backend('foo')
