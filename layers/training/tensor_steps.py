"""A step count given as a tensor or a 0-d numpy array (``steps_per_epoch=train_ds.cardinality()``,
``evaluate(steps=np.array(2))``).

Keras 3's EpochIterator counts steps with Python's comparisons and ``range``, which take any object
with ``__index__``: TensorFlow's EagerTensor has one (its numpy value's), and so has a 0-d integer numpy
array, so an integer scalar is a count of batches there. Callbacks' ``params['steps']`` (the progress
bar's target) stay the object as given; a bar's arithmetic on an integer tensor then fails as TF 2.21's
does ('Cannot convert 0.85 to EagerTensor of dtype int32'), so only ``verbose=0`` runs one through.
A zero is falsy to Keras and reads as 'no count given'. Other tensors fail where ``range`` asks for the
index, in Python's words about TensorFlow's values.
"""
import numpy as np

from framework.tensor import Tensor
from framework.variable import Variable


def index_count(steps, iterable):
    """``steps`` as an int when it is an integer scalar tensor or 0-d integer array, else as given.

    ``iterable``: the data is a dataset, generator or PyDataset (Keras reads a vector's count through
    ``range`` there, through a division for arrays). Raises TypeError / AttributeError as TF 2.21 does for
    a variable, a float tensor or a tensor of more than one number."""
    if isinstance(steps, Variable):
        # TF's ResourceVariable has no __index__ (unlike its EagerTensor)
        raise TypeError("'ResourceVariable' object cannot be interpreted as an integer")
    if isinstance(steps, Tensor):
        value = np.asarray(steps.numpy())
        if value.ndim:
            raise TypeError('only integer scalar arrays can be converted to a scalar index' if iterable
                            else 'only 0-dimensional arrays can be converted to Python scalars')
        if not np.issubdtype(value.dtype, np.integer):
            scalar = type(value[()])
            name = scalar.__qualname__ if scalar.__module__ == 'builtins' else 'numpy.' + scalar.__name__
            raise AttributeError("'%s' object has no attribute '__index__'" % name)
        return int(value)
    if isinstance(steps, np.ndarray) and steps.ndim == 0 and np.issubdtype(steps.dtype, np.integer):
        return int(steps)
    return steps


def show_given_steps(data, given, count):
    """Let callbacks see a nonzero tensor / array count as it was given (negative_steps.reported_steps)."""
    data.shown_steps = given if count is not given and count else None
    return data
