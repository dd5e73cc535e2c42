"""Saving and loading weights and whole models in HDF5, interchangeable with Keras 3.

Formats (every one of them readable by Keras 3.15, and Keras-made ones by us):

    model.save_weights('w.weights.h5')   Keras 3's .weights.h5 layout: ``layers/<class>/vars/<i>``,
                                         plus ``optimizer/vars/<i>`` once compiled. Other suffixes
                                         are refused, as Keras 3 refuses them.
    model.save('m.keras')                Keras 3's zip archive: config.json (architecture and
                                         compile arguments), metadata.json, and the weights and
                                         optimizer state in model.weights.h5 (an HDF5 file).
    model.save('m.h5')                   one HDF5 file in the layout Keras writes for .h5:
                                         model_config / training_config attributes, model_weights
                                         and optimizer_weights groups.
    load_weights(...)                    also reads Keras 2's .h5 layouts (by order or by_name).

Both model containers restore the optimizer's iteration count, learning rate
and slots, so training resumes exactly. Writes are atomic (temporary file,
fsync, ``os.replace``); loads validate everything before assigning anything
and never run code from the file: classes are found only in
``custom_objects``, the ``register_serializable`` registry or tapeflow itself.
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
