"""Iterators fit / evaluate / predict do not read: Keras 3's get_data_adapter takes a tf.data Dataset, a
PyDataset or a generator (``types.GeneratorType``), and any other iterator (``iter(batches)``, a ``map``
object, ``itertools.cycle``, a class with ``__next__``, ``iter(dataset)``, ``dataset.as_numpy_iterator()``)
is its 'Unrecognized data type' ValueError, in TF 2.21 as in Keras. tf.data's own iterators are named
by TensorFlow's classes, as TF prints them.
"""
import types

from .py_dataset import PyDataset

# tapeflow's tf.data iterator classes -> TensorFlow's (module and class as TF 2.21 prints them)
_TF_CLASS_PATHS = {
    'framework.data.dataset_iterator.OwnedIterator': 'tensorflow.python.data.ops.iterator_ops.OwnedIterator',
    'framework.data.numpy_iterator.NumpyIterator': 'tensorflow.python.data.ops.dataset_ops.NumpyIterator',
}


def is_plain_iterator(x):
    """Whether ``x`` is an iterator Keras 3 does not read (any but a generator). fit's validation_data
    of one fails at the first validation, after an epoch has trained, as Keras makes its evaluation
    iterator there."""
    # (a PyDataset may be an iterator too: ImageDataGenerator.flow's, as Keras's legacy Iterator is)
    return not isinstance(x, (types.GeneratorType, PyDataset)) and hasattr(x, '__next__') and hasattr(x, '__iter__')


def refuse_plain_iterator(x):
    """Raise Keras 3's ValueError when ``x`` is an iterator that is no generator (Datasets and
    PyDatasets are no iterators: they are read before this matters)."""
    if not is_plain_iterator(x):
        return
    text = 'Unrecognized data type: x=%s (of type %s)' % (x, type(x))
    for ours, theirs in _TF_CLASS_PATHS.items():
        text = text.replace(ours, theirs)
    error = ValueError(text)
    error.add_note('Keras reads a tf.data.Dataset, a keras.utils.PyDataset or a Python generator: pass the '
                   'dataset itself, or wrap the iterator in a generator (`(batch for batch in it)`)')
    raise error
