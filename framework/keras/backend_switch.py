"""``keras.config.set_backend``: Keras 3's backend switch, where the only backend is TensorFlow's.

Keras sets ``KERAS_BACKEND``, warns, drops its modules from ``sys.modules`` and imports them again;
the ``keras`` module a program already holds keeps its settings (floatx, policies, name counters),
which is what a program that goes on using it sees. tapeflow runs Keras's TensorFlow backend only:
``'tensorflow'`` is accepted the same way, any other name raises Keras's ValueError for a backend
it cannot import, with a note saying why.
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
        ValueError: any other backend (Keras's 'Unable to import backend' text).
    """
    warnings.warn(_WARNING, stacklevel=2)
    os.environ['KERAS_BACKEND'] = backend
    if backend != 'tensorflow':
        error = ValueError('Unable to import backend : %s' % backend)
        error.add_note("tapeflow runs Keras's TensorFlow backend only; use keras.config.set_backend('tensorflow')")
        raise error
