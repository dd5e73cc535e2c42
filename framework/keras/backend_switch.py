"""``keras.config.set_backend``: Keras 3's backend switch, where the only backend is TensorFlow's.

Keras sets ``KERAS_BACKEND``, warns, drops its modules from ``sys.modules`` and imports them again;
the ``keras`` module a program already holds keeps its settings (floatx, policies, name counters),
which is what a program that goes on using it sees. tapeflow runs Keras's TensorFlow backend only:
``'tensorflow'`` is accepted the same way; Keras's other backends raise the ModuleNotFoundError of
their missing package (as Keras does where it is not installed), any other name Keras's ValueError,
each with a note saying why.
"""
import os
import warnings

_WARNING = ('Using `keras.config.set_backend` is dangerous and should be done carefully. Already-instantiated '
            'objects will not be converted. Thus, any layers / tensors / etc. already created will no longer be '
            'usable without errors. It is strongly recommended not to keep around any Keras-originated objects '
            'instances created before calling `set_backend()`. This includes any function or class instance that '
            'uses any Keras functionality. All such code needs to be re-executed after calling `set_backend()` and '
            're-importing all imported `keras` modules.')


def set_backend(backend):
    """Select Keras's backend: 'tensorflow' (tapeflow's).

    Raises:
        ModuleNotFoundError: 'jax', 'numpy', 'torch' or 'openvino' (their package, as Keras on TF 2.21).
        ValueError: any other backend (Keras's 'Unable to import backend' text).
    """
    warnings.warn(_WARNING, stacklevel=2)
    os.environ['KERAS_BACKEND'] = backend
    if backend == 'tensorflow':
        return None
    if backend in _NEEDS:
        # Keras re-imports itself and fails on the backend's own package: the numpy backend imports jax
        error = ModuleNotFoundError("No module named '%s'" % _NEEDS[backend], name=_NEEDS[backend])
    else:
        error = ValueError('Unable to import backend : %s' % backend)
    error.add_note("tapeflow runs Keras's TensorFlow backend only; use keras.config.set_backend('tensorflow')")
    raise error


# The package each of Keras 3.15's other backends imports first (as TF 2.21's environment, without them, reports)
_NEEDS = {'jax': 'jax', 'numpy': 'jax', 'torch': 'torch', 'openvino': 'openvino'}
