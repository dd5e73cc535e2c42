"""``keras.utils``: seeding, one-hot labels, batch structures, and (loaded on first use) serialization,
files, datasets, images and plotting helpers; see ``_LAZY`` for where each lives."""
import random as _python_random

import numpy as np

from framework import random as _framework_random
from framework.errors import noted as _noted
from framework.backend import to_host
from framework.ops import cast, one_hot, reshape
from framework.tensor import Tensor, convert_to_tensor

from .sequences import pad_sequences  # noqa: F401  (keras.utils.pad_sequences)


def set_random_seed(seed):
    """Seed Python's ``random``, numpy's global generator and ``framework.random`` at once.

    After it, weight initialization, dropout and ``fit``'s shuffling repeat exactly.
    Raises:
        ValueError: for a seed that is not an integer.
    """
    if not isinstance(seed, int):       # Keras 3's check and words: a numpy integer is refused, a bool is an int
        # format(), as Keras's f-string: a tensor seed prints its value (seed=3), not str(tensor)
        raise ValueError('Expected `seed` argument to be an integer. Received: seed={} (of type {})'
                         .format(seed, type(seed)))
    if not 0 <= seed <= 2 ** 32 - 1:       # Keras 3's words (numpy's seed range)
        raise ValueError('Seed must be between 0 and 2**32 - 1')
    from .seed_generator import reset_global_seed_generator
    reset_global_seed_generator()
    _python_random.seed(int(seed))
    np.random.seed(int(seed) % 2 ** 32)
    _framework_random.set_seed(int(seed))


def to_categorical(x, num_classes=None):
    """One-hot rows for integer class labels (a trailing axis of 1 is dropped first).

    Args:
        x: integer labels, any shape.
        num_classes: the number of classes (default: the largest label + 1).
    Returns:
        a float64 numpy array of shape x.shape + (num_classes,) (as Keras 3 makes it;
        fit casts it to float32), or a float32 tensor for a tensor.
    As Keras 3 (numpy): float labels are truncated toward zero (1.7 is class 1) and a negative
    label down to -num_classes counts from the end (-1 is the last class), as numpy indexes;
    a tensor goes through one_hot, where a label out of range gives a row of zeros.
    Raises:
        IndexError (numpy's, as in Keras): a label >= num_classes or < -num_classes.
    """
    if isinstance(x, Tensor):
        labels = x if x.ndim < 2 or x.shape[-1] != 1 else reshape(x, tuple(x.shape[:-1]))
        if num_classes is None:         # Keras hands None to one_hot, which TF refuses
            error = ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                               "to a Tensor.")
            error.add_note('to_categorical: a tensor of labels needs num_classes; pass num_classes, or a numpy '
                           'array of labels')
            raise error
        return one_hot(cast(labels, 'int64'), int(num_classes))
    try:        # Keras 3's np.array(x, dtype='int64'): text of digits passes; other text ValueError, None TypeError
        labels = np.array(x, dtype=np.int64)
    except (TypeError, ValueError) as error:
        error.add_note('to_categorical: labels must be integer class indices, got %s (dtype %s)'
                       % (repr(x)[:60], np.asarray(x).dtype))
        raise
    if labels.ndim > 1 and labels.shape[-1] == 1:
        labels = labels.reshape(labels.shape[:-1])
    if not num_classes:       # Keras 3: None and 0 both mean the largest label + 1 (no labels: numpy's ValueError)
        num_classes = int(labels.max()) + 1
    else:
        # Keras makes np.zeros((batch, num_classes)) first: numpy's words for a negative or non-integer count
        np.empty((0, num_classes))
    out_of_range = (labels < -num_classes) | (labels >= num_classes)
    if out_of_range.any():
        # numpy's IndexError in Keras's one-hot assignment names the first such label
        raise _noted(IndexError('index %d is out of bounds for axis 1 with size %d'
                                % (labels[out_of_range].flat[0], num_classes)),
                     'to_categorical: labels must lie in [0, %d), got values from %d to %d'
                     % (num_classes, labels.min(), labels.max()))
    out = np.zeros(labels.shape + (num_classes,), dtype=np.float64)
    np.put_along_axis(out, labels[..., None] % max(num_classes, 1), 1.0, axis=-1)
    return out


def normalize(x, axis=-1, order=2):
    """``x`` divided by its ``order``-norm along ``axis``; a numpy array in gives a numpy array out.

    A zero norm leaves its entries unchanged (numpy input); tensors go through
    ``keras.ops.normalize``, which floors the norm at epsilon.
    """
    if isinstance(x, np.ndarray):
        norm = np.atleast_1d(np.linalg.norm(x, order, axis))
        norm[norm == 0] = 1
        # Keras 3's ``axis = axis or -1``: axis=0 expands the norms at -1 too (for a (1, n) array the
        # result is (n, n)), kept for parity
        return x / np.expand_dims(norm, axis or -1)
    from .ops_nn import normalize as normalize_tensor
    return normalize_tensor(x, axis=axis, order=order)


# name -> 'module:attribute', imported on first use (the training loops, saving and data
# helpers pull in the layers package, which ``import framework`` must not).
_LAZY = {
    'pack_x_y_sample_weight': 'layers.training.batch_structure',
    'unpack_x_y_sample_weight': 'layers.training.batch_structure',
    'Progbar': 'layers.training.progbar', 'PyDataset': 'layers.training.py_dataset',
    'Sequence': 'layers.training.py_dataset', 'clear_session': 'framework.keras.backend',
    'standardize_dtype': 'framework.keras.backend', 'is_keras_tensor': 'framework.keras.backend',
    'CustomObjectScope': 'framework.keras.custom_objects', 'custom_object_scope': 'framework.keras.custom_objects',
    'get_custom_objects': 'framework.keras.custom_objects',
    'register_keras_serializable': 'layers.saving.registry', 'get_registered_name': 'layers.saving.registry',
    'get_registered_object': 'framework.keras.custom_objects',
    'serialize_keras_object': 'framework.keras.object_serialization',
    'deserialize_keras_object': 'framework.keras.moduleless_configs',     # keras.saving's: Keras 2 configs refused
    'get_source_inputs': 'framework.keras.source_inputs', 'Config': 'framework.keras.config_object',
    'get_file': 'framework.keras.files', 'split_dataset': 'framework.keras.dataset_split',
    'timeseries_dataset_from_array': 'framework.keras.timeseries',
    'text_dataset_from_directory': 'framework.keras.text_dataset',
    'audio_dataset_from_directory': 'framework.keras.audio_dataset',
    'image_dataset_from_directory': 'framework.keras.image_dataset',
    'img_to_array': 'framework.keras.images', 'array_to_img': 'framework.keras.images',
    'load_img': 'framework.keras.images', 'save_img': 'framework.keras.images',
    'plot_model': 'framework.keras.model_plot', 'model_to_dot': 'framework.keras.model_plot',
    'enable_interactive_logging': 'framework.keras.interactive_logging',
    'disable_interactive_logging': 'framework.keras.interactive_logging',
    'is_interactive_logging_enabled': 'framework.keras.interactive_logging',
    'FeatureSpace': 'layers.preprocessing.feature_space',
}


def __getattr__(name):
    if name == 'bounding_boxes':            # a namespace of its own (keras.utils.bounding_boxes.convert_format)
        import importlib
        return importlib.import_module('framework.keras.bounding_boxes')
    if name == 'legacy':                    # keras.utils.legacy is keras.legacy.saving's two functions
        import importlib
        return importlib.import_module('framework.keras.legacy.saving')
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError("module 'keras.utils' has no attribute %r" % (name,))


# What this module imports for its own use (Tensor, np, cast, ...) is no public name of Keras's
_IMPORTED = frozenset(('Tensor', 'cast', 'convert_to_tensor', 'np', 'one_hot', 'reshape',
                       'to_host'))


def __dir__():
    public = {n for n in globals() if not n.startswith('_')} - _IMPORTED
    return sorted(public | set(_LAZY) | {'bounding_boxes', 'legacy'})


# ``from keras.utils import *`` binds Keras's names (the lazy ones too), not only the few defined here
__all__ = __dir__()
