"""``keras.datasets``: Keras's small example datasets, read from Keras's own cache.

Each module's ``load_data`` finds its file through ``keras.utils.get_file``
under the same name, URL and cache path as Keras 3 (``~/.keras/datasets`` or
``$KERAS_HOME/datasets``), so files Keras downloaded are reused, and returns
the same numpy arrays (dtypes, shapes, shuffling seeds, splits) as Keras.
"""
import importlib

_MODULES = ('boston_housing', 'california_housing', 'cifar10', 'cifar100', 'fashion_mnist', 'imdb', 'mnist',
            'reuters')


def __getattr__(name):
    if name in _MODULES:
        return importlib.import_module('.' + name, __name__)
    error = AttributeError("module 'keras.datasets' has no attribute '%s'" % (name,))     # Keras's text
    error.add_note('keras.datasets names: %s' % ', '.join(_MODULES))
    raise error


def __dir__():
    return list(_MODULES)


# ``from keras.datasets import *`` binds the dataset modules (mnist, ...), as Keras's does
__all__ = __dir__()
