"""``keras``: tapeflow's training API under Keras 3's names.

``from framework import keras`` (or ``import framework.keras as keras``) and
then ``keras.layers.Dense``, ``keras.models.Sequential``, ``keras.optimizers.Adam``,
``keras.losses``, ``keras.metrics``, ``keras.callbacks``, ``keras.utils`` ...
Every submodule, and the ``layers`` and ``optim`` packages behind them, is
imported on first use.
"""
import importlib

from ..version import KERAS_VERSION as __version__  # noqa: F401  (the Keras API followed, 3.15.1)

_SUBMODULES = ('activations', 'applications', 'backend', 'callbacks', 'config', 'constraints', 'datasets',
               'dtype_policies', 'export', 'initializers', 'layers', 'legacy', 'losses', 'metrics', 'mixed_precision',
               'models',
               'ops', 'optimizers',
               'preprocessing', 'random', 'regularizers', 'saving', 'tree', 'utils', 'wrappers')
_TOP_LEVEL = {'Input': 'layers', 'InputLayer': 'layers', 'Layer': 'layers', 'Sequential': 'models',
              'Model': 'models', 'Variable': 'backend', 'KerasTensor': 'layers', 'InputSpec': 'layers',
              'Loss': 'losses', 'Metric': 'metrics', 'Optimizer': 'optimizers', 'Initializer': 'initializers',
              'Regularizer': 'regularizers', 'DTypePolicy': 'mixed_precision', 'name_scope': 'name_scopes',
              'FloatDTypePolicy': 'dtype_policies', 'RematScope': 'scopes', 'remat': 'scopes',
              'SymbolicScope': 'scopes', 'Operation': 'operation', 'Function': 'function',
              'StatelessScope': 'stateless_scope'}


def version():
    """The version string (``keras.version()``): the Keras API followed, as ``keras.__version__``."""
    return __version__


def __getattr__(name):
    if name in _SUBMODULES:
        return importlib.import_module('.' + name, __name__)
    if name in _TOP_LEVEL:
        return getattr(importlib.import_module('.' + _TOP_LEVEL[name], __name__), name)
    error = AttributeError("module 'keras' has no attribute '%s'" % (name,))
    error.add_note('keras names: %s' % ', '.join(sorted(_SUBMODULES + tuple(_TOP_LEVEL))))
    raise error


def __dir__():
    return sorted(_SUBMODULES + tuple(_TOP_LEVEL) + ('__version__', 'version', 'device'))


def device(device_name):
    """``with keras.device('cpu:0'):`` places what runs inside, as ``tf.device``."""
    from ..placement import device as _device
    return _device(device_name)


# ``from tensorflow.keras import *`` binds Keras's top-level names (layers, Model, Input, ...); without
# __all__ it bound only this file's globals (importlib). keras.InputLayer is tapeflow's extra, not listed.
__all__ = [name for name in __dir__() if name not in ('__version__', 'InputLayer')]
