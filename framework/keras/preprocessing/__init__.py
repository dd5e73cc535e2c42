"""``keras.preprocessing``, tf.keras's older home of ``sequence.pad_sequences``, ``text.Tokenizer``,
``image.ImageDataGenerator`` and the dataset helpers."""
from . import sequence  # noqa: F401  (pad_sequences, skipgrams, TimeseriesGenerator)
from . import text  # noqa: F401  (Tokenizer, text_to_word_sequence, ...)

# Keras 3 keeps these here too (the same functions as keras.utils'); loaded on first use.
_LAZY = {'image_dataset_from_directory': 'framework.keras.image_dataset',
         'text_dataset_from_directory': 'framework.keras.text_dataset',
         'timeseries_dataset_from_array': 'framework.keras.timeseries'}


def __getattr__(name):
    if name == 'image':       # ImageDataGenerator's iterators are PyDatasets: the layers package, on first use
        import importlib
        return importlib.import_module(__name__ + '.image')
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError("module 'keras.preprocessing' has no attribute %r" % name)


# ``from tensorflow.keras.preprocessing import *``: tf.keras's names (Keras 3's own lack ``text``)
__all__ = ['image', 'image_dataset_from_directory', 'sequence', 'text', 'text_dataset_from_directory',
           'timeseries_dataset_from_array']
