"""Saving and loading weights and whole models in HDF5, interchangeable with Keras 3.

``save_weights`` / ``load_weights``: Keras 3's ``.weights.h5`` layout (and
Keras 2's ``.h5`` layouts for reading). ``save_model`` / ``load_model``: a
``.keras`` archive or a ``.h5`` file holding the architecture, the weights,
the compile arguments and the optimizer's state. Writes are atomic; loads
are all or nothing and never run code from the file.
"""
from .h5_io import SavedFileError
from .model_file import load_model, save_model
from .registry import custom_object_scope, get_registered_name, get_registered_object, register_keras_serializable, \
    register_serializable
from .weight_plan import WeightsMismatchError
from .weights_file import load_weights, save_weights

__all__ = ['SavedFileError', 'WeightsMismatchError', 'custom_object_scope', 'get_registered_name',
           'get_registered_object', 'load_model', 'load_weights', 'register_keras_serializable',
           'register_serializable', 'save_model', 'save_weights']
